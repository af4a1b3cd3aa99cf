// simdjson 3.0 (Debian libsimdjson-dev), On-Demand API: parse and read
// straight into the records (decode and access_full only: simdjson has no
// serializer, so its payload is the canonical JSON written by nlohmann).
// The parser is reused across calls, as simdjson recommends; each decode
// copies the input into a reused buffer with SIMDJSON_PADDING spare bytes.
#pragma once

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

Library SimdjsonLibrary();
// variant schemaless: the real JSON documents with the DOM API (dom::parser,
// reused); encode is simdjson::minify of the DOM.
DocumentLibrary SimdjsonSchemalessLibrary();

}  // namespace serbench::adapters
