// The `mail` dataset (schemas/mail): string-heavy messages of about 10 KB.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cpp/model/describe.h"

namespace serbench::model {

struct Contact {
  std::string name;
  std::string address;

  bool operator==(const Contact&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &Contact::name}, Field{"address", &Contact::address}};
  }
};

struct Header {
  std::string name;
  std::string value;

  bool operator==(const Header&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &Header::name}, Field{"value", &Header::value}};
  }
};

struct Mail {
  static constexpr std::string_view kDataset = "mail";

  std::string message_id;
  std::string subject;
  Contact sender;
  std::vector<Contact> to;
  std::vector<Contact> cc;
  Timestamp date;
  std::vector<Header> headers;
  std::string body;

  bool operator==(const Mail&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"message_id", &Mail::message_id}, Field{"subject", &Mail::subject},
                      Field{"sender", &Mail::sender}, Field{"to", &Mail::to},
                      Field{"cc", &Mail::cc}, Field{"date", &Mail::date},
                      Field{"headers", &Mail::headers}, Field{"body", &Mail::body}};
  }
};

}  // namespace serbench::model
