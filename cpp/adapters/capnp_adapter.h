// Cap'n Proto 0.9.2 (Debian libcapnp-dev) on schemas/<d>/<d>.capnp. Its
// native objects (capnp_binding.h): a MessageBuilder filled from the records
// at setup, and a FlatArrayMessageReader over the bytes.
//   encode       the filled builder's segments written once into the
//                std::string every codec returns (lazy: the values are
//                already laid out).
//   decode       a FlatArrayMessageReader over the bytes in place and its
//                root (lazy: nothing is read until accessed).
//   convert      records -> a fresh builder -> records read back from it.
//   access_full  decode, then every field copied into the records.
//   access_lazy  the same reader; only the access fields are read, in place.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library CapnpLibrary();

}  // namespace serbench::adapters
