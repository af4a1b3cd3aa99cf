#include "cpp/adapters/json_document_codec.h"

#include <gtest/gtest.h>

#include "cpp/model/weigh.h"

namespace serbench::adapters {
namespace {

using Json = nlohmann::json;

// A codec over nlohmann whose encode can be told to lose a field.
class FakeCodec final : public JsonDocumentCodec {
 public:
  FakeCodec(std::shared_ptr<const Document> doc, std::string drop)
      : JsonDocumentCodec(std::move(doc)), drop_(std::move(drop)) {}
  std::uint64_t Decode(std::string_view bytes) const override { return Json::parse(bytes).size(); }
  std::string Encode(std::size_t i) const override {
    Json tree = Json::parse(doc().payloads.at(i));
    if (!drop_.empty()) tree["a"].erase(drop_);
    return tree.dump();
  }
  std::uint64_t AccessFull(std::string_view bytes) const override {
    return NlohmannAccess(Json::parse(bytes), NlohmannPointers(doc()));
  }

 private:
  std::string drop_;
};

std::shared_ptr<const Document> Doc(std::vector<std::string> access) {
  return std::make_shared<const Document>(
      Document{.name = "tiny", .format = "json",
               .payloads = {R"({"a": {"b": [1, 2], "c": 7}, "s": "xyz"})"},
               .access = std::move(access)});
}

TEST(JsonDocumentTest, AcceptsAFaithfulCodec) {
  EXPECT_EQ(FakeCodec(Doc({"/s", "/a/b", "/a/c", "/a"}), "").RoundTripError(), std::nullopt);
}

TEST(JsonDocumentTest, AccessSumsLengthsValuesAndSizes) {
  const auto doc = Doc({"/s", "/a/b", "/a/c", "/a"});
  EXPECT_EQ(FakeCodec(doc, "").AccessFull(doc->payloads[0]), 3u + 2u + 7u + 2u);
}

TEST(JsonDocumentTest, NamesTheFirstDifferingPath) {
  EXPECT_EQ(FakeCodec(Doc({}), "c").RoundTripError(),
            "tiny payload 0: parse -> serialize -> parse differs at /a/c");
}

TEST(JsonDocumentTest, AccessEachReadsTheFieldsOfEveryElement) {
  const auto doc = std::make_shared<const Document>(
      Document{.name = "rows", .format = "json",
               .payloads = {R"({"rows": [{"s": "ab", "n": -1}, {"s": "", "n": 0.5}]})"},
               .access = {"/s", "/n"}, .access_each = "/rows"});
  EXPECT_EQ(FakeCodec(doc, "").AccessFull(doc->payloads[0]),
            2u + model::Weigh(std::int64_t{-1}) + model::Weigh(0.5));
  EXPECT_EQ(FakeCodec(doc, "").RoundTripError(), std::nullopt);
}

TEST(JsonDocumentTest, RefusesAccessEachOfNoArray) {
  for (const std::string each : {"/nope", "/a"}) {
    const auto doc = std::make_shared<const Document>(
        Document{.name = "tiny", .format = "json", .payloads = {R"({"a": {"s": "x"}})"},
                 .access = {"/s"}, .access_each = each});
    EXPECT_THROW(FakeCodec(doc, "").AccessFull(doc->payloads[0]), DecodeError) << each;
  }
}

TEST(JsonDocumentTest, RefusesMissingAccessFields) {
  const auto doc = Doc({"/nope"});
  EXPECT_THROW(FakeCodec(doc, "").AccessFull(doc->payloads[0]), DecodeError);
}

}  // namespace
}  // namespace serbench::adapters
