// protobuf on a user's JSON document mapped to the user's own message
// (runner mine --proto): Document::prototype, a message of the generated code
// compiled from the user's .proto into a plugin the bench loads. The document
// goes through protobuf's standard JSON mapping (util::JsonStringToMessage);
// one whose top level is an array is a list of messages: in binary each one
// length-delimited and concatenated, in JSON one message a line (as in the
// Python suite). protobuf_adapter.cc opens it for the protobuf library's
// document entries: binary (heap and arena) and JSON (format json).
#pragma once

#include <memory>

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

// The document's messages in protobuf JSON (json) or binary (on an Arena per
// decode when arena); nullptr when the document has no prototype. Throws
// std::runtime_error with the mapping's own error when the document does not
// fit the message.
std::unique_ptr<const DocumentCodec> OpenUserMessages(std::shared_ptr<const Document> doc, bool json,
                                                      bool arena);

}  // namespace serbench::adapters
