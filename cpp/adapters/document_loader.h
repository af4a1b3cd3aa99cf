// The real documents of schemas/README.md, loaded from runfiles: the JSON
// documents (twitter, citm_catalog, canada, packages) as their text, the
// google_message datasets as the payloads inside their BenchmarkDataset
// wrapper (unwrapped here, untimed); and a synthetic dataset's canonical
// JSON fixture of one size as a JSON document.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

// In the contract's order.
std::vector<std::string> DocumentNames();

// Throws std::invalid_argument for an unknown name, std::runtime_error for
// a missing runfile.
std::shared_ptr<const Document> LoadDocument(std::string_view name);

// The fixture schemas/<dataset>/<dataset>_<size>.json as it is, its access
// fields the catalog's access paths of every record (Document::access_each).
// Throws std::invalid_argument for an unknown dataset, std::runtime_error
// for a missing runfile.
std::shared_ptr<const Document> SyntheticDocument(std::string_view dataset, std::size_t size);

// A user's JSON document (the bench's --document), read from `path` as it is
// and named `name`, mapped to `prototype`'s message when given; no access
// fields. Throws std::runtime_error when the file cannot be read.
std::shared_ptr<const Document> UserDocument(std::string name, const std::filesystem::path& path,
                                             const google::protobuf::Message* prototype = nullptr);

}  // namespace serbench::adapters
