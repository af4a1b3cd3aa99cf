#include "cpp/robustness/protocol.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "cpp/adapters/flatbuffers_binding.h"
#include "cpp/adapters/registry.h"
#include "cpp/model/fixture.h"
#include "cpp/robustness/decoders.h"
#include "schemas/catalog/catalog.h"

namespace serbench::robustness {
namespace {

using Json = nlohmann::json;

const std::set<std::string> kCorpusFormats(catalog::kCorpusFormats.begin(),
                                           catalog::kCorpusFormats.end());

// A first byte that no format reads as the start of a payload: protobuf
// wire type 7, not JSON, a MessagePack fixint where a map must be, a
// FlatBuffers root offset past the end, 8 Cap'n Proto segments with no table.
const std::string kGarbage = "\x07 not a payload of any format \xff\xfe";

std::string WriteTemp(const std::string& name, const std::string& bytes) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

Json Request(const Decoder::Info& info, const std::string& path, Json dataset, Json size,
             const std::string& expect) {
  return {{"lib", info.lib},
          {"variant", info.variant ? Json(*info.variant) : Json(nullptr)},
          {"format", info.format},
          {"dataset", std::move(dataset)},
          {"size", std::move(size)},
          {"path", path},
          {"expect", expect}};
}

// Serves one request line; the reply, or the exit status when there is none.
std::pair<Json, int> ServeLine(const std::string& line) {
  std::istringstream in(line + "\n");
  std::ostringstream out, log;
  const int status = Serve(in, out, log);
  if (out.str().empty()) return {Json(), status};
  EXPECT_EQ(out.str().find('\n'), out.str().size() - 1) << "one line per reply";
  return {Json::parse(out.str()), status};
}

Json Reply(const Json& request) {
  auto [reply, status] = ServeLine(request.dump());
  EXPECT_EQ(status, 0) << request;
  EXPECT_EQ(reply.size(), 3u) << reply;
  EXPECT_TRUE(reply["ns"].is_number_integer()) << reply;
  return reply;
}

// The suite's encoder of a format (the first library that times encode).
const adapters::Library& Encoder(const std::string& format) {
  for (const adapters::Library& library : adapters::Libraries()) {
    if (library.info.format == format && library.Times("encode")) return library;
  }
  throw std::logic_error("no encoder for " + format);
}

TEST(ProtocolTest, ListsEverySuiteDecoderOfTheCorpusFormats) {
  std::ostringstream out;
  List(out);
  const Json list = Json::parse(out.str());
  std::set<std::string> listed, libs;
  for (const Json& d : list) {
    EXPECT_TRUE(kCorpusFormats.count(d.at("format"))) << d;
    EXPECT_FALSE(d.at("version").get<std::string>().empty()) << d;
    listed.insert(d.at("lib").get<std::string>() + "/" + d.at("variant").dump());
    libs.insert(d.at("lib").get<std::string>());
  }
  EXPECT_EQ(listed.size(), list.size()) << "each decoder once";
  for (const adapters::Library& library : adapters::Libraries()) {
    if (kCorpusFormats.count(library.info.format)) {
      EXPECT_TRUE(libs.count(library.info.lib)) << library.info.lib;
    }
  }
  EXPECT_TRUE(listed.count("flatbuffers/\"verify\""));
  EXPECT_TRUE(listed.count("flatbuffers/\"noverify\""));
  EXPECT_TRUE(listed.count("capnp/\"limits\""));
  EXPECT_TRUE(listed.count("protobuf/\"hardened\""));
  EXPECT_TRUE(listed.count("flatbuffers/\"hardened\""));
}

// An unmutated payload of every dataset: every decoder reads it back equal.
TEST(ProtocolTest, ControlsAreAcceptedEqual) {
  for (const auto& decoder : Decoders()) {
    const Decoder::Info& info = decoder->info();
    model::ForEachDataset([&]<typename R>(R) {
      const std::string path = WriteTemp(
          std::string(R::kDataset) + "." + info.format,
          Encoder(info.format).codec<R>().Encode(model::LoadFixture<R>(100)));
      const Json reply = Reply(Request(info, path, R::kDataset, 100, "fixture"));
      EXPECT_EQ(reply["outcome"], "accepted_equal") << info.lib << " " << R::kDataset << reply;
    });
  }
}

TEST(ProtocolTest, ADifferentPayloadNamesTheField) {
  const Decoder::Info& info = FindDecoder("msgpack_cxx", std::nullopt, "msgpack")->info();
  const std::string path = WriteTemp(
      "user_1.msgpack", Encoder("msgpack").codec<model::User>().Encode(model::LoadFixture<model::User>(1)));
  const Json reply = Reply(Request(info, path, "user", 100, "fixture"));
  EXPECT_EQ(reply["outcome"], "accepted_different");
  EXPECT_EQ(reply["detail"], "records: want 100 elements, got 1");
}

// noverify reads garbage as it is (the driver isolates it): not run here.
// cereal's and Boost's binary archives check no size against the input:
// garbage read as a vector's size is a huge allocation, a memory_blowup that
// the worker still answers (a library finding, not a crash of the worker).
TEST(ProtocolTest, GarbageIsACleanError) {
  const std::set<std::string> unchecked_sizes = {"cereal", "boost_binary"};
  const std::string path = WriteTemp("garbage.bin", kGarbage);
  for (const auto& decoder : Decoders()) {
    const Decoder::Info& info = decoder->info();
    if (info.variant == "noverify") continue;
    const Json reply = Reply(Request(info, path, "order", 1, "fixture"));
    if (unchecked_sizes.count(info.format)) {
      EXPECT_TRUE(reply["outcome"] == "clean_error" || reply["outcome"] == "memory_blowup")
          << info.lib << reply;
    } else {
      EXPECT_EQ(reply["outcome"], "clean_error") << info.lib << reply;
    }
    EXPECT_GT(reply["ns"].get<std::int64_t>(), 0);
  }
}

TEST(ProtocolTest, SchemalessDecodersJustParseInputsWithoutFixture) {
  const std::string valid = WriteTemp("valid.json", R"([1, {"a": null, "b": [true, "\u00e9"]}])");
  const std::string invalid = WriteTemp("invalid.json", "[1,]");
  for (const auto& decoder : Decoders()) {
    const Decoder::Info& info = decoder->info();
    if (!info.schemaless) continue;
    EXPECT_EQ(Reply(Request(info, valid, nullptr, nullptr, "accept"))["outcome"], "accepted");
    EXPECT_EQ(Reply(Request(info, invalid, nullptr, nullptr, "reject"))["outcome"], "clean_error");
  }
}

// RFC 8259 allows any value as the root: every schema-less decoder accepts
// scalar roots (its own outcome, not the suite's access-field rule).
TEST(ProtocolTest, SchemalessDecodersAcceptScalarRoots) {
  for (const std::string text : {"null", "true", "false", "-0.1", "\"s\""}) {
    const std::string path = WriteTemp("scalar.json", text);
    for (const auto& decoder : Decoders()) {
      const Decoder::Info& info = decoder->info();
      if (!info.schemaless) continue;
      EXPECT_EQ(Reply(Request(info, path, nullptr, nullptr, "accept"))["outcome"], "accepted")
          << info.lib << " " << text;
    }
  }
}

// A filetree 20 directories deep: 41 nested messages / tables, within the
// defaults (protobuf 100, FlatBuffers 64), beyond the hardened limits (32).
model::Node Deep(int levels) {
  model::File leaf;
  leaf.name = "leaf";
  model::Node node{leaf};
  for (int i = 0; i < levels; ++i) {
    model::Directory dir;
    dir.name = "d";
    dir.contents.push_back(std::move(node));
    node = model::Node{std::move(dir)};
  }
  return node;
}

TEST(ProtocolTest, HardenedVariantsRefuseWhatTheDefaultsRead) {
  const std::pair<std::string, std::optional<std::string>> defaults[] = {
      {"protobuf", std::nullopt}, {"flatbuffers", "verify"}};
  for (const auto& [format, variant] : defaults) {
    const std::string path = WriteTemp(
        "deep." + format, Encoder(format).codec<model::Node>().Encode({Deep(20)}));
    const Decoder* normal = FindDecoder(format, variant, format);
    const Decoder* hardened = FindDecoder(format, "hardened", format);
    ASSERT_NE(normal, nullptr) << format;
    ASSERT_NE(hardened, nullptr) << format;
    const Json fine = Reply(Request(normal->info(), path, "filetree", 1, "fixture"));
    EXPECT_EQ(fine["outcome"], "accepted_different") << format << fine;
    const Json hard = Reply(Request(hardened->info(), path, "filetree", 1, "fixture"));
    EXPECT_EQ(hard["outcome"], "clean_error") << format << hard;
  }
}

// The hardened limits are above what every fixture needs, the largest too.
TEST(ProtocolTest, HardenedVariantsReadEveryLargestFixtureEqual) {
  for (const std::string format : {"protobuf", "flatbuffers"}) {
    const Decoder* hardened = FindDecoder(format, "hardened", format);
    ASSERT_NE(hardened, nullptr) << format;
    model::ForEachDataset([&]<typename R>(R) {
      const std::string path = WriteTemp(
          std::string(R::kDataset) + "_1000." + format,
          Encoder(format).codec<R>().Encode(model::LoadFixture<R>(1000)));
      const Json reply = Reply(Request(hardened->info(), path, R::kDataset, 1000, "fixture"));
      EXPECT_EQ(reply["outcome"], "accepted_equal") << format << " " << R::kDataset << reply;
    });
  }
}

// A Node whose union type says Directory with the value absent passes the
// Verifier; `verify` reads the unpacked objects as a program would: a clean
// error, not a crash in a re-serialization.
TEST(ProtocolTest, FlatbuffersVerifyReadsAnAbsentUnionValueCleanly) {
  namespace ff = ::serbench::filetree::fbs;
  ::flatbuffers::FlatBufferBuilder b;
  const auto node = ff::CreateNode(b, ff::Entry_Directory, 0);
  b.Finish(ff::CreatePayload(b, b.CreateVector(&node, 1)));
  const std::string path = WriteTemp(
      "absent.fbs", std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize()));
  const Json reply =
      Reply(Request(FindDecoder("flatbuffers", "verify", "flatbuffers")->info(), path,
                    "filetree", 1, "fixture"));
  EXPECT_EQ(reply["outcome"], "clean_error") << reply;
  EXPECT_EQ(reply["detail"], "serbench::adapters::DecodeError: flatbuffers: filetree Node has no entry")
      << reply;
}

TEST(ProtocolTest, DriverBugsExitTwo) {
  const std::string path = WriteTemp("bugs.json", "{}");
  const Decoder::Info typed = FindDecoder("nlohmann", std::nullopt, "json")->info();
  Decoder::Info unknown = typed;
  unknown.lib = "nosuch";
  for (const std::string& line :
       {std::string("not json"), std::string("[]"),
        Request(unknown, path, "user", 1, "fixture").dump(),
        Request(typed, path, nullptr, nullptr, "accept").dump(),
        Request(typed, path, "nosuch", 1, "fixture").dump(),
        Request(typed, path, "user", 7, "fixture").dump(),
        Request(typed, path, "user", 1, "maybe").dump(),
        Request(typed, path + ".missing", "user", 1, "fixture").dump()}) {
    const auto [reply, status] = ServeLine(line);
    EXPECT_EQ(status, 2) << line;
    EXPECT_TRUE(reply.is_null()) << line;
  }
}

}  // namespace
}  // namespace serbench::robustness
