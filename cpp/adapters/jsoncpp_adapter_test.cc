#include "cpp/adapters/jsoncpp_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(JsoncppAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(JsoncppLibrary()); }

TEST(JsoncppAdapterTest, RefusesTruncatedInput) {
  ExpectRefusesTruncated<model::Node>(JsoncppLibrary(), 3);
}

// Strict mode: nothing may follow the payload.
TEST(JsoncppAdapterTest, RefusesTrailingBytes) { ExpectRefusesTrailingBytes(JsoncppLibrary(), '}'); }

// Metrics values are arbitrary doubles: 17 significant digits keep every bit.
TEST(JsoncppAdapterTest, KeepsEveryDoubleBit) {
  const Library library = JsoncppLibrary();
  const Codec<model::Series>& codec = library.codec<model::Series>();
  const auto records = model::LoadFixture<model::Series>(100);
  EXPECT_EQ(model::FirstDifference(records, codec.Decode(codec.Encode(records))), std::nullopt);
  EXPECT_EQ(model::FirstDifference(records, codec.Decode(model::ReadRunfile(
                                                model::FixturePath("metrics", 100)))),
            std::nullopt);
}

TEST(JsoncppAdapterTest, SchemalessRoundTripsEveryRealDocument) {
  ExpectDocumentsRoundTrip(JsoncppSchemalessLibrary());
}

TEST(JsoncppAdapterTest, SchemalessAcceptsScalarRoots) {
  ExpectAcceptsScalarRoots(JsoncppSchemalessLibrary());
}

TEST(JsoncppAdapterTest, SchemalessRoundTripsEverySyntheticDataset) {
  ExpectSyntheticDocumentsRoundTrip(JsoncppSchemalessLibrary());
}

TEST(JsoncppAdapterTest, SchemalessAccessWeighsEveryRecordsNumbers) {
  ExpectAccessWeighsEveryRecordsNumbers(JsoncppSchemalessLibrary());
}

}  // namespace
}  // namespace serbench::adapters
