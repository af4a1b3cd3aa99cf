// What the timed calls of the code-generated libraries start from and end
// with (codec.h): encode takes the library's own objects, decode returns
// them, convert takes and returns the records. The timed closures call
// exactly these binding functions, so their types are the ops' types.
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cpp/adapters/capnp_binding.h"
#include "cpp/adapters/flatbuffers_binding.h"
#include "cpp/adapters/protobuf_binding.h"
#include "cpp/adapters/thrift_binding.h"
#include "cpp/model/samples.h"

namespace serbench::adapters {
namespace {

// B::Encode(Native) -> bytes, B::Decode(bytes) -> Decoded, and convert's two
// halves: records -> Native -> records.
template <typename B, typename R, typename Native, typename Decoded>
constexpr bool HasShape() {
  using Records = std::vector<R>;
  return std::is_same_v<decltype(B::ToNative(std::declval<const Records&>())), Native> &&
         std::is_same_v<decltype(B::Encode(std::declval<const Native&>())), std::string> &&
         std::is_same_v<decltype(B::Decode(std::declval<std::string_view>())), Decoded> &&
         std::is_same_v<decltype(B::ToModel(std::declval<const Native&>())), Records> &&
         std::is_same_v<decltype(B::ToModel(std::declval<const Decoded&>())), Records>;
}

// Native is the library's generated Payload type (by its base for protobuf's
// owning wrapper), never the records.
template <typename R>
constexpr bool ProtobufShape() {
  using Payload = typename proto::Schema<R>::Payload;
  using Heap = proto::Binding<R, false>;
  using Arena = proto::Binding<R, true>;
  return HasShape<Heap, R, typename Heap::Native, typename Heap::Native>() &&
         HasShape<Arena, R, typename Arena::Native, typename Arena::Native>() &&
         std::is_same_v<decltype(*std::declval<const typename Heap::Native&>()), const Payload&> &&
         std::is_same_v<decltype(*std::declval<const typename Arena::Native&>()), const Payload&>;
}

template <typename R>
constexpr bool FlatbuffersShape() {
  using PayloadT = typename fbs::Schema<R>::Payload::NativeTableType;
  return std::is_base_of_v<::flatbuffers::NativeTable, PayloadT> &&
         HasShape<fbs::Binding<R>, R, PayloadT, PayloadT>();
}

template <typename R>
constexpr bool CapnpShape() {
  using B = cp::Binding<R>;
  using Payload = typename cp::Schema<R>::Payload;
  return HasShape<B, R, cp::Built<R>, cp::View<R>>() &&
         std::is_same_v<decltype(std::declval<cp::Built<R>&>().message),
                        ::capnp::MallocMessageBuilder> &&
         std::is_same_v<decltype(std::declval<const cp::View<R>&>().Root()),
                        typename Payload::Reader>;
}

template <typename R>
constexpr bool ThriftShape() {
  using Payload = typename th::Schema<R>::Payload;
  return HasShape<th::Binding<R, th::Binary>, R, Payload, Payload>() &&
         HasShape<th::Binding<R, th::Compact>, R, Payload, Payload>();
}

template <typename... R>
constexpr bool EveryDataset(std::tuple<R...>) {
  return ((ProtobufShape<R>() && FlatbuffersShape<R>() && CapnpShape<R>() &&
           ThriftShape<R>()) && ...);
}

static_assert(EveryDataset(model::Records{}));

// A few concrete names, so a reader sees what the generic checks mean.
static_assert(std::is_same_v<fbs::Binding<model::User>::Native, ::serbench::user::fbs::PayloadT>);
static_assert(std::is_same_v<th::Binding<model::Order, th::Compact>::Native,
                             ::serbench::order::thrift::Payload>);
static_assert(!std::is_same_v<proto::Binding<model::Mail, false>::Native,
                              std::vector<model::Mail>>);

// At run time: each binding's native objects carry the records through
// encode, decode and back (the round trip the checks run before timing).
template <typename B>
void ExpectCarriesSamples() {
  const auto samples = model::Samples<model::User>();
  EXPECT_EQ(B::ToModel(B::Decode(B::Encode(B::ToNative(samples)))), samples);
  EXPECT_EQ(B::ToModel(B::ToNative(samples)), samples);
}

TEST(NativeTypesTest, BindingsCarryTheRecords) {
  ExpectCarriesSamples<proto::Binding<model::User, false>>();
  ExpectCarriesSamples<proto::Binding<model::User, true>>();
  ExpectCarriesSamples<fbs::Binding<model::User>>();
  ExpectCarriesSamples<cp::Binding<model::User>>();
  ExpectCarriesSamples<th::Binding<model::User, th::Binary>>();
  ExpectCarriesSamples<th::Binding<model::User, th::Compact>>();
}

}  // namespace
}  // namespace serbench::adapters
