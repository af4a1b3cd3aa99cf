// The canonical case id, identical in every language, carried in the
// benchmark name so the runner never guesses.
#pragma once

#include <cstddef>
#include <string>

namespace serbench::bench {

struct Case {
  std::string dataset;
  std::size_t size = 0;  // records in the payload
  std::string op;        // encode | decode | roundtrip
  std::string format;
  std::string lib;
  std::string variant = "";  // empty when the case has none
};

// e.g. dataset=user/size=3/op=encode/format=protobuf/lib=protobuf
std::string CaseId(const Case& c);

// The file an encode case's payload goes to under --payloads DIR: the case id
// with each '/' written as ',', then ".bin" (runner/ingest/payloads.py).
std::string PayloadFileName(const Case& c);

}  // namespace serbench::bench
