// Cap'n Proto 0.9.2 (Debian libcapnp-dev) on schemas/<d>/<d>.capnp.
//   encode       a fresh MallocMessageBuilder per call (default first segment,
//                growing), built from the records, then its segments written
//                once into the std::string every codec returns.
//   decode       FlatArrayMessageReader over the bytes in place, then every
//                field copied into the records.
//   access_lazy  the same reader; only the access fields are read, in place.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library CapnpLibrary();

}  // namespace serbench::adapters
