// Boost.Serialization 1.74 (Debian libboost-serialization-dev), the portable
// binary archives (binary_oarchive / binary_iarchive) over the native records,
// used as most code uses them: the archive header and per-class version info
// included, so they are part of the wire size. Every struct goes through its
// one field description (describe.h); Boost 1.74 has no std::optional or
// std::variant support, so this adapter writes both (a presence flag, an
// alternative index). Lengths are trusted (a lying one is allocated before
// anything is read: std::bad_alloc) and enum numbers are not checked against
// the enum, so not `validates`.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library BoostSerializationLibrary();

}  // namespace serbench::adapters
