#include "cpp/robustness/decoders.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

#include "cpp/adapters/flatbuffers_adapter.h"
#include "cpp/adapters/flatbuffers_binding.h"
#include "cpp/adapters/protobuf_adapter.h"
#include "cpp/adapters/protobuf_binding.h"
#include "cpp/adapters/registry.h"
#include "cpp/model/datasets.h"
#include "cpp/model/diff.h"
#include "cpp/model/fixture.h"
#include "schemas/catalog/catalog.h"

namespace serbench::robustness {
namespace {

using Json = nlohmann::json;

// load(), with a missing or unreadable fixture reported as a driver bug.
template <typename F>
auto LoadOrProtocolError(F load) {
  try {
    return load();
  } catch (const std::exception& e) {
    throw ProtocolError(std::string("fixture: ") + e.what());
  }
}

// Fixtures are loaded on first use and kept (workers are long-lived).
template <typename R>
const std::vector<R>& Fixture(std::size_t size) {
  static auto* cache = new std::map<std::size_t, std::vector<R>>();
  auto it = cache->find(size);
  if (it == cache->end()) {
    it = cache->emplace(size, LoadOrProtocolError([&] { return model::LoadFixture<R>(size); }))
             .first;
  }
  return it->second;
}

const Json& FixtureJson(const std::string& dataset, std::size_t size) {
  static auto* cache = new std::map<std::string, Json>();
  const std::string path = model::FixturePath(dataset, size);
  auto it = cache->find(path);
  if (it == cache->end()) {
    it = cache->emplace(path, LoadOrProtocolError([&] {
                          return Json::parse(model::ReadRunfile(path));
                        })).first;
  }
  return it->second;
}

std::optional<std::string> VariantOf(const adapters::LibraryInfo& info) {
  if (info.variant.empty()) return std::nullopt;
  return info.variant;
}

// A suite library decoding into the native records, compared field by field
// with the fixture (model::FirstDifference).
class TypedDecoder final : public Decoder {
 public:
  TypedDecoder(adapters::Library library, std::optional<std::string> variant)
      : Decoder({library.info.lib, std::move(variant), library.info.format,
                 library.info.version, false}),
        library_(std::move(library)) {}

  Verdict Run(std::string_view bytes, const Input& input) const override {
    if (!input.dataset || input.expect != "fixture") {
      throw ProtocolError(info().lib + " is typed: it decodes only expect=fixture inputs");
    }
    return Dispatch<Verdict>(input.dataset, [&]<typename R>(R) { return RunAs<R>(bytes, input.size); });
  }

  void Decode(std::string_view bytes, const std::optional<std::string>& dataset) const override {
    Dispatch<bool>(dataset, [&]<typename R>(R) {
      library_.codec<R>().Decode(bytes);
      return true;
    });
  }

 private:
  // f(R{}) for the record type of `dataset`.
  template <typename T, typename F>
  static T Dispatch(const std::optional<std::string>& dataset, F f) {
    std::optional<T> result;
    model::ForEachDataset([&]<typename R>(R r) {
      if (dataset == R::kDataset) result = f(r);
    });
    if (!result) throw ProtocolError("unknown dataset " + dataset.value_or("null"));
    return *result;
  }

  template <typename R>
  Verdict RunAs(std::string_view bytes, std::size_t size) const {
    const std::vector<R>& want = Fixture<R>(size);
    const adapters::Codec<R>& codec = library_.codec<R>();
    std::vector<R> got;
    return Attempt([&] { got = codec.Decode(bytes); },
                   [&] { return Compared(model::FirstDifference(want, got)); });
  }

  adapters::Library library_;
};

// A JSON DOM library of the real documents: parses any JSON. For
// expect=fixture, its DOM is written back by the library and read by
// nlohmann (the suite's reference, as in json_document_codec.h) to compare.
class SchemalessDecoder final : public Decoder {
 public:
  explicit SchemalessDecoder(adapters::DocumentLibrary library)
      : Decoder({library.info.lib, VariantOf(library.info), library.info.format,
                 library.info.version, true}),
        open_(std::move(library.open)),
        parser_(Open({})) {}

  Verdict Run(std::string_view bytes, const Input& input) const override {
    const Json* want = nullptr;
    if (input.expect == "fixture") {
      if (!input.dataset) throw ProtocolError("expect=fixture needs a dataset");
      want = &FixtureJson(*input.dataset, input.size);
    }
    return Attempt([&] { parser_->Decode(bytes); },
                   [&] { return want ? Compared(Difference(*want, bytes)) : Accepted(); });
  }

  void Decode(std::string_view bytes, const std::optional<std::string>&) const override {
    parser_->Decode(bytes);
  }

 private:
  std::unique_ptr<const adapters::DocumentCodec> Open(std::vector<std::string> payloads) const {
    return open_(std::make_shared<const adapters::Document>(adapters::Document{
        .name = "input", .format = info().format, .payloads = std::move(payloads)}));
  }

