// RapidJSON 1.1 (Debian rapidjson-dev): encode through its Writer (SAX),
// decode through a Document (DOM) parsed with full double precision and
// UTF-8 validation, both walked by tree_walk.h.
#pragma once

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

Library RapidjsonLibrary();
// variant schemaless: the real JSON documents as rapidjson::Document DOMs.
DocumentLibrary RapidjsonSchemalessLibrary();

}  // namespace serbench::adapters
