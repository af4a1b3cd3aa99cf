#include "cpp/adapters/protobuf_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(ProtobufAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(ProtobufLibrary()); }

TEST(ProtobufAdapterTest, ArenaVariantRoundTripsEveryDataset) {
  ExpectRoundTripsEveryDataset(ProtobufArenaLibrary());
}

TEST(ProtobufAdapterTest, RefusesTruncatedBytes) {
  ExpectRefusesTruncated<model::User>(ProtobufLibrary(), 1);
}

TEST(ProtobufAdapterTest, ArenaAndHeapWriteTheSameBytes) {
  const auto records = model::LoadFixture<model::Node>(100);
  EXPECT_EQ(ProtobufLibrary().codec<model::Node>().Encode(records),
            ProtobufArenaLibrary().codec<model::Node>().Encode(records));
}

TEST(ProtobufAdapterTest, RoundTripsEveryGoogleMessage) {
  ExpectDocumentsRoundTrip(ProtobufDocuments());
  ExpectDocumentsRoundTrip(ProtobufArenaDocuments());
}

TEST(ProtobufAdapterTest, RefusesAPayloadOfAnotherMessageType) {
  auto doc = std::make_shared<Document>(*LoadDocument("google_message2"));
  doc->message = "benchmarks.proto3.GoogleMessage1";  // no required fields: it parses
  const auto codec = ProtobufDocuments().open(doc);
  ASSERT_NE(codec, nullptr);
  const auto error = codec->RoundTripError();
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("unknown to benchmarks.proto3.GoogleMessage1"), std::string::npos) << *error;
}

TEST(ProtobufAdapterTest, ReportsLinkedVersion) {
  EXPECT_EQ(ProtobufLibrary().info.version, "3.21.12");
}

}  // namespace
}  // namespace serbench::adapters
