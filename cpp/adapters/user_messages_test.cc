#include "cpp/adapters/user_messages.h"

#include <stdexcept>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/util/delimited_message_util.h>
#include <gtest/gtest.h>

#include "schemas/user/user.pb.h"

namespace serbench::adapters {
namespace {

using serbench::user::User;

std::shared_ptr<const Document> UserDocument(std::string json) {
  return std::make_shared<const Document>(Document{
      .name = "mine:test", .format = "json", .payloads = {std::move(json)}, .prototype = &User::default_instance()});
}

constexpr char kOne[] = R"({"name": "caf\u00e9 \"q\"", "age": 36, "tags": ["a", "b"]})";
// Brackets, braces and commas inside strings do not end an element.
constexpr char kTwo[] = "[\n" R"({"name": "a"},)" "\n" R"( {"name": "b]},{\"", "address": {"city": "c"}})" "\n]\n";

TEST(UserMessagesTest, OneDocumentIsOneMessageInEveryForm) {
  const auto doc = UserDocument(kOne);
  for (const auto& [json, arena] : std::vector<std::pair<bool, bool>>{{false, false}, {false, true}, {true, false}}) {
    const auto codec = OpenUserMessages(doc, json, arena);
    ASSERT_NE(codec, nullptr);
    EXPECT_EQ(codec->RoundTripError(), std::nullopt) << json << arena;
    EXPECT_EQ(codec->Decode(codec->Input(*doc, 0)), 1u);
    EXPECT_EQ(codec->Encode(0), codec->Input(*doc, 0));
  }
  User user;
  ASSERT_TRUE(user.ParseFromString(OpenUserMessages(doc, false, false)->Encode(0)));
  EXPECT_EQ(user.name(), "caf\u00e9 \"q\"");
  EXPECT_EQ(user.age(), 36u);
  EXPECT_EQ(user.tags_size(), 2);
  // The standard JSON mapping: compact, fields by their JSON names.
  EXPECT_EQ(OpenUserMessages(doc, true, false)->Encode(0),
            R"({"name":"caf)" "\u00e9" R"( \"q\"","age":36,"tags":["a","b"]})");
}

TEST(UserMessagesTest, AnArrayIsAListOfMessagesDelimitedOrOneALine) {
  const auto doc = UserDocument(kTwo);
  const auto json = OpenUserMessages(doc, true, false);
  EXPECT_EQ(json->RoundTripError(), std::nullopt);
  EXPECT_EQ(json->Decode(json->Input(*doc, 0)), 2u);
  EXPECT_EQ(json->Encode(0), R"({"name":"a"})" "\n" R"({"name":"b]},{\"","address":{"city":"c"}})");
  const auto binary = OpenUserMessages(doc, false, true);
  EXPECT_EQ(binary->RoundTripError(), std::nullopt);
  const std::string bytes = binary->Encode(0);
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                            static_cast<int>(bytes.size()));
  User first, second;
  ASSERT_TRUE(google::protobuf::util::ParseDelimitedFromCodedStream(&first, &in, nullptr));
  ASSERT_TRUE(google::protobuf::util::ParseDelimitedFromCodedStream(&second, &in, nullptr));
  EXPECT_TRUE(in.ExpectAtEnd());
  EXPECT_EQ(second.address().city(), "c");
}

TEST(UserMessagesTest, ADocumentThatDoesNotFitTheMessageNamesTheField) {
  try {
    OpenUserMessages(UserDocument(R"({"name": "a", "agee": 1})"), false, false);
    FAIL() << "a field the message lacks was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("agee"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("serbench.user.User"), std::string::npos) << e.what();
  }
}

TEST(UserMessagesTest, WithoutAMessageThereIsNoCodec) {
  const auto doc = std::make_shared<const Document>(Document{.name = "d", .format = "json", .payloads = {kOne}});
  EXPECT_EQ(OpenUserMessages(doc, false, false), nullptr);
}

}  // namespace
}  // namespace serbench::adapters
