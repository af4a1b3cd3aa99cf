// A schema-less binary format fed a JSON document's tree: the document parsed
// into nlohmann::json (nlohmann's default type: std::map objects, keys sorted;
// ordered_json looks keys up linearly, so building an object of thousands of
// keys, as packages has, takes quadratic time), written in the
// format (from the library's own tree of it, if it has one) and read back.
// Shared by nlohmann's to_msgpack / to_cbor and msgpack-cxx's object tree. A
// format F gives:
//   kFormat                                   its name in case ids
//   Native FromJson(const Json&)              its own tree of the document
//                                             (setup; none for nlohmann's)
//   std::string Write(const Json&, const Native&)  the timed encode
//   std::size_t Read(std::string_view)        the timed decode: the root's size
//   Json ToJson(std::string_view)             the bytes read back (the check)
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

namespace serbench::adapters::binary_tree {

using Json = nlohmann::json;

// Walks the document's text for the first integer nlohmann cannot hold as
// one (beyond 64 bits: its parser makes it a double, so no binary format
// fed its tree carries it); the path, the text and what the tree holds.
class WideInteger final : public nlohmann::json_sax<Json> {
 public:
  static std::optional<std::string> Find(const std::string& text) {
    WideInteger sax;
    Json::sax_parse(text, &sax);
    return sax.found_;
  }

  bool null() override { return Next(); }
  bool boolean(bool) override { return Next(); }
  bool number_integer(number_integer_t) override { return Next(); }
  bool number_unsigned(number_unsigned_t) override { return Next(); }
  bool number_float(number_float_t value, const string_t& text) override {
    if (!found_ && text.find_first_of(".eE") == std::string::npos) {
      found_ = Path() + ": " + text + " becomes " + Json(value).dump() +
               " (an integer beyond 64 bits, held as a double)";
    }
    return Next();
  }
  bool string(string_t&) override { return Next(); }
  bool binary(binary_t&) override { return Next(); }
  bool start_object(std::size_t) override { return Open(false); }
  bool key(string_t& key) override {
    frames_.back().key = key;
    return true;
  }
  bool end_object() override { return Close(); }
  bool start_array(std::size_t) override { return Open(true); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  struct Frame {
    bool array;
    std::size_t index = 0;
    std::string key = "";
  };

  bool Open(bool array) {
    frames_.push_back({.array = array});
    return true;
  }
  bool Close() {
    frames_.pop_back();
    return Next();
  }
  // A value ended: the enclosing array's next value has the next index.
  bool Next() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    return !found_;
  }
  std::string Path() const {
    std::string path;
    for (const Frame& f : frames_) path += "/" + (f.array ? std::to_string(f.index) : f.key);
    return path.empty() ? "/" : path;
  }

  std::vector<Frame> frames_;
  std::optional<std::string> found_;
};

inline std::string Shown(const Json& root, const std::string& path) {
  const Json::json_pointer at(path);
  if (!root.contains(at)) return "(nothing)";
  const std::string text = root.at(at).dump();
  return text.size() > 60 ? text.substr(0, 60) + "..." : text;
}

// The document as a Json tree per payload, and that tree in the
// format F, made at setup: decode reads the latter.
template <typename F>
class BinaryDocument final : public DocumentCodec {
 public:
  explicit BinaryDocument(std::shared_ptr<const Document> doc) : doc_(std::move(doc)) {
    for (const std::string& payload : doc_->payloads) {
      trees_.push_back(Json::parse(payload));
      natives_.push_back(F::FromJson(trees_.back()));
      inputs_.push_back(Encode(trees_.size() - 1));
    }
  }
  std::uint64_t Decode(std::string_view bytes) const override { return F::Read(bytes); }
  std::string Encode(std::size_t i) const override { return F::Write(trees_.at(i), natives_.at(i)); }
  std::uint64_t AccessFull(std::string_view) const override {
    throw DecodeError("access_full is not timed for a binary tree");
  }
  const std::string& Input(const Document&, std::size_t i) const override { return inputs_.at(i); }

  // The tree read back from the format equals the document's (key order
  // aside, as JSON's objects are unordered), and the document has no integer
  // the tree could not hold.
  std::optional<std::string> RoundTripError() const override {
    for (std::size_t i = 0; i < trees_.size(); ++i) {
      const std::string where = doc_->name + " payload " + std::to_string(i) + ": ";
      if (auto wide = WideInteger::Find(doc_->payloads[i])) return where + *wide;
      const Json got = F::ToJson(inputs_[i]);
      if (got != trees_[i]) {
        const std::string path = Json::diff(trees_[i], got).at(0).value("path", std::string());
        return where + std::string(F::kFormat) + " round trip differs at " +
               (path.empty() ? "/" : path) + ": " + Shown(trees_[i], path) + " becomes " +
               Shown(got, path);
      }
      if (Decode(inputs_[i]) != trees_[i].size()) return where + "decode root size differs";
    }
    return std::nullopt;
  }

 private:
  std::shared_ptr<const Document> doc_;
  std::vector<Json> trees_;
  std::vector<typename F::Native> natives_;
  std::vector<std::string> inputs_;
};

}  // namespace serbench::adapters::binary_tree
