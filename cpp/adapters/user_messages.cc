#include "cpp/adapters/user_messages.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>
#include <google/protobuf/util/delimited_message_util.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>


namespace serbench::adapters {
namespace {

using google::protobuf::Arena;
using google::protobuf::Message;
using Owned = std::unique_ptr<Message, void (*)(Message*)>;

constexpr char kWhitespace[] = " \t\r\n";

std::string_view Trim(std::string_view text) {
  const std::size_t start = text.find_first_not_of(kWhitespace);
  if (start == std::string_view::npos) return {};
  return text.substr(start, text.find_last_not_of(kWhitespace) - start + 1);
}

// The elements of a top-level JSON array, as slices of its text (never
// re-encoded); nullopt when the document is not an array.
std::optional<std::vector<std::string_view>> Items(std::string_view json) {
  json = Trim(json);
  if (json.empty() || json.front() != '[') return std::nullopt;
  std::vector<std::string_view> items;
  int depth = 0;
  bool in_string = false;
  std::size_t from = 1;
  for (std::size_t i = 1; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') ++i;
      if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if ((c == ',' || c == ']') && depth == 0) {
      if (const std::string_view item = Trim(json.substr(from, i - from)); !item.empty()) {
        items.push_back(item);
      }
      from = i + 1;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return items;
}

Owned New(const Message& prototype, Arena* arena) {
  if (arena != nullptr) return {prototype.New(arena), [](Message*) {}};  // freed with the arena
  return {prototype.New(), [](Message* m) { delete m; }};
}

std::string Text(const google::protobuf::util::Status& status) { return status.ToString(); }

class UserMessages final : public DocumentCodec {
 public:
  UserMessages(std::shared_ptr<const Document> doc, bool json, bool arena)
      : prototype_(*doc->prototype), json_(json), arena_(arena) {
    const std::optional<std::vector<std::string_view>> items = Items(doc->payloads.at(0));
    many_ = items.has_value();
    for (std::string_view text : items.value_or(std::vector{std::string_view(doc->payloads.at(0))})) {
      messages_.push_back(New(prototype_, nullptr));
      const auto status = google::protobuf::util::JsonStringToMessage(
          google::protobuf::StringPiece(text.data(), text.size()), messages_.back().get());
      if (!status.ok()) {
        throw std::runtime_error("the document does not fit " + prototype_.GetTypeName() + ": " +
                                 Text(status));
      }
    }
    input_ = Encode(0);
  }

  std::uint64_t Decode(std::string_view bytes) const override {
    if (!arena_) return Parse(bytes, nullptr).size();
    Arena arena;
    return Parse(bytes, &arena).size();
  }

  std::string Encode(std::size_t) const override {
    if (!many_) return Write(*messages_.front());
    if (json_) {
      std::string out;
      for (const Owned& m : messages_) out += (out.empty() ? "" : "\n") + Write(*m);
      return out;
    }
    std::string out;
    {
      google::protobuf::io::StringOutputStream stream(&out);
      for (const Owned& m : messages_) {
        google::protobuf::util::SerializeDelimitedToZeroCopyStream(*m, &stream);
      }
    }
    return out;
  }

  std::uint64_t AccessFull(std::string_view) const override {
    throw std::logic_error("a user's message has no access fields");
  }

  // bytes -> messages equals the messages the document maps to.
  std::optional<std::string> RoundTripError() const override {
    const std::vector<Owned> back = Parse(input_, nullptr);
    if (back.size() != messages_.size()) {
      return "read back " + std::to_string(back.size()) + " messages, expected " +
             std::to_string(messages_.size());
    }
    for (std::size_t i = 0; i < back.size(); ++i) {
      google::protobuf::util::MessageDifferencer differencer;
      std::string report;
      differencer.ReportDifferencesToString(&report);
      if (!differencer.Compare(*messages_[i], *back[i])) {
        return "message " + std::to_string(i) + " read back differs: " + report.substr(0, report.find('\n'));
      }
    }
    return std::nullopt;
  }

  const std::string& Input(const Document&, std::size_t) const override { return input_; }

 private:
  std::string Write(const Message& message) const {
    if (!json_) return message.SerializeAsString();
    std::string out;
    const auto status = google::protobuf::util::MessageToJsonString(message, &out);
    if (!status.ok()) throw std::runtime_error("protobuf JSON: " + Text(status));
    return out;
  }

  std::vector<Owned> Parse(std::string_view bytes, Arena* arena) const {
    std::vector<Owned> messages;
    if (!many_) {
      messages.push_back(New(prototype_, arena));
      ParseOne(bytes, *messages.back());
    } else if (json_) {
      for (std::size_t from = 0; from < bytes.size();) {
        const std::size_t end = std::min(bytes.find('\n', from), bytes.size());
        messages.push_back(New(prototype_, arena));
        ParseOne(bytes.substr(from, end - from), *messages.back());
        from = end + 1;
      }
    } else {
      google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                                static_cast<int>(bytes.size()));
      while (!in.ExpectAtEnd()) {
        messages.push_back(New(prototype_, arena));
        if (!google::protobuf::util::ParseDelimitedFromCodedStream(messages.back().get(), &in, nullptr)) {
          throw DecodeError("protobuf: cannot parse a delimited " + prototype_.GetTypeName());
        }
      }
    }
    return messages;
  }

  void ParseOne(std::string_view bytes, Message& message) const {
    if (!json_) {
      if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        throw DecodeError("protobuf: cannot parse " + prototype_.GetTypeName());
      }
      return;
    }
    const auto status = google::protobuf::util::JsonStringToMessage(
        google::protobuf::StringPiece(bytes.data(), bytes.size()), &message);
    if (!status.ok()) throw DecodeError("protobuf JSON: " + Text(status));
  }

  const Message& prototype_;
  bool json_;
  bool arena_;
  bool many_ = false;
  std::vector<Owned> messages_;  // the document, parsed at setup
  std::string input_;            // what decode reads: their encoding
};

}  // namespace

std::unique_ptr<const DocumentCodec> OpenUserMessages(std::shared_ptr<const Document> doc, bool json,
                                                      bool arena) {
  if (doc->prototype == nullptr) return nullptr;
  return std::make_unique<const UserMessages>(std::move(doc), json, arena);
}

}  // namespace serbench::adapters
