// The codec of a stream-based archive library (cereal, Boost.Serialization):
// encode through a string stream; decode in place, through a read-only
// streambuf over the bytes (no copy into a stringstream), refusing trailing
// bytes. `Archives` names the library (kName), its archive types (Out, In)
// and the exception its decoder throws on bad bytes (Error).
#pragma once

#include <istream>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

class ViewBuffer final : public std::streambuf {
 public:
  explicit ViewBuffer(std::string_view bytes) {
    char* begin = const_cast<char*>(bytes.data());  // only ever read
    setg(begin, begin, begin + bytes.size());
  }
  bool HasUnread() { return sgetc() != std::char_traits<char>::eof(); }
};

template <typename R, typename Archives>
class ArchiveCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    std::ostringstream out;
    {
      typename Archives::Out archive(out);  // archives may finish writing when destroyed
      archive << records;
    }
    return std::move(out).str();
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    ViewBuffer buffer(bytes);
    std::istream in(&buffer);
    std::vector<R> records;
    try {
      typename Archives::In archive(in);
      archive >> records;
    } catch (const typename Archives::Error& e) {
      throw DecodeError(std::string(Archives::kName) + ": " + e.what());
    }
    // Trailing bytes are not part of one payload.
    if (buffer.HasUnread()) throw DecodeError(std::string(Archives::kName) + ": trailing bytes");
    return records;
  }
};

}  // namespace serbench::adapters
