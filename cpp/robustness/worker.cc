// The C++ robustness worker (runner/crosslang/robustness/README.md):
//   worker --list   the decoders, as one JSON array
//   worker          serve: one JSON request per stdin line, one reply per stdout line
//   worker --seeds DIR FORMAT...
//                   writes DIR/<dataset>_<size>.<format>: the corpus's seed vectors
//                   of the formats only C++ writes
// Exit 2 on usage errors and driver bugs. Nothing but replies goes to stdout.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string_view>

#include "cpp/model/fixture.h"
#include "cpp/robustness/decoders.h"
#include "cpp/robustness/protocol.h"
#include "schemas/catalog/catalog.h"

namespace {

// The sizes the corpus mutates (runner/crosslang/robustness/generate.py: CONTROL_SIZES).
constexpr std::size_t kSeedSizes[] = {1, 100};

void WriteSeeds(const std::filesystem::path& dir, char** formats, int count) {
  std::filesystem::create_directories(dir);
  for (int i = 0; i < count; ++i) {
    const std::string format = formats[i];
    for (std::string_view dataset : serbench::catalog::kSyntheticDatasets) {
      for (std::size_t size : kSeedSizes) {
        const auto name = std::string(dataset) + "_" + std::to_string(size) + "." + format;
        std::ofstream(dir / name, std::ios::binary)
            << serbench::robustness::Seed(format, dataset, size);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  serbench::model::SetArgv0(argv[0]);
  if (argc == 2 && std::string_view(argv[1]) == "--list") {
    serbench::robustness::List(std::cout);
    return 0;
  }
  if (argc > 3 && std::string_view(argv[1]) == "--seeds") {
    WriteSeeds(argv[2], argv + 3, argc - 3);
    return 0;
  }
  if (argc != 1) {
    std::cerr << "usage: worker [--list | --seeds DIR FORMAT...]\n";
    return 2;
  }
  return serbench::robustness::Serve(std::cin, std::cout, std::cerr);
}
