// The one interface every C++ library adapter implements, per dataset record
// type R: native records <-> bytes. Capabilities and timed operations are
// data (LibraryInfo) that flow into the results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cpp/model/datasets.h"

namespace serbench::adapters {

struct LibraryInfo {
  std::string lib;      // the name in every case id, e.g. "protobuf"
  std::string format;   // e.g. "protobuf", "json"
  std::string variant = "";  // empty, or e.g. "arena", "object_api"
  std::string version;  // the library version compiled in
  // codegen | reflection | schemaless, then validates?, zero_copy?
  std::vector<std::string> capabilities;
  // The operations timed for this library: encode, decode, roundtrip,
  // access_full, and access_lazy for zero-copy formats.
  std::vector<std::string> ops;
  // Why an operation of the usual set is not timed (shown in the catalog).
  std::string missing_ops_reason = "";
};

inline const std::vector<std::string> kAllOps = {"encode", "decode", "roundtrip",
                                                 "access_full"};

// Thrown by Decode for bytes that are not a valid payload.
class DecodeError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename R>
class Codec {
 public:
  virtual ~Codec() = default;

  // The payload {records: [...]}. Bytes are carried in std::string.
  virtual std::string Encode(const std::vector<R>& records) const = 0;
  // Fully materializes the records; throws on invalid bytes.
  virtual std::vector<R> Decode(std::string_view bytes) const = 0;
  // What a decode case times. The default is Decode; a variant whose
  // library objects are not the model (FlatBuffers' object API) times its
  // own materialization and is verified through Decode.
  virtual std::size_t Materialize(std::string_view bytes) const { return Decode(bytes).size(); }
  // Zero-copy formats: model::AccessAll computed in place, after verifying.
  virtual std::uint64_t AccessLazy(std::string_view) const {
    throw std::logic_error("no lazy access");
  }
};

template <typename R>
using CodecPtr = std::shared_ptr<const Codec<R>>;

// CodecPtr<R> for every R of model::Records.
template <typename Tuple>
struct CodecsOf;
template <typename... R>
struct CodecsOf<std::tuple<R...>> {
  using type = std::tuple<CodecPtr<R>...>;
};

// One library (or variant): its metadata and its codec for every dataset.
struct Library {
  LibraryInfo info;
  CodecsOf<model::Records>::type codecs;

  template <typename R>
  const Codec<R>& codec() const {
    return *std::get<CodecPtr<R>>(codecs);
  }
  bool Times(std::string_view op) const {
    for (const std::string& o : info.ops) {
      if (o == op) return true;
    }
    return false;
  }
};

template <template <typename> class C, typename R>
void MakeCodec(std::shared_ptr<const Codec<R>>& codec) {
  codec = std::make_shared<const C<R>>();
}

// A Library from a codec class template C<R>, instantiated for every dataset.
template <template <typename> class C>
Library MakeLibrary(LibraryInfo info) {
  Library library{std::move(info), {}};
  std::apply([](auto&... codec) { (MakeCodec<C>(codec), ...); }, library.codecs);
  return library;
}

}  // namespace serbench::adapters
