// msgpack-cxx 4.1 (Debian libmsgpack-cxx-dev) in map mode: the canonical
// JSON tree encoded as MessagePack (string keys; floats as float64, as
// Python's msgpack writes them). Encode packs with msgpack::packer; decode
// unpacks into msgpack::object (its zone-allocated tree) and reads it.
// MsgpackSchemalessLibrary (variant schemaless): a JSON document's tree as
// msgpack::object (binary_tree_document.h: the tree nlohmann's binary formats
// are fed), packed, and unpacked back into msgpack::object.
#pragma once

#include "cpp/adapters/codec.h"
#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

Library MsgpackLibrary();
DocumentLibrary MsgpackSchemalessLibrary();

}  // namespace serbench::adapters
