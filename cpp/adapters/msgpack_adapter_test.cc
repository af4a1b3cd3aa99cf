#include "cpp/adapters/msgpack_adapter.h"

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

}  // namespace
}  // namespace serbench::adapters
