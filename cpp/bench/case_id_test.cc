#include "cpp/bench/case_id.h"

#include <gtest/gtest.h>

namespace serbench::bench {
namespace {

TEST(CaseIdTest, CanonicalOrderWithoutVariant) {
  EXPECT_EQ(CaseId({.dataset = "user", .size = 3, .op = "encode",
                    .format = "protobuf", .lib = "protobuf"}),
            "dataset=user/size=3/op=encode/format=protobuf/lib=protobuf");
}

TEST(CaseIdTest, VariantComesLast) {
  EXPECT_EQ(CaseId({.dataset = "user", .size = 1, .op = "decode",
                    .format = "flatbuffers", .lib = "flatbuffers",
                    .variant = "object_api"}),
            "dataset=user/size=1/op=decode/format=flatbuffers/lib=flatbuffers"
            "/variant=object_api");
}

TEST(CaseIdTest, PayloadFileNameHasNoSlash) {
  EXPECT_EQ(PayloadFileName({.dataset = "user", .size = 1, .op = "encode", .format = "json",
                             .lib = "nlohmann", .variant = "tree"}),
            "dataset=user,size=1,op=encode,format=json,lib=nlohmann,variant=tree.bin");
}

}  // namespace
}  // namespace serbench::bench
