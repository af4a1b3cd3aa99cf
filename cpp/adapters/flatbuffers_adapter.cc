#include "cpp/adapters/flatbuffers_adapter.h"

#include <cstdint>

#include "flatbuffers/flatbuffers.h"
#include "schemas/user/user_generated.h"

namespace serbench::adapters {
namespace {

namespace fb = ::serbench::user::fbs;

using ::flatbuffers::FlatBufferBuilder;
using ::flatbuffers::Offset;

std::string FlatbuffersVersion() {
  return std::to_string(FLATBUFFERS_VERSION_MAJOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_MINOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_REVISION);
}

Offset<fb::User> BuildUser(FlatBufferBuilder& b, const model::User& user) {
  // Children first: FlatBuffers forbids nesting table construction.
  const auto name = b.CreateString(user.name);
  const auto email = b.CreateString(user.email);
  const auto tags = b.CreateVectorOfStrings(user.tags);
  const auto address = fb::CreateAddress(
      b, b.CreateString(user.address.street), b.CreateString(user.address.city),
      b.CreateString(user.address.postcode), b.CreateString(user.address.country));
  return fb::CreateUser(b, name, email, user.age, tags, address);
}

// Absent strings read as empty, matching proto3 and the model's defaults.
std::string Str(const ::flatbuffers::String* s) {
  return s == nullptr ? std::string() : s->str();
}

model::Address ReadAddress(const fb::Address* a) {
  if (a == nullptr) return {};
  return {Str(a->street()), Str(a->city()), Str(a->postcode()), Str(a->country())};
}

model::User ReadUser(const fb::User& u) {
  model::User user{.name = Str(u.name()), .email = Str(u.email()), .age = u.age(),
                   .tags = {}, .address = ReadAddress(u.address())};
  if (const auto* tags = u.tags()) {
    user.tags.reserve(tags->size());
    for (const ::flatbuffers::String* tag : *tags) user.tags.push_back(Str(tag));
  }
  return user;
}

}  // namespace

const AdapterInfo& FlatbuffersAdapter::info() const {
  static const auto* info = new AdapterInfo{
      .lib = "flatbuffers",
      .format = "flatbuffers",
      .version = FlatbuffersVersion(),
      .zero_copy = true,
      .codegen = true,
  };
  return *info;
}

std::string FlatbuffersAdapter::Encode(const std::vector<model::User>& users) const {
  FlatBufferBuilder b;
  std::vector<Offset<fb::User>> offsets;
  offsets.reserve(users.size());
  for (const model::User& user : users) offsets.push_back(BuildUser(b, user));
  b.Finish(fb::CreatePayload(b, b.CreateVector(offsets)));
  return std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
}

std::vector<model::User> FlatbuffersAdapter::Decode(std::string_view bytes) const {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  ::flatbuffers::Verifier verifier(data, bytes.size());
  if (!fb::VerifyPayloadBuffer(verifier)) {
    throw DecodeError("flatbuffers: Payload fails verification");
  }
  std::vector<model::User> users;
  if (const auto* list = fb::GetPayload(data)->records()) {
    users.reserve(list->size());
    for (const fb::User* user : *list) users.push_back(ReadUser(*user));
  }
  return users;
}

}  // namespace serbench::adapters
