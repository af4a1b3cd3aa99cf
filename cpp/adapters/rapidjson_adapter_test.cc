#include "cpp/adapters/rapidjson_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(RapidjsonTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(RapidjsonLibrary()); }

TEST(RapidjsonTest, RefusesTruncatedInput) { ExpectRefusesTruncated<model::Node>(RapidjsonLibrary(), 3); }

// Metrics values are arbitrary doubles: only full-precision parsing keeps them.
TEST(RapidjsonAdapterTest, KeepsEveryDoubleBit) {
  const Library library = RapidjsonLibrary();
  const auto records = model::LoadFixture<model::Series>(100);
  EXPECT_EQ(model::FirstDifference(records, library.codec<model::Series>().Decode(
                model::ReadRunfile(model::FixturePath("metrics", 100)))), std::nullopt);
}

TEST(RapidjsonAdapterTest, SchemalessRoundTripsEveryRealDocument) {
  ExpectDocumentsRoundTrip(RapidjsonSchemalessLibrary());
}

TEST(RapidjsonAdapterTest, SchemalessAcceptsScalarRoots) { ExpectAcceptsScalarRoots(RapidjsonSchemalessLibrary()); }

TEST(RapidjsonAdapterTest, SchemalessRoundTripsEverySyntheticDataset) {
  ExpectSyntheticDocumentsRoundTrip(RapidjsonSchemalessLibrary());
}

TEST(RapidjsonAdapterTest, SchemalessAccessWeighsEveryRecordsNumbers) {
  ExpectAccessWeighsEveryRecordsNumbers(RapidjsonSchemalessLibrary());
}

}  // namespace
}  // namespace serbench::adapters
