// JsonCpp 1.9 (Debian libjsoncpp-dev): records -> Json::Value DOM -> text and
// back, walked by tree_walk.h; the real JSON documents as Json::Value DOMs.
// One strict reader (RFC 8259: no comments, trailing commas or duplicate keys,
// nothing after the value; any value as the root) and one compact UTF-8
// writer (17 significant digits: every double comes back) per codec.
#pragma once

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

Library JsoncppLibrary();
// variant schemaless: the real JSON documents as Json::Value DOMs.
DocumentLibrary JsoncppSchemalessLibrary();

}  // namespace serbench::adapters
