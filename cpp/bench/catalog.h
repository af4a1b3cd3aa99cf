// DIR/cpp-cases.json, the case catalog every suite writes beside its native
// output: every case the suite knows of, with its status and reason.
#pragma once

#include <string>

#include "cpp/bench/plan.h"

namespace serbench::bench {

// {"lang": "cpp", "profile", "libraries": [...], "cases": [{"id", "status", "reason"}]}
std::string CatalogJson(const Plan& plan, const std::string& profile);

}  // namespace serbench::bench
