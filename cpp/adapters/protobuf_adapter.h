// Google's protobuf C++ runtime (Debian libprotobuf) on schemas/<d>/<d>.proto:
// records are copied into the generated messages and serialized; decoding
// parses and copies back. Variant `arena` allocates the messages on an Arena.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library ProtobufLibrary();
Library ProtobufArenaLibrary();

}  // namespace serbench::adapters
