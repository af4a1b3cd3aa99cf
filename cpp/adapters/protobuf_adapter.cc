#include "cpp/adapters/protobuf_adapter.h"

#include <google/protobuf/stubs/common.h>

#include "schemas/user/user.pb.h"

namespace serbench::adapters {
namespace {

namespace pb = ::serbench::user;

// GOOGLE_PROTOBUF_VERSION is major*1000000 + minor*1000 + patch.
std::string ProtobufVersion() {
  constexpr int v = GOOGLE_PROTOBUF_VERSION;
  return std::to_string(v / 1000000) + "." + std::to_string(v / 1000 % 1000) +
         "." + std::to_string(v % 1000);
}

void ToProto(const model::User& from, pb::User& to) {
  to.set_name(from.name);
  to.set_email(from.email);
  to.set_age(from.age);
  to.mutable_tags()->Assign(from.tags.begin(), from.tags.end());
  pb::Address& address = *to.mutable_address();
  address.set_street(from.address.street);
  address.set_city(from.address.city);
  address.set_postcode(from.address.postcode);
  address.set_country(from.address.country);
}

model::User FromProto(const pb::User& from) {
  const pb::Address& address = from.address();
  return model::User{
      .name = from.name(),
      .email = from.email(),
      .age = from.age(),
      .tags = {from.tags().begin(), from.tags().end()},
      .address = {address.street(), address.city(), address.postcode(),
                  address.country()},
  };
}

}  // namespace

const AdapterInfo& ProtobufAdapter::info() const {
  static const auto* info = new AdapterInfo{
      .lib = "protobuf",
      .format = "protobuf",
      .version = ProtobufVersion(),
      .zero_copy = false,
      .codegen = true,
  };
  return *info;
}

std::string ProtobufAdapter::Encode(const std::vector<model::User>& users) const {
  pb::Payload list;
  list.mutable_records()->Reserve(static_cast<int>(users.size()));
  for (const model::User& user : users) ToProto(user, *list.add_records());
  return list.SerializeAsString();
}

std::vector<model::User> ProtobufAdapter::Decode(std::string_view bytes) const {
  pb::Payload list;
  if (!list.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    throw DecodeError("protobuf: cannot parse Payload");
  }
  std::vector<model::User> users;
  users.reserve(list.records_size());
  for (const pb::User& user : list.records()) users.push_back(FromProto(user));
  return users;
}

}  // namespace serbench::adapters
