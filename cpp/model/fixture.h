// The canonical `user` fixture (schemas/user/fixture.json) as native objects.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cpp/model/user.h"

namespace serbench::model {

// Parses fixture JSON of the form {"records": [...]}; throws std::exception
// (nlohmann::json::exception or std::out_of_range) on malformed input.
std::vector<User> ParseUsers(std::string_view json);

// Reads the fixture from the runfiles of the running binary and parses it.
// argv0 may be empty when RUNFILES_DIR or RUNFILES_MANIFEST_FILE is set, as
// under `bazel test`, `bazel run`, or a parent Bazel binary; throws
// std::runtime_error when the file cannot be found.
std::vector<User> LoadUserFixture(const std::string& argv0 = "");

}  // namespace serbench::model
