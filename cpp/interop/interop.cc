// The C++ testee of the cross-language interop matrix:
//   interop encode --format F --dataset D --size N --out FILE
//   interop decode --format F --dataset D --size N --in FILE
//   interop serve   (those steps one a line on stdin, arguments tab-separated; each
//                    answered on stdout with one line: its exit code, a tab, the last
//                    line it said)
// Reference libraries: protobuf (libprotobuf), flatbuffers, msgpack
// (msgpack-cxx, map mode), json (nlohmann-json), capnp (Cap'n Proto: the
// standard unpacked message, read with FlatArrayMessageReader), thrift_binary and
// thrift_compact (libthrift's two protocols). Exit 0 ok; 1 decoded but
// different, or failed to decode; 2 usage error; 3 not applicable.
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cpp/adapters/capnp_adapter.h"
#include "cpp/adapters/flatbuffers_adapter.h"
#include "cpp/adapters/msgpack_adapter.h"
#include "cpp/adapters/nlohmann_adapter.h"
#include "cpp/adapters/protobuf_adapter.h"
#include "cpp/adapters/thrift_adapter.h"
#include "cpp/model/datasets.h"
#include "cpp/model/diff.h"
#include "cpp/model/fixture.h"

namespace serbench::interop {
namespace {

using adapters::Library;

constexpr char kUsage[] =
    "usage: interop encode|decode --format F --dataset D --size N (--out|--in) FILE\n"
    "  formats: protobuf flatbuffers msgpack json capnp thrift_binary thrift_compact";

struct Usage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Request {
  std::string command, format, dataset, file;
  std::size_t size = 0;
};

Request Parse(const std::vector<std::string>& args) {
  if (args.empty() || (args[0] != "encode" && args[0] != "decode")) {
    throw Usage("the first argument must be encode or decode");
  }
  std::map<std::string, std::string> flags;
  for (std::size_t i = 1; i + 1 < args.size(); i += 2) flags[args[i]] = args[i + 1];
  const std::string file_flag = args[0] == "encode" ? "--out" : "--in";
  for (const std::string& f : {std::string("--format"), std::string("--dataset"),
                               std::string("--size"), file_flag}) {
    if (!flags.count(f)) throw Usage("missing " + f);
  }
  if (args.size() % 2 == 0 || flags.size() != 4) throw Usage("unexpected arguments");
  try {
    return {args[0], flags["--format"], flags["--dataset"], flags[file_flag],
            std::stoul(flags["--size"])};
  } catch (const std::logic_error&) {
    throw Usage("--size must be a number");
  }
}

// The reference library of each format, or nullopt when there is none.
std::optional<Library> Reference(const std::string& format) {
  if (format == "protobuf") return adapters::ProtobufLibrary();
  if (format == "flatbuffers") return adapters::FlatbuffersLibrary();
  if (format == "msgpack") return adapters::MsgpackLibrary();
  if (format == "json") return adapters::NlohmannLibrary();
  if (format == "capnp") return adapters::CapnpLibrary();
  if (format == "thrift_binary") return adapters::ThriftLibrary();
  if (format == "thrift_compact") return adapters::ThriftCompactLibrary();
  return std::nullopt;
}

template <typename R>
int Run(const Request& request, const Library& library) {
  const std::vector<R> fixture = model::LoadFixture<R>(request.size);
  const adapters::Codec<R>& codec = library.codec<R>();
  if (request.command == "encode") {
    std::ofstream out(request.file, std::ios::binary);
    out << codec.Encode(fixture);
    if (!out) throw std::runtime_error("cannot write " + request.file);
    return 0;
  }
  std::vector<R> decoded;
  try {
    decoded = codec.Decode(model::ReadFile(request.file));
  } catch (const std::exception& e) {
    std::cout << "failed to decode: " << e.what() << "\n";
    return 1;
  }
  if (const auto diff = model::FirstDifference(fixture, decoded)) {
    std::cout << *diff << "\n";
    return 1;
  }
  return 0;
}

int Main(const std::vector<std::string>& args) {
  const Request request = Parse(args);
  const auto library = Reference(request.format);
  if (!library) {
    std::cout << "not-applicable: the C++ suite has no reference library for format "
              << request.format << "\n";
    return 3;
  }
  std::optional<int> status;
  model::ForEachDataset([&]<typename R>(R) {
    if (request.dataset == R::kDataset) status = Run<R>(request, *library);
  });
  if (!status) throw Usage("unknown dataset " + request.dataset);
  return *status;
}

// One step, as a process of its own would end it: its exit code.
int Guarded(const std::vector<std::string>& args) {
  try {
    return Main(args);
  } catch (const Usage& e) {
    std::cerr << e.what() << "\n" << kUsage << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "interop: " << e.what() << "\n";
    return 1;
  }
}

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, '\t');) fields.push_back(field);
  return fields;
}

std::string LastLine(const std::string& text) {
  std::string last;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  }
  return last;
}

// Steps until stdin ends: one process for many steps (a start costs more than a step).
int Serve() {
  std::ostream replies(std::cout.rdbuf());
  for (std::string line; std::getline(std::cin, line);) {
    std::ostringstream said;
    std::streambuf* out = std::cout.rdbuf(said.rdbuf());
    std::streambuf* err = std::cerr.rdbuf(said.rdbuf());
    const int code = Guarded(SplitTabs(line));
    std::cout.rdbuf(out);
    std::cerr.rdbuf(err);
    replies << code << '\t' << LastLine(said.str()) << std::endl;
  }
  return 0;
}

}  // namespace
}  // namespace serbench::interop

int main(int argc, char** argv) {
  serbench::model::SetArgv0(argv[0]);
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args == std::vector<std::string>{"serve"}) return serbench::interop::Serve();
  return serbench::interop::Guarded(args);
}
