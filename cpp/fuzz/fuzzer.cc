// The libFuzzer harness of every C++ robustness decoder (cpp/fuzz/README.md).
//   fuzzer --list      the decoders, as the robustness worker lists them
//   SERBENCH_FUZZ_LIB=protobuf SERBENCH_FUZZ_VARIANT=hardened SERBENCH_FUZZ_FORMAT=protobuf \
//     fuzzer [libFuzzer flags] CORPUS_DIR...
// A typed decoder reads its input's first byte as the dataset (its index in the
// catalog's synthetic datasets, modulo their count) and decodes the rest as that
// dataset's records; a schemaless decoder decodes the whole input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "cpp/robustness/decoders.h"
#include "cpp/robustness/protocol.h"
#include "schemas/catalog/catalog.h"

namespace {

using serbench::robustness::Decoder;

const Decoder* selected = nullptr;

std::optional<std::string> Env(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

const Decoder* Select() {
  const std::optional<std::string> lib = Env("SERBENCH_FUZZ_LIB"), format = Env("SERBENCH_FUZZ_FORMAT");
  if (!lib || !format) return nullptr;
  return serbench::robustness::FindDecoder(*lib, Env("SERBENCH_FUZZ_VARIANT"), *format);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  if (*argc == 2 && std::string_view((*argv)[1]) == "--list") {
    serbench::robustness::List(std::cout);
    std::exit(0);
  }
  selected = Select();
  if (selected == nullptr) {
    std::cerr << "fuzzer: set SERBENCH_FUZZ_LIB, SERBENCH_FUZZ_FORMAT (and SERBENCH_FUZZ_VARIANT)"
                 " to a decoder of `fuzzer --list`\n";
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::optional<std::string> dataset;
  if (!selected->info().schemaless) {
    if (bytes.empty()) return -1;  // no dataset byte: not worth keeping in the corpus
    const auto& datasets = serbench::catalog::kSyntheticDatasets;
    dataset = std::string(datasets[data[0] % datasets.size()]);
    bytes.remove_prefix(1);
  }
  // In a string of its own, as the worker reads a file: the library sees the buffer
  // aligned as in the worker, never one byte past libFuzzer's.
  const std::string input(bytes);
  try {
    selected->Decode(input, dataset);
  } catch (...) {  // any exception is the library refusing the input: a clean error
  }
  return 0;
}
