// The worker's side of the robustness protocol (tools/robustness/README.md):
// `worker --list` and serve mode, over streams so tests can drive them.
#pragma once

#include <istream>
#include <ostream>

namespace serbench::robustness {

// One JSON array of every decoder: lib, variant, format, version, schemaless.
void List(std::ostream& out);

// Answers one JSON request line with one JSON reply line (flushed) until
// `in` ends, then returns 0. A malformed request, an unknown decoder or any
// other driver bug: a message on `log`, and returns 2 at once.
int Serve(std::istream& in, std::ostream& out, std::ostream& log);

}  // namespace serbench::robustness
