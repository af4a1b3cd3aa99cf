// The one interface every C++ library adapter of the `user` dataset
// implements: native model <-> bytes, plus metadata that flows into results.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cpp/model/user.h"

namespace serbench::adapters {

// Capabilities are data, not code paths: the runner and docs read them.
struct AdapterInfo {
  std::string lib;      // e.g. "protobuf": the name in every case id
  std::string format;   // e.g. "protobuf", "flatbuffers"
  std::string version;  // the library version compiled in
  bool zero_copy;       // the format can be read in place, without decoding
  bool codegen;         // uses code generated from schemas/
};

// Thrown by Decode for bytes that are not a valid payload.
class DecodeError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class UserAdapter {
 public:
  virtual ~UserAdapter() = default;

  virtual const AdapterInfo& info() const = 0;
  // Bytes are carried in std::string, the buffer type protobuf writes into.
  virtual std::string Encode(const std::vector<model::User>& users) const = 0;
  // Fully materializes every record; throws DecodeError on invalid bytes.
  virtual std::vector<model::User> Decode(std::string_view bytes) const = 0;
};

}  // namespace serbench::adapters
