#include "cpp/adapters/nlohmann_binary_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

std::shared_ptr<const Document> Json(std::string text) {
  return std::make_shared<const Document>(
      Document{.name = "mine", .format = "json", .payloads = {std::move(text)}});
}

class NlohmannBinaryAdapterTest : public ::testing::TestWithParam<DocumentLibrary> {};

// The tens-of-MiB packages document is left to the JSON DOMs' tests: a minute
// of this test per format on a loaded machine, for nothing the others lack.
TEST_P(NlohmannBinaryAdapterTest, RoundTripsTheSmallerRealJsonDocuments) {
  for (const std::string& name : DocumentNames()) {
    const auto doc = LoadDocument(name);
    if (doc->bytes() > (std::size_t{8} << 20)) continue;
    const auto codec = GetParam().open(doc);
    ASSERT_EQ(codec != nullptr, doc->format == "json") << name;
    if (codec != nullptr) {
      EXPECT_EQ(codec->RoundTripError(), std::nullopt) << name;
    }
  }
}

TEST_P(NlohmannBinaryAdapterTest, RoundTripsEverySyntheticDataset) {
  ExpectSyntheticDocumentsRoundTrip(GetParam());
}

// nlohmann::json, the default type, sorts an object's keys.
TEST_P(NlohmannBinaryAdapterTest, DecodesItsOwnEncodingWithSortedKeys) {
  const auto doc = Json(R"({"b": 1, "a": [-2, 2.5, "é\n", null, true, 18446744073709551615]})");
  const auto codec = GetParam().open(doc);
  ASSERT_NE(codec, nullptr);
  EXPECT_EQ(codec->RoundTripError(), std::nullopt);
  const std::string& input = codec->Input(*doc, 0);
  EXPECT_EQ(input, codec->Encode(0));
  EXPECT_NE(input, doc->payloads[0]);
  EXPECT_EQ(codec->Decode(input), 2u);
  const auto tree = GetParam().info.format == "cbor" ? nlohmann::ordered_json::from_cbor(input)
                                                     : nlohmann::ordered_json::from_msgpack(input);
  EXPECT_EQ(tree.begin().key(), "a");
  EXPECT_THROW(codec->Decode(input.substr(0, input.size() - 1)), std::exception);
}

TEST_P(NlohmannBinaryAdapterTest, NamesAnIntegerBeyond64Bits) {
  const auto codec = GetParam().open(Json(R"({"a": [1, {"n": 123456789012345678901234567890}]})"));
  ASSERT_NE(codec, nullptr);
  const auto error = codec->RoundTripError();
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->rfind("mine payload 0: /a/1/n: 123456789012345678901234567890 becomes ", 0), 0u)
      << *error;
}

TEST_P(NlohmannBinaryAdapterTest, LeavesProtobufDocumentsAlone) {
  EXPECT_EQ(GetParam().open(std::make_shared<const Document>(Document{.name = "p", .format = "protobuf", .payloads = {}})),
            nullptr);
}

INSTANTIATE_TEST_SUITE_P(Formats, NlohmannBinaryAdapterTest,
                         ::testing::Values(NlohmannMsgpackLibrary(), NlohmannCborLibrary()),
                         [](const auto& info) { return info.param.info.format; });

}  // namespace
}  // namespace serbench::adapters
