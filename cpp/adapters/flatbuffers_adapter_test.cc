#include "cpp/adapters/flatbuffers_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(FlatbuffersAdapterTest, RoundTripsEveryDataset) {
  ExpectRoundTripsEveryDataset(FlatbuffersLibrary());
}

TEST(FlatbuffersAdapterTest, ObjectApiRoundTripsEveryDataset) {
  ExpectRoundTripsEveryDataset(FlatbuffersObjectApiLibrary());
}

TEST(FlatbuffersAdapterTest, VerifierRefusesTruncatedBytes) {
  ExpectRefusesTruncated<model::Mail>(FlatbuffersLibrary(), 8);
}

TEST(FlatbuffersAdapterTest, VerifierRefusesLyingRootOffset) {
  const Library library = FlatbuffersLibrary();  // owns the codec
  const Codec<model::User>& codec = library.codec<model::User>();
  std::string bytes = codec.Encode(model::Samples<model::User>());
  bytes[0] = bytes[1] = bytes[2] = bytes[3] = '\x7f';
  EXPECT_THROW(codec.Decode(bytes), DecodeError);
  EXPECT_THROW(codec.AccessLazy(bytes), DecodeError);
}

TEST(FlatbuffersAdapterTest, ReportsHeaderVersion) {
  EXPECT_EQ(FlatbuffersLibrary().info.version, "25.12.19");
}

}  // namespace
}  // namespace serbench::adapters
