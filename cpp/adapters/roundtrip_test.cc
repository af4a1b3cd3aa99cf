#include "cpp/adapters/roundtrip.h"

#include <functional>
#include <utility>

#include <gtest/gtest.h>

#include "cpp/adapters/protobuf_adapter.h"
#include "cpp/model/fixture.h"

namespace serbench::adapters {
namespace {

// A deliberately wrong adapter: a real protobuf round trip whose decoded
// users are then corrupted, the kind of bug the check exists to catch.
class CorruptingAdapter final : public UserAdapter {
 public:
  explicit CorruptingAdapter(std::function<void(model::User&)> corrupt)
      : corrupt_(std::move(corrupt)) {}

  const AdapterInfo& info() const override { return inner_.info(); }
  std::string Encode(const std::vector<model::User>& users) const override {
    return inner_.Encode(users);
  }
  std::vector<model::User> Decode(std::string_view bytes) const override {
    std::vector<model::User> users = inner_.Decode(bytes);
    for (model::User& user : users) corrupt_(user);
    return users;
  }

 private:
  ProtobufAdapter inner_;
  std::function<void(model::User&)> corrupt_;
};

TEST(RoundTripErrorTest, AcceptsCorrectAdapter) {
  EXPECT_EQ(RoundTripError(ProtobufAdapter(), model::LoadUserFixture()), std::nullopt);
}

TEST(RoundTripErrorTest, RefusesDroppedListElementNamingTheField) {
  const CorruptingAdapter adapter([](model::User& u) {
    if (!u.tags.empty()) u.tags.pop_back();
  });
  EXPECT_EQ(RoundTripError(adapter, model::LoadUserFixture()),
            "users[0].tags: want 3 elements, got 2");
}

TEST(RoundTripErrorTest, RefusesWrongScalarNamingTheField) {
  const CorruptingAdapter adapter([](model::User& u) { u.age = 0; });
  EXPECT_EQ(RoundTripError(adapter, model::LoadUserFixture()),
            "users[0].age: want 36, got 0");
}

TEST(RoundTripErrorTest, RefusesNestedStringNamingTheField) {
  const CorruptingAdapter adapter([](model::User& u) { u.address.city.clear(); });
  EXPECT_EQ(RoundTripError(adapter, model::LoadUserFixture()),
            R"(users[0].address.city: want "London", got "")");
}

TEST(RoundTripErrorTest, RefusesAdapterThatThrows) {
  const CorruptingAdapter adapter([](model::User&) { throw DecodeError("boom"); });
  EXPECT_EQ(RoundTripError(adapter, model::LoadUserFixture()),
            "round trip threw: boom");
}

}  // namespace
}  // namespace serbench::adapters
