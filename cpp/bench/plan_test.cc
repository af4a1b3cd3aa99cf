#include "cpp/bench/plan.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cpp/bench/catalog.h"
#include "cpp/model/fixture.h"

namespace serbench::bench {
namespace {

TEST(PlanSuiteTest, RefusesUnknownNames) {
  EXPECT_THROW(PlanSuite({.library = "nosuchlib"}), std::invalid_argument);
  EXPECT_THROW(PlanSuite({.dataset = "nosuchdata"}), std::invalid_argument);
}

TEST(PlanSuiteTest, EveryCaseOnceWithMeasuredOpsAndMemcpyPerSize) {
  const Plan plan = PlanSuite({.dataset = "order"});
  std::set<std::string> ids;
  std::map<std::string, int> memcpy_by_size;
  for (const PlannedCase& p : plan.cases) {
    EXPECT_TRUE(ids.insert(CaseId(p.c)).second) << CaseId(p.c);
    EXPECT_NE(p.status, "refused") << CaseId(p.c) << ": " << p.reason;
    EXPECT_EQ(p.status == "measured", p.op != nullptr) << CaseId(p.c);
    EXPECT_EQ(p.status == "measured", p.reason.empty()) << CaseId(p.c);
    if (p.status == "measured") {
      EXPECT_GT(p.wire_bytes, 0u) << CaseId(p.c);
    }
    if (p.c.lib == "memcpy") ++memcpy_by_size[std::to_string(p.c.size)];
  }
  EXPECT_EQ(memcpy_by_size, (std::map<std::string, int>{{"1", 1}, {"100", 1}, {"1000", 1}}));
}

TEST(PlanSuiteTest, MeasuredOpsRun) {
  for (const PlannedCase& p : PlanSuite({.library = "protobuf", .dataset = "user"}).cases) {
    if (p.op) p.op();
    EXPECT_EQ(p.op != nullptr, p.status == "measured") << CaseId(p.c);
    if (p.c.op == "decode") {
      ASSERT_TRUE(p.allocs.has_value()) << CaseId(p.c);
      EXPECT_GT(p.allocs->allocs, 0) << CaseId(p.c);
      // The decoded records are alive together at the end of the operation.
      EXPECT_GT(p.allocs->peak_bytes, 0) << CaseId(p.c);
      EXPECT_LE(p.allocs->peak_bytes, p.allocs->bytes + 64 * p.allocs->allocs) << CaseId(p.c);
    }
  }
}

// A later round's worker plans as measured only the cases the checking worker
// measured, each warmed up, without counting its allocations again.
TEST(PlanSuiteTest, VerifiedPlanTimesOnlyTheCheckedCases) {
  const Plan checked = PlanSuite({.library = "protobuf", .dataset = "user"});
  std::set<std::string> measured;
  for (const PlannedCase& p : checked.cases) {
    if (p.status == "measured") measured.insert(CaseId(p.c));
  }
  ASSERT_GT(measured.size(), 1u);
  const std::string left_out = *measured.begin();
  measured.erase(left_out);
  const Plan trusted = PlanSuite({.library = "protobuf", .dataset = "user", .verified = measured});
  ASSERT_EQ(checked.cases.size(), trusted.cases.size());
  for (const PlannedCase& p : trusted.cases) {
    EXPECT_EQ(p.status == "measured", measured.contains(CaseId(p.c))) << CaseId(p.c);
    EXPECT_EQ(p.op != nullptr, p.status == "measured") << CaseId(p.c);
    EXPECT_FALSE(p.allocs.has_value()) << CaseId(p.c);
  }
}

// The floor copies into a buffer allocated at planning time.
TEST(PlanSuiteTest, MemcpyAllocatesNothing) {
  const Plan plan = PlanSuite({.library = "memcpy", .dataset = "mail"});
  ASSERT_EQ(plan.cases.size(), 3u);
  for (const PlannedCase& p : plan.cases) {
    ASSERT_TRUE(p.allocs.has_value()) << CaseId(p.c);
    EXPECT_EQ(p.allocs->allocs, 0) << CaseId(p.c);
    EXPECT_EQ(p.allocs->bytes, 0) << CaseId(p.c);
    EXPECT_EQ(p.allocs->peak_bytes, 0) << CaseId(p.c);
  }
}

// A --cases file's libraries: only they are verified and planned.
TEST(PlanSuiteTest, PlansOnlyTheNamedLibraries) {
  const Plan plan = PlanSuite({.dataset = "user", .libraries = {"protobuf", "memcpy"}});
  ASSERT_FALSE(plan.cases.empty());
  std::set<std::string> planned;
  for (const PlannedCase& p : plan.cases) planned.insert(p.c.lib);
  EXPECT_EQ(planned, (std::set<std::string>{"protobuf", "memcpy"}));
  for (const auto& info : plan.libraries) EXPECT_TRUE(planned.contains(info.lib)) << info.lib;
}

// A real document: measured by the libraries of its format (after their
// round-trip check), not applicable, with a reason, for every other one.
TEST(PlanSuiteTest, PlansRealDocumentsByFormat) {
  std::map<std::string, int> measured;
  const Plan plan = PlanSuite({.dataset = "google_message1_proto3"});
  for (const PlannedCase& p : plan.cases) {
    EXPECT_NE(p.status, "refused") << CaseId(p.c) << ": " << p.reason;
    EXPECT_EQ(p.status == "measured", p.reason.empty()) << CaseId(p.c);
    if (p.status == "measured") ++measured[p.c.lib + "/" + p.c.variant];
  }
  EXPECT_EQ(measured, (std::map<std::string, int>{{"memcpy/", 1}, {"protobuf/", 3},
                                                  {"protobuf/arena", 3}}));
}

// A profile that times only a document's decode lists its other ops as not
// measured, with the profile's reason; the ops a library lacks stay not applicable.
TEST(PlanSuiteTest, TimesOnlyDecodeOfTheDecodeOnlyDocument) {
  const Plan plan = PlanSuite({.library = "protobuf",
                               .dataset = "google_message1_proto3",
                               .decode_only = "google_message1_proto3",
                               .decode_only_reason = "decode only here"});
  // protobuf's code-generated entry does not apply to a real document: the
  // statuses of its document entry are the measured and not measured ones.
  std::map<std::string, std::set<std::string>> status;
  for (const PlannedCase& p : plan.cases) {
    if (p.c.variant.empty()) status[p.c.op].insert(p.status + (p.reason == "decode only here" ? "!" : ""));
  }
  EXPECT_EQ(status["decode"], (std::set<std::string>{"measured", "not_applicable"}));
  EXPECT_EQ(status["encode"], (std::set<std::string>{"not_measured!", "not_applicable"}));
  EXPECT_EQ(status["roundtrip"], (std::set<std::string>{"not_measured!", "not_applicable"}));
  EXPECT_EQ(status["access_lazy"], (std::set<std::string>{"not_applicable"}));
}

// The schema-less JSON DOMs time a synthetic dataset's canonical JSON: their
// four ops at every size, the fixture's bytes as the wire size of what is
// parsed (encode's is what the library writes: see the next test).
// What a schema-less decode reads: a JSON DOM the fixture's text, a binary
// format fed the same tree its own encoding (as many bytes as encode writes).
TEST(PlanSuiteTest, PlansSchemalessDocumentsOnSyntheticDatasets) {
  std::map<std::string, int> measured;
  std::map<std::string, std::size_t> encoded, decoded;
  for (const PlannedCase& p : PlanSuite({.dataset = "game"}).cases) {
    if (p.c.variant != "schemaless") continue;
    EXPECT_NE(p.status, "refused") << CaseId(p.c) << ": " << p.reason;
    if (p.status != "measured") continue;
    ++measured[p.c.lib + "/" + p.c.format];
    const std::string key = CaseId(p.c).substr(0, CaseId(p.c).find("/op=")) + p.c.lib + p.c.format;
    if (p.c.op == "encode") encoded[key] = p.wire_bytes;
    if (p.c.op != "decode") continue;
    const std::size_t text = model::ReadRunfile(model::FixturePath("game", p.c.size)).size();
    if (p.c.format == "json") {
      EXPECT_EQ(p.wire_bytes, text) << CaseId(p.c);
    } else {
      decoded[key] = p.wire_bytes;
    }
  }
  EXPECT_EQ(measured, (std::map<std::string, int>{{"jsoncpp/json", 12},
                                                  {"msgpack_cxx/msgpack", 9},
                                                  {"nlohmann/cbor", 9},
                                                  {"nlohmann/json", 12},
                                                  {"nlohmann/msgpack", 9},
                                                  {"rapidjson/json", 12},
                                                  {"simdjson/json", 12}}));
  ASSERT_EQ(decoded.size(), 9u);
  for (const auto& [key, bytes] : decoded) EXPECT_EQ(bytes, encoded[key]) << key;
}

// Each measured encode case (and only those) makes its payload: as many bytes
// as its wire_bytes, written once per case by WritePayloads.
TEST(PlanSuiteTest, WritesEachMeasuredEncodeCasePayload) {
  const Plan plan = PlanSuite({.dataset = "user"});
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "payloads";
  std::filesystem::remove_all(dir);
  WritePayloads(plan, dir);
  std::size_t encodes = 0;
  for (const PlannedCase& p : plan.cases) {
    const bool encode = p.status == "measured" && p.c.op == "encode";
    EXPECT_EQ(encode, p.payload != nullptr) << CaseId(p.c);
    if (!encode) continue;
    ++encodes;
    std::ifstream in(dir / PayloadFileName(p.c), std::ios::binary);
    const std::string written{std::istreambuf_iterator<char>(in), {}};
    EXPECT_EQ(written, p.payload()) << CaseId(p.c);
    EXPECT_EQ(written.size(), p.wire_bytes) << CaseId(p.c);
  }
  EXPECT_GT(encodes, 10u);
  EXPECT_EQ(static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir),
                                                   std::filesystem::directory_iterator())),
            encodes);
}

