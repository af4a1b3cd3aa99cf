// The one codec shape every C++ library adapter has, per dataset record type
// R. Capabilities, timed ops and lazy ops are data (LibraryInfo) that flow
// into the results.
//
// The operations (schemas/README.md, issue 15 option (a)). "Native" is the
// library's own objects: what encode starts from and decode returns.
//   encode       native -> bytes. The native objects are built untimed from
//                the fixture at setup.
//   decode       bytes -> native. No conversion to the model inside.
//   roundtrip    encode then decode (native -> bytes -> native).
//   convert      model -> native -> model in one call (code-generated
//                libraries only: the cost an application holding its own
//                structs pays on top of encode and decode).
//   access_full  decode, then the native objects converted to the model and
//                model::AccessAll read from it.
//   access_lazy  model::AccessAll read in place from the bytes (zero-copy
//                formats), after verification.
// A library supplies a *binding*: a type B with
//   ToNative(const std::vector<R>&)  -> Native      model -> native
//   Encode(const Native&)            -> std::string the timed encode
//   Decode(std::string_view)         -> Decoded     the timed decode (Decoded
//                                                   is Native or, Cap'n Proto,
//                                                   a reader over the bytes)
//   ToModel(const Native& / const Decoded&) -> std::vector<R> (or a const
//                                                   reference to it)
// and ToModel throws DecodeError for values the model cannot hold.
// Code-generated libraries (protobuf, FlatBuffers, Cap'n Proto, Thrift) are
// NativeCodec<R, B>. Model-first libraries (cereal, Boost, nlohmann,
// RapidJSON, simdjson, msgpack-cxx), whose native objects are the model
// itself, derive from Codec<R> and implement Encode / Decode on the records:
// Prepare then times those, with no convert op.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "cpp/model/datasets.h"
#include "cpp/model/diff.h"

namespace serbench::adapters {

struct LibraryInfo {
  std::string lib;      // the name in every case id, e.g. "protobuf"
  std::string format;   // e.g. "protobuf", "json"
  std::string variant = "";  // empty, or e.g. "arena", "compact"
  std::string version;  // the library version compiled in
  std::string home = "";  // its home page, which the docs link the version to
  // codegen | reflection | schemaless, then validates?, zero_copy?
  std::vector<std::string> capabilities;
  // The operations timed for this library: encode, decode, roundtrip,
  // access_full, convert (code-generated libraries), access_lazy (zero-copy).
  std::vector<std::string> ops;
  // Why an operation of the usual set is not timed (shown in the catalog).
  std::string missing_ops_reason = "";
  // op -> why it is lazy (a view over bytes, or bytes already laid out)
  // rather than fully materialized or serialized; empty: every op is full.
  std::map<std::string, std::string> lazy_ops = {};
};

inline const std::vector<std::string> kAllOps = {"encode", "decode", "roundtrip",
                                                 "access_full"};
// The ops of a code-generated library: kAllOps plus convert.
inline const std::vector<std::string> kCodegenOps = {"encode", "decode", "roundtrip",
                                                     "access_full", "convert"};

// Thrown by Decode for bytes that are not a valid payload.
class DecodeError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Keeps a result alive to the optimizer (what benchmark::DoNotOptimize does)
// without making adapters depend on Google Benchmark.
template <typename T>
inline void Keep(const T& value) {
  asm volatile("" : : "r"(&value) : "memory");
}

// One timed operation of one fixture: `run` is the timed call (its result
// kept), `check` runs the same functions once, untimed, and says how the
// result differs from the fixture (nullopt: it matches).
struct TimedOp {
  std::function<void()> run;
  std::function<std::optional<std::string>()> check;
};

// Every timed operation of a library on one fixture, built untimed.
struct PreparedOps {
  std::size_t wire_bytes = 0;  // the payload decode reads
  std::map<std::string, TimedOp> ops;
};

// The first difference between the fixture and `got`, or what `f` threw.
template <typename R, typename F>
std::optional<std::string> Compare(const std::vector<R>& want, F got) {
  try {
    return model::FirstDifference(want, got());
  } catch (const std::exception& e) {
    return std::string("threw: ") + e.what();
  }
}

template <typename R>
class Codec {
 public:
  virtual ~Codec() = default;

