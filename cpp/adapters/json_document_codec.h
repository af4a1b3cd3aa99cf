// What every JSON DOM codec of the real documents shares: the round-trip
// check, judged by nlohmann-json (the suite's reference JSON library), and
// the rule for reading an access field.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

// Every JSON DOM library times these on the documents.
inline const std::vector<std::string> kJsonDocumentOps = {"encode", "decode", "roundtrip",
                                                          "access_full"};

// A JSON pointer that resolves to nothing, or to a kind access_full does not
// read (document_codec.h); throws DecodeError.
[[noreturn]] void BadAccessField(std::string_view pointer);
// Document::access_each resolves to nothing or to no array; throws DecodeError.
[[noreturn]] void BadAccessEach(std::string_view pointer);

// A document's access fields as nlohmann pointers, parsed once.
struct NlohmannFields {
  std::optional<nlohmann::json::json_pointer> each;  // Document::access_each
  std::vector<nlohmann::json::json_pointer> fields;  // Document::access
};
NlohmannFields NlohmannPointers(const Document& doc);
// The access fields of the document `root` read by nlohmann.
std::uint64_t NlohmannAccess(const nlohmann::json& root, const NlohmannFields& fields);

// For every payload: nlohmann parses the payload and what the codec wrote
// for it and finds them equal (else names the first differing path), the
// codec's decode sees the same root size and its access_full reads the
// same value.
std::optional<std::string> JsonRoundTripError(const DocumentCodec& codec, const Document& doc);

// Base of the JSON DOM codecs: holds the document, checks it as above.
class JsonDocumentCodec : public DocumentCodec {
 public:
  explicit JsonDocumentCodec(std::shared_ptr<const Document> doc) : doc_(std::move(doc)) {}
  std::optional<std::string> RoundTripError() const final {
    return JsonRoundTripError(*this, *doc_);
  }

 protected:
  const Document& doc() const { return *doc_; }

 private:
  std::shared_ptr<const Document> doc_;
};

// The DocumentOpener of a JSON DOM codec C: json documents only.
template <typename C>
DocumentOpener OpenJson() {
  return [](std::shared_ptr<const Document> doc) -> std::unique_ptr<const DocumentCodec> {
    if (doc->format != "json") return nullptr;
    return std::make_unique<const C>(std::move(doc));
  };
}

}  // namespace serbench::adapters
