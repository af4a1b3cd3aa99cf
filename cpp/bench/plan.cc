#include "cpp/bench/plan.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <gnu/libc-version.h>
#include <memory>
#include <set>
#include <stdexcept>
#include <tuple>

#include <benchmark/benchmark.h>

#include "cpp/adapters/document_loader.h"
#include "cpp/adapters/registry.h"
#include "cpp/model/datasets.h"
#include "cpp/bench/proto_plugin.h"
#include "cpp/model/fixture.h"
#include "schemas/catalog/catalog.h"

namespace serbench::bench {
namespace {

using adapters::Codec;
using adapters::Document;
using adapters::DocumentCodec;
using adapters::DocumentLibrary;
using adapters::Library;
using adapters::LibraryInfo;

constexpr char kMemcpy[] = "memcpy";
// Every op a serialization library can have (the catalog's); convert only
// code-generated ones, access_lazy only zero-copy ones.
std::vector<std::string> AllOps() { return {catalog::kOps.begin(), catalog::kOps.end()}; }

template <typename T>
void Sink(T&& value) {
  benchmark::DoNotOptimize(value);
  benchmark::ClobberMemory();
}

bool Selected(const std::optional<std::string>& filter, const std::string& name) {
  return !filter || *filter == name;
}

// Whether the filter plans a library: --library, and the libraries --cases names.
bool Wanted(const Filter& filter, const std::string& lib) {
  return Selected(filter.library, lib) && (filter.libraries.empty() || filter.libraries.contains(lib));
}

// Allocations and peak heap of one operation (when `count`), after a first call:
// first-use caches and lazy statics are not the op's cost.
void Probe(PlannedCase& p, bool count) {
  p.op();
  if (!count) return;
  const AllocScope scope;
  p.op();
  p.allocs = scope.count();
}

bool Times(const LibraryInfo& info, const std::string& op) {
  return std::find(info.ops.begin(), info.ops.end(), op) != info.ops.end();
}

std::string NotTimedReason(const LibraryInfo& info, const std::string& op) {
  if (op == "access_lazy" && Times(info, "access_full")) {
    return info.format + " is not read in place; see access_full";
  }
  if (op == "convert" && Times(info, "encode") && !Times(info, "convert")) {
    return "model-first library: its own objects are the records, nothing to convert";
  }
  return info.missing_ops_reason;
}

PlannedCase Planned(const LibraryInfo& info, const std::string& dataset, std::size_t size,
                    const std::string& op) {
  return {.c = {.dataset = dataset, .size = size, .op = op, .format = info.format,
                .lib = info.lib, .variant = info.variant},
          .status = "measured"};
}

// Every op of a library that cannot represent the dataset at all
// (not_applicable) or is not built (not_measured).
void PlanUntimed(const LibraryInfo& info, const std::string& dataset, std::size_t size,
                 const std::string& status, const std::string& reason, Plan& plan) {
  for (const std::string& op : AllOps()) {
    PlannedCase p = Planned(info, dataset, size, op);
    p.status = status;
    p.reason = reason;
    plan.cases.push_back(std::move(p));
  }
}

// Sets p's status and, when measured, its timed op and (unless filter.verified)
// allocation count.
void Decide(PlannedCase& p, const LibraryInfo& info, const std::optional<std::string>& error,
            const std::function<std::function<void()>()>& make_op, const Filter& filter) {
  if (!Times(info, p.c.op)) {
    p.status = "not_applicable";
    p.reason = NotTimedReason(info, p.c.op);
  } else if (filter.verified && !filter.verified->contains(CaseId(p.c))) {
    p.status = "not_measured";  // the checking worker's catalog says why
    p.reason = "not measured by the worker that checked it";
  } else if (error) {
    p.status = "refused";
    p.reason = *error;
  } else {
    p.op = make_op();
    Probe(p, !filter.verified);
  }
}

// The library's ops on this fixture (native objects and payload built
// here, untimed); each op is checked before it may be timed, and refused
// alone when its check fails.
template <typename R>
void PlanLibrary(const Library& library, std::shared_ptr<const std::vector<R>> records,
                 const Filter& filter, Plan& plan) {
  adapters::PreparedOps prepared;
  std::optional<std::string> setup_error;
  try {
    prepared = library.codec<R>().Prepare(records);
  } catch (const std::exception& e) {
    setup_error = std::string("round trip threw: ") + e.what();
  }
  for (const std::string& op : AllOps()) {
    PlannedCase p = Planned(library.info, std::string(R::kDataset), records->size(), op);
    p.wire_bytes = prepared.wire_bytes;
    const auto it = prepared.ops.find(op);
    std::optional<std::string> error = setup_error;
    if (!error && !filter.verified && Times(library.info, op)) error = it->second.check();
    Decide(p, library.info, error, [&] { return it->second.run; }, filter);
    if (p.op && op == "encode") {
      // The library's untimed encode of the same records: the bytes the op writes.
      p.payload = [&codec = library.codec<R>(), records] { return codec.Encode(*records); };
    }
    plan.cases.push_back(std::move(p));
  }
}

// A document op loops over the document's payloads (one in every dataset so far).
std::function<void()> DocumentOp(std::shared_ptr<const DocumentCodec> codec, const std::string& op,
                                 std::shared_ptr<const Document> doc) {
  const std::size_t n = doc->payloads.size();
  if (op == "encode") {
    return [codec, n] { for (std::size_t i = 0; i < n; ++i) Sink(codec->Encode(i)); };
  }
  if (op == "decode") {
    return [codec, doc, n] {
      for (std::size_t i = 0; i < n; ++i) Sink(codec->Decode(codec->Input(*doc, i)));
    };
  }
  if (op == "roundtrip") {
    return [codec, n] {
      for (std::size_t i = 0; i < n; ++i) Sink(codec->Decode(codec->Encode(i)));
    };
  }
  return [codec, doc, n] {
    for (std::size_t i = 0; i < n; ++i) Sink(codec->AccessFull(codec->Input(*doc, i)));
  };
}

// What decode reads: the document, or the library's own encoding of it.
std::size_t InputBytes(const DocumentCodec* codec, const Document& doc) {
  if (codec == nullptr) return doc.bytes();
  std::size_t n = 0;
  for (std::size_t i = 0; i < doc.payloads.size(); ++i) n += codec->Input(doc, i).size();
  return n;
}

// Opening (parsing the document once) and the round-trip check are setup.
// `size`: 1 for a real document, the fixture's records for a synthetic one.
void PlanDocument(const DocumentLibrary& library, std::shared_ptr<const Document> doc,
                  std::size_t size, const Filter& filter, Plan& plan) {
  const bool decode_only = filter.decode_only == doc->name;
  std::shared_ptr<const DocumentCodec> codec;
  std::optional<std::string> error;
  try {
    codec = library.open(doc);
    if (codec != nullptr && !filter.verified) error = codec->RoundTripError();
  } catch (const std::exception& e) {
    error = std::string("round trip threw: ") + e.what();
  }
  if (codec == nullptr && !error) {
    const bool declined = doc->format == library.info.format && !library.not_applicable.empty();
    return PlanUntimed(library.info, doc->name, size, "not_applicable",
                       declined ? library.not_applicable
                                : library.info.format + " library; " + doc->name + " is a " +
                                      doc->format + " document",
                       plan);
  }
  for (const std::string& op : AllOps()) {
    PlannedCase p = Planned(library.info, doc->name, size, op);
    p.wire_bytes = InputBytes(codec.get(), *doc);
    if (decode_only && op != "decode" && Times(library.info, op)) {
      p.status = "not_measured";
      p.reason = filter.decode_only_reason;
      plan.cases.push_back(std::move(p));
      continue;
    }
    Decide(p, library.info, error, [&] { return DocumentOp(codec, op, doc); }, filter);
    if (p.op && op == "encode") {
      p.payload = [codec, n = doc->payloads.size()] {
        std::string bytes;
        for (std::size_t i = 0; i < n; ++i) bytes += codec->Encode(i);
        return bytes;
      };
      // What encode writes (the library's own output), not the text decode parses.
      p.wire_bytes = p.payload().size();
    }
    plan.cases.push_back(std::move(p));
  }
}

const Library& Protobuf() {
  for (const Library& library : adapters::Libraries()) {
    if (library.info.lib == "protobuf" && library.info.variant.empty()) return library;
  }
  throw std::logic_error("the registry has no protobuf library");
}

// The physical floor: copying `bytes` into a buffer allocated beforehand.
void PlanMemcpy(const std::string& dataset, std::size_t size, std::string bytes, const Filter& filter,
                Plan& plan) {
  auto src = std::make_shared<const std::string>(std::move(bytes));
  auto dst = std::make_shared<std::string>(src->size(), '\0');
  PlannedCase p{.c = {.dataset = dataset, .size = size, .op = kMemcpy, .format = "raw",
                      .lib = kMemcpy},
                .status = "measured", .wire_bytes = src->size()};
  p.op = [src, dst] {
    std::memcpy(dst->data(), src->data(), src->size());
    Sink(dst->data());
  };
  Probe(p, !filter.verified);
  plan.cases.push_back(std::move(p));
}

template <typename L>
bool Has(const std::vector<L>& libraries, const LibraryInfo& info) {
  return std::any_of(libraries.begin(), libraries.end(), [&](const L& l) {
    return l.info.lib == info.lib && l.info.variant == info.variant;
  });
}

// The same library entry: (lib, format, variant), as the catalog lists them.
template <typename L>
bool HasEntry(const std::vector<L>& libraries, const LibraryInfo& info) {
  return std::any_of(libraries.begin(), libraries.end(), [&](const L& l) {
    return l.info.lib == info.lib && l.info.format == info.format && l.info.variant == info.variant;
  });
}

// Synthetic datasets: the memcpy floor is as many bytes as the protobuf payload.
// The typed libraries time the records; the document libraries that are not
// also typed ones (the schema-less JSON DOMs) time the canonical JSON fixture
// as a document.
template <typename R>
void PlanDataset(const Filter& filter, Plan& plan) {
  const std::string dataset(R::kDataset);
  for (std::size_t size : model::kSizes) {
    const auto records = std::make_shared<const std::vector<R>>(model::LoadFixture<R>(size));
    if (Wanted(filter, kMemcpy)) {
      PlanMemcpy(dataset, size, Protobuf().codec<R>().Encode(*records), filter, plan);
    }
    for (const Library& library : adapters::Libraries()) {
      if (Wanted(filter, library.info.lib)) PlanLibrary(library, records, filter, plan);
    }
    const auto doc = adapters::SyntheticDocument(dataset, size);
    for (const DocumentLibrary& library : adapters::DocumentLibraries()) {
      if (Wanted(filter, library.info.lib) && !Has(adapters::Libraries(), library.info)) {
        PlanDocument(library, doc, size, filter, plan);
      }
    }
    for (const adapters::UnbuiltLibrary& library : adapters::UnbuiltLibraries()) {
      if (Wanted(filter, library.info.lib)) {
        PlanUntimed(library.info, dataset, size, "not_measured",
                    library.reason, plan);
      }
    }
  }
}

// Real documents: the memcpy floor is the document's own bytes.
void PlanRealDocument(const std::shared_ptr<const adapters::Document>& doc, const Filter& filter,
                      Plan& plan) {
  const std::string& name = doc->name;
  if (Wanted(filter, kMemcpy)) {
    std::string bytes;
    for (const std::string& p : doc->payloads) bytes += p;
    PlanMemcpy(name, 1, std::move(bytes), filter, plan);
  }
  for (const DocumentLibrary& library : adapters::DocumentLibraries()) {
    if (Wanted(filter, library.info.lib)) PlanDocument(library, doc, 1, filter, plan);
  }
  for (const Library& library : adapters::Libraries()) {
    if (Wanted(filter, library.info.lib) &&
        !Has(adapters::DocumentLibraries(), library.info)) {
      PlanUntimed(library.info, name, 1, "not_applicable",
                  "maps the synthetic datasets' typed records; " + name +
                      " has no such model here", plan);
    }
  }
}

// Every library (lib, variant) of both registries, in registry order.
std::vector<LibraryInfo> AllLibraries() {
  std::vector<LibraryInfo> all;
  for (const Library& library : adapters::Libraries()) all.push_back(library.info);
  for (const DocumentLibrary& library : adapters::DocumentLibraries()) {
    if (!HasEntry(adapters::Libraries(), library.info)) all.push_back(library.info);
  }
  for (const adapters::UnbuiltLibrary& library : adapters::UnbuiltLibraries()) {
    all.push_back(library.info);
  }
  return all;
}

}  // namespace

void CheckKnown(const std::optional<std::string>& name, const std::vector<std::string>& known,
                const std::string& what) {
  if (!name || std::find(known.begin(), known.end(), *name) != known.end()) return;
  std::string list;
  for (const std::string& k : known) list += " " + k;
  throw std::invalid_argument("unknown " + what + " " + *name + "; known:" + list);
}

std::vector<std::string> KnownLibraries() {
  std::vector<std::string> names = {kMemcpy};
  for (const LibraryInfo& info : AllLibraries()) {
    if (std::find(names.begin(), names.end(), info.lib) == names.end()) names.push_back(info.lib);
  }
  return names;
}

std::vector<std::string> KnownDatasets() {
  std::vector<std::string> names;
  model::ForEachDataset([&]<typename R>(R) { names.emplace_back(R::kDataset); });
  for (const std::string& name : adapters::DocumentNames()) names.push_back(name);
  return names;
}

Plan PlanSuite(const Filter& filter) {
  CheckKnown(filter.library, KnownLibraries(), "library");
  if (!filter.document) CheckKnown(filter.dataset, KnownDatasets(), "dataset");
  Plan plan;
  if (Wanted(filter, kMemcpy)) {
    plan.libraries.push_back({.lib = kMemcpy, .format = "raw", .version = gnu_get_libc_version(),
                              .capabilities = {"schemaless"}, .ops = {kMemcpy}});
  }
  for (const LibraryInfo& info : AllLibraries()) {
    if (Wanted(filter, info.lib)) plan.libraries.push_back(info);
  }
  if (filter.document) {
    const google::protobuf::Message* prototype =
        filter.proto_plugin ? &LoadPrototype(*filter.proto_plugin, filter.message.value_or("")) : nullptr;
    PlanRealDocument(
        adapters::UserDocument(filter.dataset.value_or("mine"), *filter.document, prototype), filter,
        plan);
    return plan;
  }
  model::ForEachDataset([&]<typename R>(R) {
    if (Selected(filter.dataset, std::string(R::kDataset))) PlanDataset<R>(filter, plan);
  });
  for (const std::string& name : adapters::DocumentNames()) {
    if (Selected(filter.dataset, name)) PlanRealDocument(adapters::LoadDocument(name), filter, plan);
  }
  return plan;
}

void WritePayloads(const Plan& plan, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  for (const PlannedCase& p : plan.cases) {
    if (!p.payload) continue;
    const std::filesystem::path path = dir / PayloadFileName(p.c);
    std::ofstream out(path, std::ios::binary);
    const std::string bytes = p.payload();
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
  }
}

void KeepListed(Plan& plan, const std::set<std::string>& ids) {
  std::erase_if(plan.cases, [&](const PlannedCase& p) { return !ids.contains(CaseId(p.c)); });
}

}  // namespace serbench::bench