  // Untimed paths (checks, interop, robustness): the records -> the payload
  // {records: [...]} and back, through the library's own objects.
  virtual std::string Encode(const std::vector<R>& records) const = 0;
  // Throws DecodeError on invalid bytes.
  virtual std::vector<R> Decode(std::string_view bytes) const = 0;
  // The timed ops on `fixture`. They refer to this codec: keep it alive.
  virtual PreparedOps Prepare(std::shared_ptr<const std::vector<R>> fixture) const {
    return Ops(ModelFirst{this}, std::move(fixture));
  }
  // Zero-copy formats: model::AccessAll computed in place, after verifying.
  virtual std::uint64_t AccessLazy(std::string_view) const {
    throw std::logic_error("no lazy access");
  }

 protected:
  // A model-first library's binding: its native objects are the records.
  struct ModelFirst {
    const Codec* codec;
    std::vector<R> ToNative(const std::vector<R>& records) const { return records; }
    std::string Encode(const std::vector<R>& records) const { return codec->Encode(records); }
    std::vector<R> Decode(std::string_view bytes) const { return codec->Decode(bytes); }
    const std::vector<R>& ToModel(const std::vector<R>& records) const { return records; }
  };

  // The ops of binding `b` (see the top of this file), native objects and
  // payload built here, once.
  template <typename B>
  PreparedOps Ops(B b, std::shared_ptr<const std::vector<R>> fixture) const {
    using Native = decltype(b.ToNative(*fixture));
    const auto native = std::make_shared<const Holder<Native>>([&] { return b.ToNative(*fixture); });
    const auto payload = std::make_shared<const std::string>(b.Encode(native->value));
    const std::uint64_t access = model::AccessAll(*fixture);
    PreparedOps prepared{.wire_bytes = payload->size(), .ops = {}};
    const auto decoded = [b, payload] { return b.ToModel(b.Decode(*payload)); };
    const auto round = [b, native] { return b.ToModel(b.Decode(b.Encode(native->value))); };
    prepared.ops["encode"] = {[b, native] { Keep(b.Encode(native->value)); },
                              [fixture, round] { return Compare(*fixture, round); }};
    prepared.ops["decode"] = {[b, payload] { Keep(b.Decode(*payload)); },
                              [fixture, decoded] { return Compare(*fixture, decoded); }};
    prepared.ops["roundtrip"] = {[b, native] { Keep(b.Decode(b.Encode(native->value))); },
                                 [fixture, round] { return Compare(*fixture, round); }};
    prepared.ops["access_full"] = {
        [b, payload] { Keep(model::AccessAll(b.ToModel(b.Decode(*payload)))); },
        [fixture, decoded] { return Compare(*fixture, decoded); }};
    prepared.ops["access_lazy"] = {[this, payload] { Keep(AccessLazy(*payload)); },
                                   [this, payload, access]() -> std::optional<std::string> {
                                     const std::uint64_t got = AccessLazy(*payload);
                                     if (got == access) return std::nullopt;
                                     return "access_lazy: want " + std::to_string(access) +
                                            ", got " + std::to_string(got);
                                   }};
    if constexpr (!std::is_same_v<Native, std::vector<R>>) {
      const auto convert = [b, fixture] { return b.ToModel(b.ToNative(*fixture)); };
      prepared.ops["convert"] = {[convert] { Keep(convert()); },
                                 [fixture, convert] { return Compare(*fixture, convert); }};
    }
    return prepared;
  }

 private:
  // Holds a native object built in place from make() (some are neither
  // copyable nor movable: an Arena, a MessageBuilder).
  template <typename T>
  struct Holder {
    template <typename F>
    explicit Holder(F make) : value(make()) {}
    T value;
  };
};

// A code-generated library: binding B (default-constructible) for records R.
template <typename R, typename B>
class NativeCodec : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    return B::Encode(B::ToNative(records));
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    return B::ToModel(B::Decode(bytes));
  }
  PreparedOps Prepare(std::shared_ptr<const std::vector<R>> fixture) const override {
    return this->Ops(B{}, std::move(fixture));
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
