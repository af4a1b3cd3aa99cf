#include "cpp/bench/proto_plugin.h"

#include <dlfcn.h>

#include <stdexcept>

namespace serbench::bench {

const google::protobuf::Message& LoadPrototype(const std::filesystem::path& plugin,
                                               const std::string& message) {
  void* handle = dlopen(plugin.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) throw std::invalid_argument(std::string("--proto-plugin: ") + dlerror());
  using Entry = const google::protobuf::Message* (*)(const char*);
  const auto entry = reinterpret_cast<Entry>(dlsym(handle, "serbench_prototype"));
  if (entry == nullptr) {
    throw std::invalid_argument("--proto-plugin " + plugin.string() + ": no serbench_prototype");
  }
  const google::protobuf::Message* prototype = entry(message.c_str());
  if (prototype == nullptr) {
    throw std::invalid_argument("--message " + message + ": not in " + plugin.string());
  }
  return *prototype;
}

}  // namespace serbench::bench
