#include "cpp/bench/case_id.h"

namespace serbench::bench {

std::string CaseId(const Case& c) {
  std::string id = "dataset=" + c.dataset + "/size=" + std::to_string(c.size) +
                   "/op=" + c.op + "/format=" + c.format + "/lib=" + c.lib;
  if (!c.variant.empty()) id += "/variant=" + c.variant;
  return id;
}

}  // namespace serbench::bench