TEST(CatalogJsonTest, FollowsTheProtocol) {
  const auto catalog = nlohmann::json::parse(CatalogJson(PlanSuite({.library = "protobuf",
                                                                    .dataset = "game"}),
                                                         "quick"));
  EXPECT_EQ(catalog["lang"], "cpp");
  EXPECT_EQ(catalog["profile"], "quick");
  // protobuf, its arena variant, and protobuf JSON (a user's message only: no case here).
  ASSERT_EQ(catalog["libraries"].size(), 3u);
  EXPECT_EQ(catalog["libraries"][1]["variant"], "arena");
  EXPECT_EQ(catalog["libraries"][2]["format"], "json");
  EXPECT_TRUE(catalog["libraries"][0]["variant"].is_null());
  EXPECT_EQ(catalog["cases"][0]["id"], "dataset=game/size=1/op=encode/format=protobuf/lib=protobuf");
  EXPECT_EQ(catalog["cases"][0]["status"], "measured");
  EXPECT_EQ(catalog["cases"].size(), 2u * 3u * 6u);  // 2 libraries x 3 sizes x 6 ops
  EXPECT_EQ(catalog["libraries"][0]["lazy_ops"], nlohmann::json::object());  // every op full
}

// Cap'n Proto's encode and decode are lazy, each with its reason; its convert
// and FlatBuffers' decode (UnPack) are full.
TEST(CatalogJsonTest, ListsLazyOpsWithReasons) {
  const auto catalog = nlohmann::json::parse(CatalogJson(PlanSuite({.library = "capnp",
                                                                    .dataset = "user"}),
                                                         "quick"));
  const auto& lazy = catalog["libraries"].at(0)["lazy_ops"];
  EXPECT_TRUE(lazy["encode"].is_string());
  EXPECT_TRUE(lazy["decode"].is_string());
  EXPECT_FALSE(lazy.contains("convert"));
  const auto fb = nlohmann::json::parse(CatalogJson(PlanSuite({.library = "flatbuffers",
                                                              .dataset = "user"}),
                                                    "quick"));
  EXPECT_EQ(fb["libraries"].at(0)["lazy_ops"].size(), 1u);
  EXPECT_TRUE(fb["libraries"].at(0)["lazy_ops"]["access_lazy"].is_string());
}

}  // namespace
}  // namespace serbench::bench
