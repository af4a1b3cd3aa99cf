#include "cpp/adapters/simdjson_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(SimdjsonAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(SimdjsonLibrary()); }

TEST(SimdjsonAdapterTest, RefusesTruncatedInput) { ExpectRefusesTruncated<model::Node>(SimdjsonLibrary(), 3); }

TEST(SimdjsonAdapterTest, DecodesTheFixtureFiles) {
  const Library library = SimdjsonLibrary();
  model::ForEachDataset([&]<typename R>(R) {
    const std::string text = model::ReadRunfile(model::FixturePath(R::kDataset, 100));
    EXPECT_EQ(model::FirstDifference(model::LoadFixture<R>(100), library.codec<R>().Decode(text)),
              std::nullopt) << R::kDataset;
  });
}

TEST(SimdjsonAdapterTest, SchemalessRoundTripsEveryRealDocument) {
  ExpectDocumentsRoundTrip(SimdjsonSchemalessLibrary());
}

TEST(SimdjsonAdapterTest, SchemalessAcceptsScalarRoots) { ExpectAcceptsScalarRoots(SimdjsonSchemalessLibrary()); }

TEST(SimdjsonAdapterTest, SchemalessRoundTripsEverySyntheticDataset) {
  ExpectSyntheticDocumentsRoundTrip(SimdjsonSchemalessLibrary());
}

TEST(SimdjsonAdapterTest, SchemalessAccessWeighsEveryRecordsNumbers) {
  ExpectAccessWeighsEveryRecordsNumbers(SimdjsonSchemalessLibrary());
}

}  // namespace
}  // namespace serbench::adapters
