// nlohmann-json (Debian nlohmann-json3-dev): records -> json DOM -> text and
// back, through the canonical conventions of cpp/model/canonical_json.h.
#pragma once

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

Library NlohmannLibrary();
// variant schemaless: the real JSON documents as nlohmann::json DOMs.
DocumentLibrary NlohmannSchemalessLibrary();

}  // namespace serbench::adapters
