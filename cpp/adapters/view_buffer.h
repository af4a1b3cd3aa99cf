// A read-only std::streambuf over bytes the caller owns, so stream-based
// archives (cereal, Boost.Serialization) decode in place instead of from a
// copy in a stringstream.
#pragma once

#include <istream>
#include <streambuf>
#include <string_view>

namespace serbench::adapters {

class ViewBuffer final : public std::streambuf {
 public:
  explicit ViewBuffer(std::string_view bytes) {
    char* begin = const_cast<char*>(bytes.data());  // only ever read
    setg(begin, begin, begin + bytes.size());
  }
  // True when a decoder left bytes unread: they are not part of one payload.
  bool HasUnread() { return sgetc() != std::char_traits<char>::eof(); }
};

}  // namespace serbench::adapters
