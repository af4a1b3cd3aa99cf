#include "cpp/adapters/boost_serialization_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

TEST(BoostSerializationAdapterTest, RoundTripsEveryDataset) {
  ExpectRoundTripsEveryDataset(BoostSerializationLibrary());
}

TEST(BoostSerializationAdapterTest, RefusesTruncatedBytes) {
  ExpectRefusesTruncated<model::Order>(BoostSerializationLibrary(), 3);
}

TEST(BoostSerializationAdapterTest, RefusesTrailingBytes) { ExpectRefusesTrailingBytes(BoostSerializationLibrary(), 'x'); }

TEST(BoostSerializationAdapterTest, RefusesAnUnknownUnionIndex) {
  const Library library = BoostSerializationLibrary();
  const Codec<model::Node>& codec = library.codec<model::Node>();
  const std::vector<model::Node> one = {model::Node{model::File{}}};
  std::string bytes = codec.Encode(one);
  // The first byte where a File node and a Directory node differ is the
  // alternative index (0 and 1).
  const std::string other = codec.Encode({model::Node{model::Directory{}}});
  std::size_t at = 0;
  while (at < bytes.size() && bytes[at] == other[at]) ++at;
  ASSERT_LT(at, bytes.size());
  bytes[at] = '\x05';
  EXPECT_THROW(codec.Decode(bytes), DecodeError);
}

TEST(BoostSerializationAdapterTest, RefusesAWrongArchiveSignature) {
  const Library library = BoostSerializationLibrary();
  const Codec<model::User>& codec = library.codec<model::User>();
  std::string bytes = codec.Encode(model::Samples<model::User>());
  const std::size_t signature = bytes.find("serialization::archive");
  ASSERT_NE(signature, std::string::npos);
  bytes[signature] = 'S';
  EXPECT_THROW(codec.Decode(bytes), DecodeError);
}

TEST(BoostSerializationAdapterTest, ReportsBoostVersion) {
  EXPECT_EQ(BoostSerializationLibrary().info.version, "1.74.0");
}

}  // namespace
}  // namespace serbench::adapters
