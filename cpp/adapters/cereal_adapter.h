// cereal 1.3.2 (Debian libcereal-dev, header-only), BinaryOutputArchive /
// BinaryInputArchive over the native records: every struct is serialized
// through its one field description (describe.h), so no per-struct code.
// The binary archive is cereal's fastest and least checked: native
// endianness, no field names, lengths trusted up to the input's end, enum
// numbers not checked against the enum (so not `validates`).
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library CerealLibrary();

}  // namespace serbench::adapters