  std::optional<std::string> Difference(const Json& want, std::string_view bytes) const {
    try {
      const Json got = Json::parse(Open({std::string(bytes)})->Encode(0));
      if (got == want) return std::nullopt;
      return "differs at " + Json::diff(want, got).at(0).value("path", std::string("/"));
    } catch (const std::exception& e) {
      return std::string("its DOM written back is not readable: ") + e.what();
    }
  }

  adapters::DocumentOpener open_;
  std::unique_ptr<const adapters::DocumentCodec> parser_;  // reused, as the bench does
};

// The hardened readers each library documents for untrusted input, as
// robustness-only variants beside the defaults (never timed by the bench).
// protobuf: CodedInputStream::SetRecursionLimit(32), below its default 100.
template <typename R>
using ProtobufHardenedCodec = adapters::NativeCodec<R, adapters::proto::Binding<R, false, 32>>;
// FlatBuffers: the Verifier's max_depth 32 (default 64) and max_tables
// 100,000 (default 1,000,000), both above what the largest fixture needs.
constexpr adapters::fbs::Limits kFlatbuffersHardened{.max_depth = 32, .max_tables = 100000};
template <typename R>
using FlatbuffersHardenedCodec =
    adapters::NativeCodec<R, adapters::fbs::Binding<R, true, kFlatbuffersHardened>>;

// The default library's info, as its hardened variant.
template <template <typename> class C>
adapters::Library Hardened(const adapters::Library& default_library) {
  adapters::LibraryInfo info = default_library.info;
  info.variant = "hardened";
  info.ops = {};
  info.missing_ops_reason = "robustness only (cpp/robustness): never timed";
  return adapters::MakeLibrary<C>(std::move(info));
}

std::shared_ptr<const Decoder> Typed(adapters::Library library,
                                     std::optional<std::string> variant) {
  return std::make_shared<const TypedDecoder>(std::move(library), std::move(variant));
}
std::shared_ptr<const Decoder> Typed(adapters::Library library) {
  auto variant = VariantOf(library.info);
  return Typed(std::move(library), std::move(variant));
}
std::shared_ptr<const Decoder> Schemaless(adapters::DocumentLibrary library) {
  return std::make_shared<const SchemalessDecoder>(std::move(library));
}

// The corpus's name for a suite library's default reader, where it says what the
// default does: flatbuffers runs its Verifier, then UnPack (the suite's decode); capnp
// reads with the default nesting and 64 MiB traversal limits.
std::optional<std::string> RobustnessVariant(const adapters::LibraryInfo& info) {
  if (!info.variant.empty()) return info.variant;
  if (info.lib == "flatbuffers") return "verify";
  if (info.lib == "capnp") return "limits";
  return std::nullopt;
}

bool InCorpus(const adapters::LibraryInfo& info) {
  return std::find(catalog::kCorpusFormats.begin(), catalog::kCorpusFormats.end(),
                   info.format) != catalog::kCorpusFormats.end();
}

std::vector<std::shared_ptr<const Decoder>> MakeDecoders() {
  std::vector<std::shared_ptr<const Decoder>> decoders;
  // Every suite library of a corpus format (the registry: adding a library adds it here).
  for (const adapters::Library& library : adapters::Libraries()) {
    if (InCorpus(library.info)) decoders.push_back(Typed(library, RobustnessVariant(library.info)));
  }
  // The JSON DOMs (a binary format's schema-less tree reads the JSON documents only).
  for (const adapters::DocumentLibrary& library : adapters::DocumentLibraries()) {
    if (library.info.format == "json" && library.info.variant == "schemaless") {
      decoders.push_back(Schemaless(library));
    }
  }
  // Robustness-only readers, never timed: flatbuffers without its Verifier, and the
  // hardened settings each library documents for untrusted input.
  decoders.push_back(Typed(adapters::FlatbuffersNoverifyLibrary()));
  decoders.push_back(Typed(Hardened<ProtobufHardenedCodec>(adapters::ProtobufLibrary())));
  decoders.push_back(Typed(Hardened<FlatbuffersHardenedCodec>(adapters::FlatbuffersLibrary())));
  return decoders;
}

}  // namespace

const std::vector<std::shared_ptr<const Decoder>>& Decoders() {
  static const auto* decoders = new std::vector<std::shared_ptr<const Decoder>>(MakeDecoders());
  return *decoders;
}

const Decoder* FindDecoder(std::string_view lib, const std::optional<std::string>& variant,
                           std::string_view format) {
  for (const auto& decoder : Decoders()) {
    const Decoder::Info& info = decoder->info();
    if (info.lib == lib && info.variant == variant && info.format == format) return decoder.get();
  }
  return nullptr;
}

std::string Seed(std::string_view format, std::string_view dataset, std::size_t size) {
  for (const adapters::Library& library : adapters::Libraries()) {
    if (library.info.format != format) continue;
    std::optional<std::string> seed;
    model::ForEachDataset([&]<typename R>(R) {
      if (dataset == R::kDataset) seed = library.codec<R>().Encode(Fixture<R>(size));
    });
    if (!seed) throw ProtocolError("unknown dataset " + std::string(dataset));
    return *seed;
  }
  throw ProtocolError("no library writes " + std::string(format));
}

}  // namespace serbench::robustness
