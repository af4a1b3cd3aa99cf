// Google's protobuf C++ runtime (Debian libprotobuf) on schemas/user/user.proto.
#pragma once

#include "cpp/adapters/adapter.h"

namespace serbench::adapters {

class ProtobufAdapter final : public UserAdapter {
 public:
  const AdapterInfo& info() const override;
  std::string Encode(const std::vector<model::User>& users) const override;
  std::vector<model::User> Decode(std::string_view bytes) const override;
};

}  // namespace serbench::adapters
