#include "cpp/bench/proto_plugin.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

#include <google/protobuf/descriptor.h>
#include <gtest/gtest.h>

#include "cpp/bench/plan.h"

namespace serbench::bench {
namespace {

// Built from proto_plugin_test.proto and proto_plugin_entry.cc, as the runner builds one.
constexpr char kPlugin[] = "cpp/bench/proto_plugin_test.so";
constexpr char kPoint[] = "serbench.plugin_test.Point";

TEST(ProtoPluginTest, GivesTheGeneratedMessageByItsName) {
  const google::protobuf::Message& point = LoadPrototype(kPlugin, kPoint);
  EXPECT_EQ(point.GetTypeName(), kPoint);
  // The generated class, not a DynamicMessage of a pool of its own.
  EXPECT_EQ(point.GetDescriptor()->file()->pool(), google::protobuf::DescriptorPool::generated_pool());
  EXPECT_THROW(LoadPrototype(kPlugin, "serbench.plugin_test.Nope"), std::invalid_argument);
  EXPECT_THROW(LoadPrototype("cpp/bench/absent.so", kPoint), std::invalid_argument);
}

// --document with --proto-plugin: protobuf times the document as the message, in binary
// (heap and arena) and JSON; a document that does not fit it is refused naming the field.
TEST(ProtoPluginTest, PlansProtobufBinaryAndJsonOnTheDocument) {
  const std::filesystem::path dir = testing::TempDir();
  std::ofstream(dir / "fits.json") << R"({"x": "9007199254740993", "y": 0.1, "label": "caf\u00e9"})";
  std::ofstream(dir / "misfit.json") << R"({"x": 1, "lable": "a"})";
  const auto statuses = [&](const std::string& file) {
    const Plan plan = PlanSuite({.library = "protobuf", .dataset = "mine:t", .document = dir / file,
                                 .proto_plugin = kPlugin, .message = kPoint});
    std::map<std::string, PlannedCase> found;
    for (const PlannedCase& p : plan.cases) found.emplace(CaseId(p.c), p);
    return found;
  };
  const auto fits = statuses("fits.json");
  const auto misfits = statuses("misfit.json");
  const std::string prefix = "dataset=mine:t/size=1/op=";
  for (const std::string op : {"encode", "decode", "roundtrip"}) {
    for (const std::string tail : {"/format=protobuf/lib=protobuf",
                                   "/format=protobuf/lib=protobuf/variant=arena", "/format=json/lib=protobuf"}) {
      EXPECT_EQ(fits.at(prefix + op + tail).status, "measured") << op << tail;
      const PlannedCase& misfit = misfits.at(prefix + op + tail);
      EXPECT_EQ(misfit.status, "refused") << op << tail;
      EXPECT_NE(misfit.reason.find("lable"), std::string::npos) << misfit.reason;
    }
  }
}

}  // namespace
}  // namespace serbench::bench
