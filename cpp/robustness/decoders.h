// The decoders the C++ robustness worker offers: every suite library that
// reads a corpus format (protobuf, flatbuffers, msgpack, json, capnp), named
// as in the suite's case ids, with the protocol's variants for FlatBuffers
// (verify / noverify / hardened), protobuf (hardened) and Cap'n Proto
// (limits).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cpp/robustness/attempt.h"

namespace serbench::robustness {

// A request the driver should never send (unknown dataset, a typed decoder
// without one, ...): the worker exits 2.
struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One corpus input, as the request describes it.
struct Input {
  std::optional<std::string> dataset;  // nullopt: no fixture (JSON_checker files)
  std::size_t size = 0;
  std::string expect;  // fixture | accept | reject
};

class Decoder {
 public:
  struct Info {
    std::string lib;
    std::optional<std::string> variant;
    std::string format, version;
    bool schemaless = false;
  };

  explicit Decoder(Info info) : info_(std::move(info)) {}
  virtual ~Decoder() = default;

  const Info& info() const { return info_; }
  // Decodes `bytes` into fully materialized objects and judges them (for
  // expect=fixture against the fixture); throws ProtocolError.
  virtual Verdict Run(std::string_view bytes, const Input& input) const = 0;
  // Decodes `bytes` the way Run does (typed: as `dataset`'s records) and drops
  // the result, untimed and unjudged: the fuzz harness's entry (cpp/fuzz).
  // Throws what the library throws; ProtocolError for an unknown dataset.
  virtual void Decode(std::string_view bytes, const std::optional<std::string>& dataset) const = 0;

 private:
  Info info_;
};

// Built once, in a stable order, never destroyed.
const std::vector<std::shared_ptr<const Decoder>>& Decoders();

// The decoder named so, or nullptr.
const Decoder* FindDecoder(std::string_view lib, const std::optional<std::string>& variant,
                           std::string_view format);

// The fixture of `dataset` and `size` encoded by the first suite library of
// `format`: the corpus's seed vector of a format only C++ writes (cereal,
// Boost.Serialization). Throws ProtocolError for an unknown format or dataset.
std::string Seed(std::string_view format, std::string_view dataset, std::size_t size);

}  // namespace serbench::robustness
