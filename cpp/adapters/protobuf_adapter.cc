#include "cpp/adapters/protobuf_adapter.h"

#include <map>
#include <memory>

#include <google/protobuf/arena.h>
#include <google/protobuf/stubs/common.h>
#include <google/protobuf/util/message_differencer.h>

#include "cpp/adapters/protobuf_binding.h"
#include "cpp/adapters/registry.h"
#include "cpp/adapters/user_messages.h"
#include "schemas/google_message/benchmark_message1_proto2.pb.h"
#include "schemas/google_message/benchmark_message1_proto3.pb.h"
#include "schemas/google_message/benchmark_message2.pb.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://protobuf.dev/";

using google::protobuf::Arena;
using Generated = google::protobuf::Message;  // a generated message, by its base

template <typename R>
using HeapCodec = NativeCodec<R, proto::Binding<R, false>>;
template <typename R>
using ArenaCodec = NativeCodec<R, proto::Binding<R, true>>;

// The generated message types a google_message dataset may name.
const Generated* Prototype(const std::string& name) {
  static const auto* prototypes = new std::map<std::string, const Generated*>{
      {"benchmarks.proto2.GoogleMessage1", &benchmarks::proto2::GoogleMessage1::default_instance()},
      {"benchmarks.proto3.GoogleMessage1", &benchmarks::proto3::GoogleMessage1::default_instance()},
      {"benchmarks.proto2.GoogleMessage2", &benchmarks::proto2::GoogleMessage2::default_instance()},
  };
  const auto it = prototypes->find(name);
  return it == prototypes->end() ? nullptr : it->second;
}

// A fresh message of the prototype's type, on the heap or on `arena`.
std::unique_ptr<Generated, void (*)(Generated*)> New(const Generated& prototype, Arena* arena) {
  if (arena != nullptr) return {prototype.New(arena), [](Generated*) {}};  // freed with the arena
  return {prototype.New(), [](Generated* m) { delete m; }};
}

// The payloads of one google_message dataset: decode parses into a fresh
// message (heap, or a fresh Arena for the arena variant), encode serializes
// the messages parsed at setup.
template <bool kArena>
class ProtobufDocument final : public DocumentCodec {
 public:
  ProtobufDocument(std::shared_ptr<const Document> doc, const Generated& prototype)
      : doc_(std::move(doc)), prototype_(prototype) {
    for (const std::string& payload : doc_->payloads) {
      trees_.push_back(New(prototype_, kArena ? &setup_arena_ : nullptr));
      Parse(payload, *trees_.back());
    }
  }
  std::uint64_t Decode(std::string_view bytes) const override {
    if constexpr (kArena) {
      Arena arena;
      Parse(bytes, *New(prototype_, &arena));
    } else {
      Parse(bytes, *New(prototype_, nullptr));
    }
    return 1;  // a parse (a library call) cannot be optimized away
  }
  std::string Encode(std::size_t i) const override { return trees_.at(i)->SerializeAsString(); }
  std::uint64_t AccessFull(std::string_view) const override {
    throw std::logic_error("no access fields for the google_message datasets");
  }
  // parse -> serialize -> parse gives an equal message, and the first parse
  // left no unknown fields (which a wrong message type would).
  std::optional<std::string> RoundTripError() const override {
    for (std::size_t i = 0; i < trees_.size(); ++i) {
      const Generated& want = *trees_[i];
      if (!want.GetReflection()->GetUnknownFields(want).empty()) {
        return doc_->name + ": payload has fields unknown to " + doc_->message;
      }
      const auto got = New(prototype_, nullptr);
      Parse(Encode(i), *got);
      google::protobuf::util::MessageDifferencer differencer;
      std::string report;
      differencer.ReportDifferencesToString(&report);
      if (!differencer.Compare(want, *got)) {
        return doc_->name + ": parse -> serialize -> parse differs: " +
               report.substr(0, report.find('\n'));
      }
    }
    return std::nullopt;
  }

 private:
  static void Parse(std::string_view bytes, Generated& message) {
    if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      throw DecodeError("protobuf: cannot parse " + message.GetTypeName());
    }
  }

  std::shared_ptr<const Document> doc_;
  const Generated& prototype_;
  Arena setup_arena_;  // declared before trees_: outlives them
  std::vector<std::unique_ptr<Generated, void (*)(Generated*)>> trees_;
};

template <bool kArena>
DocumentOpener OpenProtobuf() {
  return [](std::shared_ptr<const Document> doc) -> std::unique_ptr<const DocumentCodec> {
    if (doc->prototype != nullptr) return OpenUserMessages(std::move(doc), false, kArena);
    const Generated* prototype = doc->format == "protobuf" ? Prototype(doc->message) : nullptr;
    if (prototype == nullptr) return nullptr;
    return std::make_unique<const ProtobufDocument<kArena>>(std::move(doc), *prototype);
  };
}

// GOOGLE_PROTOBUF_VERSION is major*1000000 + minor*1000 + patch.
std::string Version() {
  constexpr int v = GOOGLE_PROTOBUF_VERSION;
  return std::to_string(v / 1000000) + "." + std::to_string(v / 1000 % 1000) + "." +
         std::to_string(v % 1000);
}

LibraryInfo Info(std::string variant) {
  return {.lib = "protobuf", .format = "protobuf", .variant = std::move(variant),
          .version = Version(), .home = kHome, .capabilities = {"codegen", "validates"}, .ops = kCodegenOps};
}

}  // namespace

Library ProtobufLibrary() { return MakeLibrary<HeapCodec>(Info("")); }
Library ProtobufArenaLibrary() { return MakeLibrary<ArenaCodec>(Info("arena")); }

// The google_message datasets define no access fields (access_full) and have
// no model of their own (convert).
LibraryInfo DocumentInfo(std::string variant) {
  LibraryInfo info = Info(std::move(variant));
  info.ops = {"encode", "decode", "roundtrip"};
  info.missing_ops_reason =
      "no access fields are defined for the google_message datasets, and no model to convert";
  return info;
}

DocumentLibrary ProtobufDocuments() { return {DocumentInfo(""), OpenProtobuf<false>()}; }
DocumentLibrary ProtobufArenaDocuments() { return {DocumentInfo("arena"), OpenProtobuf<true>()}; }

// protobuf JSON: only a user's document, through its own message.
DocumentLibrary ProtobufJsonDocuments() {
  LibraryInfo info = DocumentInfo("");
  info.format = "json";
  info.missing_ops_reason = "a user's message has no access fields, and no model to convert";
  return {info,
          [](std::shared_ptr<const Document> doc) { return OpenUserMessages(std::move(doc), true, false); },
          "protobuf JSON is measured on a user's document with its .proto (runner mine --proto)"};
}

SERBENCH_REGISTER(ProtobufLibrary);
SERBENCH_REGISTER(ProtobufArenaLibrary);
SERBENCH_REGISTER(ProtobufDocuments);
SERBENCH_REGISTER(ProtobufArenaDocuments);
SERBENCH_REGISTER(ProtobufJsonDocuments);

}  // namespace serbench::adapters
