#include "cpp/adapters/document_loader.h"

#include <stdexcept>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cpp/adapters/json_document_codec.h"
#include "cpp/model/fixture.h"

namespace serbench::adapters {
namespace {

// A synthetic dataset's document is its fixture text, and its access fields
// read in that JSON what the access ops read of the typed records.
TEST(SyntheticDocumentTest, ReadsWhatTheTypedRecordsHold) {
  model::ForEachDataset([&]<typename R>(R) {
    for (const std::size_t size : model::kSizes) {
      const auto doc = SyntheticDocument(R::kDataset, size);
      EXPECT_EQ(doc->name, R::kDataset);
      ASSERT_EQ(doc->payloads.size(), 1u);
      EXPECT_EQ(doc->payloads[0], model::ReadRunfile(model::FixturePath(R::kDataset, size)));
      EXPECT_EQ(NlohmannAccess(nlohmann::json::parse(doc->payloads[0]), NlohmannPointers(*doc)),
                model::AccessAll(model::LoadFixture<R>(size)))
          << R::kDataset << " " << size;
    }
  });
}

TEST(SyntheticDocumentTest, RefusesUnknownDatasets) {
  EXPECT_THROW(SyntheticDocument("twitter", 1), std::invalid_argument);
}

}  // namespace
}  // namespace serbench::adapters
