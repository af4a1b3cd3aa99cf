// nlohmann-json's binary formats (Debian nlohmann-json3-dev): a JSON
// document's tree as nlohmann::json (the library's default type, keys sorted)
// written as MessagePack (to_msgpack) or CBOR (to_cbor) and read back into
// one, the schema-less binary formats fed the same tree as the JSON DOMs.
#pragma once

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

// variant schemaless, format msgpack / cbor: JSON documents only; encode,
// decode and round trip (no access_full: the access fields are JSON
// pointers read by the JSON DOMs).
DocumentLibrary NlohmannMsgpackLibrary();
DocumentLibrary NlohmannCborLibrary();

}  // namespace serbench::adapters
