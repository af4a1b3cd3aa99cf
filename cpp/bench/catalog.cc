#include "cpp/bench/catalog.h"

#include <nlohmann/json.hpp>

namespace serbench::bench {

std::string CatalogJson(const Plan& plan, const std::string& profile) {
  using nlohmann::json;
  json libraries = json::array();
  for (const adapters::LibraryInfo& info : plan.libraries) {
    libraries.push_back({{"lib", info.lib},
                         {"format", info.format},
                         {"variant", info.variant.empty() ? json() : json(info.variant)},
                         {"version", info.version},
                         {"home", info.home},
                         {"capabilities", info.capabilities},
                         {"lazy_ops", json(info.lazy_ops)}});
  }
  json cases = json::array();
  for (const PlannedCase& p : plan.cases) {
    cases.push_back({{"id", CaseId(p.c)}, {"status", p.status}, {"reason", p.reason}});
  }
  return json{{"lang", "cpp"}, {"profile", profile}, {"libraries", libraries}, {"cases", cases}}
      .dump(1);
}

}  // namespace serbench::bench
