#include "cpp/adapters/document_loader.h"

#include <stdexcept>

#include "cpp/model/access.h"
#include "cpp/model/fixture.h"
#include "schemas/google_message/benchmarks.pb.h"

namespace serbench::adapters {
namespace {

struct Source {
  std::string name;
  std::string format;
  std::string path;  // the runfile
  // json: the access fields (document_codec.h), a few named values near the top.
  std::vector<std::string> access = {};
};

const std::vector<Source>& Sources() {
  static const auto* sources = new std::vector<Source>{
      {"twitter", "json", "schemas/real/twitter.json",
       {"/statuses/0/id", "/statuses/0/user/screen_name", "/search_metadata/count"}},
      {"citm_catalog", "json", "schemas/real/citm_catalog.json",
       {"/events/138586341/name", "/performances", "/performances/0/id"}},
      {"canada", "json", "schemas/real/canada.json",
       {"/type", "/features/0/geometry/coordinates"}},
      {"google_message1_proto2", "protobuf", "schemas/google_message/google_message1_proto2.pb"},
      {"google_message1_proto3", "protobuf", "schemas/google_message/google_message1_proto3.pb"},
      {"google_message2", "protobuf", "schemas/google_message/google_message2.pb"},
      // bash is in every Debian apt index (it is Essential).
      {"packages", "json", "schemas/packages/packages.json",
       {"/packages/bash/version", "/packages/bash/installed_size", "/packages/bash/depends"}},
  };
  return *sources;
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
  for (const Source& s : Sources()) names.push_back(s.name);
  return names;
}

std::shared_ptr<const Document> LoadDocument(std::string_view name) {
  for (const Source& s : Sources()) {
    if (s.name != name) continue;
    Document doc{.name = s.name, .format = s.format, .payloads = {}, .access = s.access};
    std::string bytes = model::ReadRunfile(s.path);
    if (s.format == "protobuf") {
      Unwrap(bytes, s.path, doc);
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

}  // namespace serbench::adapters
