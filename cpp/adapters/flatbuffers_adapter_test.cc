#include "cpp/adapters/flatbuffers_adapter.h"

#include "cpp/adapters/adapter_test_util.h"
#include "schemas/filetree/filetree_generated.h"

namespace serbench::adapters {
namespace {

TEST(FlatbuffersAdapterTest, RoundTripsEveryDataset) {
  ExpectRoundTripsEveryDataset(FlatbuffersLibrary());
}

TEST(FlatbuffersAdapterTest, NoverifyRoundTripsEveryDataset) {
  ExpectRoundTripsEveryDataset(FlatbuffersNoverifyLibrary());
}

// A string without its terminating NUL fails verification, yet reading it
// by its length prefix is harmless: only noverify accepts it.
TEST(FlatbuffersAdapterTest, OnlyNoverifySkipsTheVerifier) {
  const Library verify = FlatbuffersLibrary();
  const Library noverify = FlatbuffersNoverifyLibrary();
  const std::vector<model::User> records = model::Samples<model::User>();
  std::string bytes = verify.codec<model::User>().Encode(records);
  const std::string name = records.at(0).name + '\0';
  const std::size_t at = bytes.find(name);
  ASSERT_NE(at, std::string::npos);
  bytes[at + name.size() - 1] = 'x';
  EXPECT_THROW(verify.codec<model::User>().Decode(bytes), DecodeError);
  EXPECT_EQ(model::FirstDifference(records, noverify.codec<model::User>().Decode(bytes)),
            std::nullopt);
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

// A Node whose union type says Directory but whose value is absent passes
// the Verifier (an absent table is legal) and UnPacks to a null value:
// decode reads that as a reading program would, a clean DecodeError.
TEST(FlatbuffersAdapterTest, UnionWithAbsentValueIsACleanError) {
  namespace ff = ::serbench::filetree::fbs;
  ::flatbuffers::FlatBufferBuilder b;
  const auto node = ff::CreateNode(b, ff::Entry_Directory, 0);
  b.Finish(ff::CreatePayload(b, b.CreateVector(&node, 1)));
  const std::string bytes(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
  const Library library = FlatbuffersLibrary();  // owns the codec
  try {
    library.codec<model::Node>().Decode(bytes);
    ADD_FAILURE() << "decoded a Node without entry";
  } catch (const DecodeError& e) {
    EXPECT_STREQ(e.what(), "flatbuffers: filetree Node has no entry");
  }
}

TEST(FlatbuffersAdapterTest, ReportsHeaderVersion) {
  EXPECT_EQ(FlatbuffersLibrary().info.version, "25.12.19");
}

}  // namespace
}  // namespace serbench::adapters
