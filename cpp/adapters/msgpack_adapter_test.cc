#include "cpp/adapters/msgpack_adapter.h"

#include <nlohmann/json.hpp>

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(MsgpackAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(MsgpackLibrary()); }

TEST(MsgpackAdapterTest, RefusesTruncatedInput) { ExpectRefusesTruncated<model::Node>(MsgpackLibrary(), 3); }

TEST(MsgpackAdapterTest, WritesStringKeyedMaps) {
  const std::string bytes = MsgpackLibrary().codec<model::User>().Encode(model::Samples<model::User>());
  EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x81);  // fixmap of 1: {"records": ...}
  EXPECT_EQ(bytes.substr(1, 8), "\xa7records");
}

std::shared_ptr<const Document> Json(std::string text) {
  return std::make_shared<const Document>(
      Document{.name = "mine", .format = "json", .payloads = {std::move(text)}});
}

TEST(MsgpackSchemalessTest, RoundTripsEverySyntheticDataset) {
  ExpectSyntheticDocumentsRoundTrip(MsgpackSchemalessLibrary());
}

// Its own object tree of the document (from nlohmann::json: keys sorted), written
// back with an integral float still a float (msgpack::pack would write 2.0 as an integer).
TEST(MsgpackSchemalessTest, WritesItsObjectTreeFloatsKept) {
  const auto doc = Json(R"({"b": 2.0, "a": [18446744073709551615, -1]})");
  const auto codec = MsgpackSchemalessLibrary().open(doc);
  ASSERT_NE(codec, nullptr);
  EXPECT_EQ(codec->RoundTripError(), std::nullopt);
  EXPECT_EQ(nlohmann::ordered_json::from_msgpack(codec->Encode(0)).dump(),
            R"({"a":[18446744073709551615,-1],"b":2.0})");
  EXPECT_EQ(codec->Decode(codec->Input(*doc, 0)), 2u);
}

}  // namespace
}  // namespace serbench::adapters
