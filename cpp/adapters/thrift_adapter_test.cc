#include "cpp/adapters/thrift_adapter.h"

#include "cpp/adapters/adapter_test_util.h"

namespace serbench::adapters {
namespace {

class ThriftAdapterTest : public testing::TestWithParam<Library> {};

TEST_P(ThriftAdapterTest, RoundTripsEveryDataset) { ExpectRoundTripsEveryDataset(GetParam()); }

// Sizes 1 and 1000 too: the largest payloads (mail, metrics: about 10 MB)
// stay within the message size and length limits decode sets.
TEST_P(ThriftAdapterTest, RoundTripsEverySize) {
  model::ForEachDataset([&]<typename R>(R) {
    for (std::size_t size : model::kSizes) {
      EXPECT_EQ(RoundTripError(GetParam(), model::LoadFixture<R>(size)), std::nullopt)
          << R::kDataset << " " << size;
    }
  });
}

TEST_P(ThriftAdapterTest, RefusesTruncatedBytes) {
  ExpectRefusesTruncated<model::Order>(GetParam(), 1);
}

TEST_P(ThriftAdapterTest, RefusesTrailingBytes) { ExpectRefusesTrailingBytes(GetParam(), '\0'); }

TEST_P(ThriftAdapterTest, ReportsHeaderVersion) { EXPECT_EQ(GetParam().info.version, "0.17.0"); }

INSTANTIATE_TEST_SUITE_P(Protocols, ThriftAdapterTest,
                         testing::Values(ThriftLibrary(), ThriftCompactLibrary()),
                         [](const auto& param) { return param.param.info.format; });

// Binary protocol payloads written by hand: field 1 of Payload is a list
// (type 15, id 0x0001) of structs (type 12) with a big-endian i32 count.
std::string BinaryRecords(std::string_view count, std::string_view elements) {
  return std::string("\x0f\x00\x01\x0c", 4) + std::string(count) + std::string(elements) + '\0';
}
constexpr std::string_view kOneRecord("\0\0\0\1", 4);
constexpr std::string_view kEmptyStruct("\0", 1);  // just its stop byte

// A count of 2^31 - 1 records in a 9-byte payload is refused by the
// container limit before the list is sized (no 2^31-element allocation).
TEST(ThriftBinaryTest, RefusesALyingListLength) {
  const Library library = ThriftLibrary();  // owns the codec
  const std::string bytes = BinaryRecords(std::string_view("\x7f\xff\xff\xff", 4), "");
  EXPECT_THROW(library.codec<model::User>().Decode(bytes), DecodeError);
}

// One filetree Node with no union member.
TEST(ThriftBinaryTest, RefusesAnEmptyUnion) {
  const Library library = ThriftLibrary();  // owns the codec
  const std::string bytes = BinaryRecords(kOneRecord, kEmptyStruct);
  EXPECT_THROW(library.codec<model::Node>().Decode(bytes), DecodeError);
}

// An order whose status (field 3, i32) is 5: OrderStatus has 0..4.
TEST(ThriftBinaryTest, RefusesAnUnknownEnumNumber) {
  const Library library = ThriftLibrary();  // owns the codec
  const std::string order("\x08\x00\x03\x00\x00\x00\x05\x00", 8);
  const std::string bytes = BinaryRecords(kOneRecord, order);
  EXPECT_THROW(library.codec<model::Order>().Decode(bytes), DecodeError);
}

// The framing above is right: one empty struct is a default Order, so each
// refusal comes from what it changes.
TEST(ThriftBinaryTest, DecodesAHandWrittenPayload) {
  const Library library = ThriftLibrary();  // owns the codec
  const std::string bytes = BinaryRecords(kOneRecord, kEmptyStruct);
  EXPECT_EQ(library.codec<model::Order>().Decode(bytes), std::vector<model::Order>(1));
}

}  // namespace
}  // namespace serbench::adapters
