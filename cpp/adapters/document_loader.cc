#include "cpp/adapters/document_loader.h"

#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

#include "cpp/model/access.h"
#include "cpp/model/fixture.h"
#include "schemas/catalog/catalog.h"
#include "schemas/google_message/benchmarks.pb.h"

namespace serbench::adapters {
namespace {

// The access fields of the JSON documents (document_codec.h): a few named values
// near the top, as JSON pointers; a document not named here has none.
const std::map<std::string_view, std::vector<std::string>>& Access() {
  static const auto* access = new std::map<std::string_view, std::vector<std::string>>{
      {"twitter", {"/statuses/0/id", "/statuses/0/user/screen_name", "/search_metadata/count"}},
      {"citm_catalog", {"/events/138586341/name", "/performances", "/performances/0/id"}},
      {"canada", {"/type", "/features/0/geometry/coordinates"}},
      // bash is in every Debian apt index (it is Essential).
      {"packages", {"/packages/bash/version", "/packages/bash/installed_size", "/packages/bash/depends"}},
  };
  return *access;
}

// The payloads inside protobuf's BenchmarkDataset wrapper, and their type.
void Unwrap(const std::string& bytes, const std::string& path, Document& doc) {
  benchmarks::BenchmarkDataset dataset;
  if (!dataset.ParseFromString(bytes)) throw std::runtime_error("cannot parse " + path);
  doc.message = dataset.message_name();
  doc.payloads.assign(dataset.payload().begin(), dataset.payload().end());
}

}  // namespace

std::vector<std::string> DocumentNames() {
  std::vector<std::string> names;
  for (const catalog::RealDocument& d : catalog::kRealDocuments) names.emplace_back(d.name);
  return names;
}

std::shared_ptr<const Document> LoadDocument(std::string_view name) {
  for (const catalog::RealDocument& d : catalog::kRealDocuments) {
    if (d.name != name) continue;
    const bool protobuf = d.kind == "real_protobuf";
    const auto access = Access().find(d.name);
    Document doc{.name = std::string(d.name),
                 .format = protobuf ? "protobuf" : "json",
                 .payloads = {},
                 .access = access == Access().end() ? std::vector<std::string>{} : access->second};
    const std::string path(d.file);
    std::string bytes = model::ReadRunfile(path);
    if (protobuf) {
      Unwrap(bytes, path, doc);
    } else {
      doc.payloads.push_back(std::move(bytes));
    }
    return std::make_shared<const Document>(std::move(doc));
  }
  throw std::invalid_argument("unknown document " + std::string(name));
}

std::shared_ptr<const Document> SyntheticDocument(std::string_view dataset, std::size_t size) {
  std::vector<std::string> access = model::AccessPointers(dataset);
  return std::make_shared<const Document>(
      Document{.name = std::string(dataset), .format = "json",
               .payloads = {model::ReadRunfile(model::FixturePath(dataset, size))},
               .access = std::move(access), .access_each = "/records"});
}

std::shared_ptr<const Document> UserDocument(std::string name, const std::filesystem::path& path,
                                             const google::protobuf::Message* prototype) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return std::make_shared<const Document>(
      Document{.name = std::move(name), .format = "json", .payloads = {std::move(bytes)},
               .prototype = prototype});
}

}  // namespace serbench::adapters
