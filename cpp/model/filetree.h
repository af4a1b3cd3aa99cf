// The `filetree` dataset (schemas/filetree): a recursive tree whose nodes are
// a tagged union of File and Directory, with optional fields.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "cpp/model/describe.h"

namespace serbench::model {

enum class Permission : std::uint8_t { kRead, kWrite, kReadWrite };

constexpr std::array<std::string_view, 3> EnumNames(Permission) {
  return {"READ", "WRITE", "READ_WRITE"};
}

struct File {
  static constexpr std::string_view kType = "file";

  std::string name;
  std::string created_by;
  Timestamp created_at;
  std::optional<std::string> updated_by;
  std::optional<Timestamp> updated_at;
  std::uint64_t nbytes = 0;
  Permission permissions = Permission::kRead;

  bool operator==(const File&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &File::name}, Field{"created_by", &File::created_by},
                      Field{"created_at", &File::created_at},
                      Field{"updated_by", &File::updated_by},
                      Field{"updated_at", &File::updated_at}, Field{"nbytes", &File::nbytes},
                      Field{"permissions", &File::permissions}};
  }
};

struct Node;

struct Directory {
  static constexpr std::string_view kType = "directory";

  std::string name;
  std::string created_by;
  Timestamp created_at;
  std::optional<std::string> updated_by;
  std::optional<Timestamp> updated_at;
  std::vector<Node> contents;

  bool operator==(const Directory&) const;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &Directory::name},
                      Field{"created_by", &Directory::created_by},
                      Field{"created_at", &Directory::created_at},
                      Field{"updated_by", &Directory::updated_by},
                      Field{"updated_at", &Directory::updated_at},
                      Field{"contents", &Directory::contents}};
  }
};

struct Node {
  static constexpr std::string_view kDataset = "filetree";

  std::variant<File, Directory> entry;

  bool operator==(const Node&) const;
};

// Defined once Node is complete (the recursion goes through Node); Node's too, as
// clang++-14 (cpp/fuzz) crashes on it defaulted inside the class.
inline bool Directory::operator==(const Directory&) const = default;
inline bool Node::operator==(const Node&) const = default;

}  // namespace serbench::model
