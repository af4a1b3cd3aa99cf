#include "cpp/adapters/capnp_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(CapnpAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(CapnpLibrary()); }

TEST(CapnpAdapterTest, RefusesTruncatedBytes) {
  ExpectRefusesTruncated<model::Mail>(CapnpLibrary(), 8);
}

TEST(CapnpAdapterTest, RefusesPartialWords) {
  const Library library = CapnpLibrary();  // owns the codec
  const Codec<model::User>& codec = library.codec<model::User>();
  const std::string bytes = codec.Encode(model::Samples<model::User>());
  EXPECT_THROW(codec.Decode(std::string_view(bytes).substr(0, bytes.size() - 3)), DecodeError);
}

// The root pointer (first word after the one-segment table) points far
// outside the segment: a clean DecodeError, from decode and lazy access.
TEST(CapnpAdapterTest, RefusesLyingRootPointer) {
  const Library library = CapnpLibrary();  // owns the codec
  const Codec<model::User>& codec = library.codec<model::User>();
  std::string bytes = codec.Encode(model::Samples<model::User>());
  bytes[8] = '\x7c';  // a struct pointer (low bits 00) with a huge offset
  bytes[9] = bytes[10] = '\x7f';
  EXPECT_THROW(codec.Decode(bytes), DecodeError);
  EXPECT_THROW(codec.AccessLazy(bytes), DecodeError);
}

// The largest payload (mail, 1000 records: about 10 MiB) stays within the
// traversal limit of a full read.
TEST(CapnpAdapterTest, DecodesThousandRecordPayloads) {
  const Library library = CapnpLibrary();  // owns the codec
  const Codec<model::Mail>& codec = library.codec<model::Mail>();
  const auto records = model::LoadFixture<model::Mail>(1000);
  EXPECT_EQ(codec.Decode(codec.Encode(records)), records);
}

TEST(CapnpAdapterTest, AbsentAndEmptyUpdatedByDiffer) {
  model::File absent{"f", "a", {}, std::nullopt, std::nullopt, 1, model::Permission::kRead};
  model::File empty = absent;
  empty.updated_by = "";
  const Library library = CapnpLibrary();  // owns the codec
  const Codec<model::Node>& codec = library.codec<model::Node>();
  const std::vector<model::Node> records = {{absent}, {empty}};
  EXPECT_EQ(codec.Decode(codec.Encode(records)), records);
}

TEST(CapnpAdapterTest, ReportsHeaderVersion) { EXPECT_EQ(CapnpLibrary().info.version, "0.9.2"); }

}  // namespace
}  // namespace serbench::adapters
