#include "cpp/adapters/nlohmann_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(NlohmannAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(NlohmannLibrary()); }

TEST(NlohmannAdapterTest, RefusesTruncatedText) {
  ExpectRefusesTruncated<model::Order>(NlohmannLibrary(), 2);
}

TEST(NlohmannAdapterTest, WritesTheFixtureText) {
  const auto records = model::LoadFixture<model::Mail>(1);
  EXPECT_EQ(model::Json::parse(NlohmannLibrary().codec<model::Mail>().Encode(records)),
            model::Json::parse(model::ReadRunfile(model::FixturePath("mail", 1))));
}

TEST(NlohmannAdapterTest, SchemalessRoundTripsEveryRealDocument) {
  ExpectDocumentsRoundTrip(NlohmannSchemalessLibrary());
}

TEST(NlohmannAdapterTest, SchemalessAcceptsScalarRoots) { ExpectAcceptsScalarRoots(NlohmannSchemalessLibrary()); }

TEST(NlohmannAdapterTest, SchemalessRoundTripsEverySyntheticDataset) {
  ExpectSyntheticDocumentsRoundTrip(NlohmannSchemalessLibrary());
}

TEST(NlohmannAdapterTest, SchemalessAccessWeighsEveryRecordsNumbers) {
  ExpectAccessWeighsEveryRecordsNumbers(NlohmannSchemalessLibrary());
}

}  // namespace
}  // namespace serbench::adapters
