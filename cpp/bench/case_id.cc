#include "cpp/bench/case_id.h"

#include <algorithm>

namespace serbench::bench {

std::string CaseId(const Case& c) {
  std::string id = "dataset=" + c.dataset + "/size=" + std::to_string(c.size) +
                   "/op=" + c.op + "/format=" + c.format + "/lib=" + c.lib;
  if (!c.variant.empty()) id += "/variant=" + c.variant;
  return id;
}

std::string PayloadFileName(const Case& c) {
  std::string name = CaseId(c);
  std::replace(name.begin(), name.end(), '/', ',');
  return name + ".bin";
}

}  // namespace serbench::bench
