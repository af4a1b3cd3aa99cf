// The real documents of schemas/README.md, loaded from runfiles: the JSON
// documents (twitter, citm_catalog, canada, packages) as their text, the
// google_message datasets as the payloads inside their BenchmarkDataset
// wrapper (unwrapped here, untimed).
#pragma once

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

}  // namespace serbench::adapters
