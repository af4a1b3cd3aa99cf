// The C++ robustness worker (runner/crosslang/robustness/README.md):
//   worker --list   the decoders, as one JSON array
//   worker          serve: one JSON request per stdin line, one reply per stdout line
// Exit 2 on usage errors and driver bugs. Nothing but replies goes to stdout.
#include <iostream>
#include <string_view>

#include "cpp/model/fixture.h"
#include "cpp/robustness/protocol.h"

int main(int argc, char** argv) {
  serbench::model::SetArgv0(argv[0]);
  if (argc == 2 && std::string_view(argv[1]) == "--list") {
    serbench::robustness::List(std::cout);
    return 0;
  }
  if (argc != 1) {
    std::cerr << "usage: worker [--list]\n";
    return 2;
  }
  return serbench::robustness::Serve(std::cin, std::cout, std::cerr);
}
