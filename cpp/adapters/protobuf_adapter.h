// Google's protobuf C++ runtime (Debian libprotobuf) on schemas/<d>/<d>.proto:
// records are copied into the generated messages and serialized; decoding
// parses and copies back. Variant `arena` allocates the messages on an Arena.
// The google_message documents are parsed into / serialized from protobuf's
// own generated benchmark messages (ProtobufDocuments / ProtobufArenaDocuments:
// the same lib and variant, the real datasets).
#pragma once

#include "cpp/adapters/document.h"

namespace serbench::adapters {

Library ProtobufLibrary();
Library ProtobufArenaLibrary();
DocumentLibrary ProtobufDocuments();
DocumentLibrary ProtobufArenaDocuments();

}  // namespace serbench::adapters
