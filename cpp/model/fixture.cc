#include "cpp/model/fixture.h"

#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "tools/cpp/runfiles/runfiles.h"

namespace serbench::model {
namespace {

using bazel::tools::cpp::runfiles::Runfiles;

std::string& Argv0() {
  static auto* argv0 = new std::string();
  return *argv0;
}

const Runfiles& TheRunfiles() {
  static const Runfiles* runfiles = [] {
    std::string error;
    Runfiles* r = Runfiles::Create(Argv0(), &error);
    if (r == nullptr) throw std::runtime_error("runfiles: " + error);
    return r;
  }();
  return *runfiles;
}

}  // namespace

void SetArgv0(std::string argv0) { Argv0() = std::move(argv0); }

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

std::string ReadRunfile(std::string_view path) {
  return ReadFile(TheRunfiles().Rlocation("serbench/" + std::string(path)));
}

std::string FixturePath(std::string_view dataset, std::size_t size) {
  const std::string d(dataset);
  return "schemas/" + d + "/" + d + "_" + std::to_string(size) + ".json";
}

}  // namespace serbench::model
