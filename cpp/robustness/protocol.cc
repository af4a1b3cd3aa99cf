#include "cpp/robustness/protocol.h"

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cpp/model/fixture.h"
#include "cpp/robustness/decoders.h"

namespace serbench::robustness {
namespace {

using Json = nlohmann::json;

struct Request {
  const Decoder* decoder = nullptr;
  std::string path;
  Input input;
};

std::string String(const Json& request, const char* key) {
  const Json& value = request.at(key);
  if (!value.is_string()) throw ProtocolError(std::string(key) + " must be a string");
  return value.get<std::string>();
}

std::optional<std::string> NullOrString(const Json& request, const char* key) {
  if (request.at(key).is_null()) return std::nullopt;
  return String(request, key);
}

std::size_t NullOrSize(const Json& request) {
  const Json& size = request.at("size");
  if (size.is_null()) return 0;
  if (!size.is_number_unsigned()) throw ProtocolError("size must be null or a positive integer");
  return size.get<std::size_t>();
}

Request Parse(const std::string& line) {
  const Json request = Json::parse(line);
  if (!request.is_object()) throw ProtocolError("a request is one JSON object");
  const std::string lib = String(request, "lib"), format = String(request, "format");
  const std::optional<std::string> variant = NullOrString(request, "variant");
  const Decoder* decoder = FindDecoder(lib, variant, format);
  if (decoder == nullptr) {
    throw ProtocolError("unknown decoder " + lib + "/" + variant.value_or("null") + " " + format);
  }
  Input input{NullOrString(request, "dataset"), NullOrSize(request), String(request, "expect")};
  if (input.expect != "fixture" && input.expect != "accept" && input.expect != "reject") {
    throw ProtocolError("expect must be fixture, accept or reject, not " + input.expect);
  }
  if (input.expect == "fixture" && (!input.dataset || input.size == 0)) {
    throw ProtocolError("expect=fixture needs a dataset and a size");
  }
  return {decoder, String(request, "path"), std::move(input)};
}

Json Reply(const Verdict& verdict) {
  return {{"outcome", verdict.outcome}, {"detail", verdict.detail}, {"ns", verdict.ns}};
}

// The file's bytes; an unreadable one is the driver's bug.
std::string Read(const std::string& path) {
  try {
    return model::ReadFile(path);
  } catch (const std::runtime_error& e) {
    throw ProtocolError(e.what());
  }
}

}  // namespace

void List(std::ostream& out) {
  Json list = Json::array();
  for (const auto& decoder : Decoders()) {
    const Decoder::Info& info = decoder->info();
    list.push_back({{"lib", info.lib},
                    {"variant", info.variant ? Json(*info.variant) : Json(nullptr)},
                    {"format", info.format},
                    {"version", info.version},
                    {"schemaless", info.schemaless}});
  }
  out << list.dump() << std::endl;
}

int Serve(std::istream& in, std::ostream& out, std::ostream& log) {
  std::string line;
  while (std::getline(in, line)) {
    try {
      const Request request = Parse(line);
      const std::string bytes = Read(request.path);
      const Verdict verdict = request.decoder->Run(bytes, request.input);
      // Details may quote invalid UTF-8 from the input: replaced, not thrown.
      out << Reply(verdict).dump(-1, ' ', false, Json::error_handler_t::replace) << std::endl;
    } catch (const std::exception& e) {  // ProtocolError or nlohmann's parse/type errors
      log << "worker: bad request (" << e.what() << "): " << line << std::endl;
      return 2;
    }
  }
  return 0;
}

}  // namespace serbench::robustness
