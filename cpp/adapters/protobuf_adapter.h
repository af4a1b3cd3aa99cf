// Google's protobuf C++ runtime (Debian libprotobuf) on schemas/<d>/<d>.proto.
// The native objects are the generated Payload message (protobuf_binding.h):
// encode serializes one filled at setup, decode parses into a fresh one,
// convert copies the records into one and back. Variant `arena` allocates
// the messages on an Arena.
// The google_message documents are parsed into / serialized from protobuf's
// own generated benchmark messages (ProtobufDocuments / ProtobufArenaDocuments:
// the same lib and variant, the real datasets). A user's document given with
// its .proto is its message (user_messages.h) in binary (heap and arena) and
// in protobuf JSON (ProtobufJsonDocuments, format json).
#pragma once

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

Library ProtobufLibrary();
Library ProtobufArenaLibrary();
DocumentLibrary ProtobufDocuments();
DocumentLibrary ProtobufArenaDocuments();
DocumentLibrary ProtobufJsonDocuments();

}  // namespace serbench::adapters
