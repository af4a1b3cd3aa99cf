#include "cpp/adapters/cereal_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(CerealAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(CerealLibrary()); }

TEST(CerealAdapterTest, RefusesTruncatedBytes) {
  ExpectRefusesTruncated<model::Order>(CerealLibrary(), 3);
}

TEST(CerealAdapterTest, RefusesTrailingBytes) { ExpectRefusesTrailingBytes(CerealLibrary(), 'x'); }

TEST(CerealAdapterTest, RefusesAnUnknownUnionIndex) {
  const Library library = CerealLibrary();
  const Codec<model::Node>& codec = library.codec<model::Node>();
  const std::vector<model::Node> one = {model::Node{model::File{}}};
  std::string bytes = codec.Encode(one);
  bytes[8] = '\x05';  // after the uint64 record count: the variant's int32 index
  EXPECT_THROW(codec.Decode(bytes), DecodeError);
}

TEST(CerealAdapterTest, ReportsHeaderVersion) { EXPECT_EQ(CerealLibrary().info.version, "1.3.2"); }

}  // namespace
}  // namespace serbench::adapters
