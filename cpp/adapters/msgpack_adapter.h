// msgpack-cxx 4.1 (Debian libmsgpack-cxx-dev) in map mode: the canonical
// JSON tree encoded as MessagePack (string keys; floats as float64, as
// Python's msgpack writes them). Encode packs with msgpack::packer; decode
// unpacks into msgpack::object (its zone-allocated tree) and reads it.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library MsgpackLibrary();

}  // namespace serbench::adapters
