// The real datasets (schemas/README.md: twitter, citm_catalog, canada,
// packages, google_message*): one document each, size=1, timed with each
// library's own tree (a JSON DOM, a protobuf message), not the native model.
// A synthetic dataset's canonical JSON is a document too, for the
// schema-less JSON DOMs (one per size; its access fields read per record).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cpp/adapters/codec.h"

namespace google::protobuf {
class Message;
}  // namespace google::protobuf

namespace serbench::adapters {

struct Document {
  std::string name;    // the dataset in case ids, e.g. "twitter"
  std::string format;  // json | protobuf
  std::string message = "";  // protobuf: the payloads' full message name
  std::vector<std::string> payloads;  // the bytes every op works on, in order
  // json: JSON pointers of the fields access_full reads (a string counts its
  // length, a number its model::Weigh: an integer its value, a float the bits
  // of its double; an array or object its size).
  std::vector<std::string> access = {};
  // json: empty, `access` is read once from the root; else the JSON pointer
  // of an array (a synthetic dataset's "/records") from each of whose
  // elements `access` is read, as the typed libraries read every record.
  std::string access_each = "";
  // json: the user's protobuf message the document maps to (the bench's
  // --proto-plugin and --message, user_messages.h), or none.
  const google::protobuf::Message* prototype = nullptr;

  std::size_t bytes() const {
    std::size_t n = 0;
    for (const std::string& p : payloads) n += p.size();
    return n;
  }
};

// A library's handle on one document, opened at setup (untimed): it holds
// the payloads already parsed into the library's tree, which Encode writes.
class DocumentCodec {
 public:
  virtual ~DocumentCodec() = default;

  // Parses one payload into the library's tree (dropped again); returns
  // a number read from it (JSON: the root's size as nlohmann's
  // json::size() gives it, for any root value), so the work is used.
  virtual std::uint64_t Decode(std::string_view bytes) const = 0;
  // The tree of payload i (parsed at setup) written back to bytes.
  virtual std::string Encode(std::size_t i) const = 0;
  // Parses one payload, then reads the document's access fields.
  virtual std::uint64_t AccessFull(std::string_view bytes) const = 0;
  // Checks parse -> serialize -> parse against the document; why the
  // library is refused, or nullopt.
  virtual std::optional<std::string> RoundTripError() const = 0;
  // The bytes Decode and AccessFull read for payload i of `doc` (the one
  // the codec was opened on): the payload itself, unless the library writes
  // another format than the document's (a binary format fed a JSON
  // document's tree reads its own encoding of it, made at setup).
  virtual const std::string& Input(const Document& doc, std::size_t i) const {
    return doc.payloads.at(i);
  }
};

// nullptr when the library does not handle the document's format.
using DocumentOpener =
    std::function<std::unique_ptr<const DocumentCodec>(std::shared_ptr<const Document>)>;

// A library (or variant) that times the real documents.
struct DocumentLibrary {
  LibraryInfo info;
  DocumentOpener open;
  // Why `open` declines a document of its own format; empty: it declines only
  // the other formats'.
  std::string not_applicable = "";
};

}  // namespace serbench::adapters
