// What every adapter's test checks: the round trip of the hand-written
// samples and of the generated fixtures (size 100), for every dataset, and
// for a document library, of every real document of its format.
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cpp/adapters/document_loader.h"
#include "cpp/adapters/roundtrip.h"
#include "cpp/model/fixture.h"
#include "cpp/model/samples.h"

namespace serbench::adapters {

inline void ExpectRoundTripsEveryDataset(const Library& library) {
  model::ForEachDataset([&]<typename R>(R) {
    EXPECT_EQ(RoundTripError(library, model::Samples<R>()), std::nullopt) << R::kDataset;
  });
}

inline void ExpectDocumentsRoundTrip(const DocumentLibrary& library) {
  for (const std::string& name : DocumentNames()) {
    const auto doc = LoadDocument(name);
    const auto codec = library.open(doc);
    EXPECT_EQ(codec != nullptr, doc->format == library.info.format) << name;
    if (codec != nullptr) {
      EXPECT_EQ(codec->RoundTripError(), std::nullopt) << name;
    }
  }
}

// A JSON DOM decodes any value as the root (RFC 8259), scalars included,
// and reports the root size nlohmann does.
inline void ExpectAcceptsScalarRoots(const DocumentLibrary& library) {
  const auto codec = library.open(std::make_shared<const Document>(
      Document{.name = "scalars", .format = "json", .payloads = {}}));
  ASSERT_NE(codec, nullptr);
  for (const std::string text : {"null", "true", "false", "-0.1", "0", "\"s\"", "[]", "{}"}) {
    EXPECT_EQ(codec->Decode(text), nlohmann::json::parse(text).size()) << text;
  }
}

// Decoding must fail cleanly on a truncated payload.
template <typename R>
void ExpectRefusesTruncated(const Library& library, std::size_t keep_bytes_from_end) {
  const Codec<R>& codec = library.codec<R>();
  const std::string bytes = codec.Encode(model::Samples<R>());
  EXPECT_ANY_THROW(codec.Decode(std::string_view(bytes).substr(0, bytes.size() - keep_bytes_from_end)));
}

// Decoding must refuse a payload followed by one more byte.
inline void ExpectRefusesTrailingBytes(const Library& library, char extra) {
  const Codec<model::User>& codec = library.codec<model::User>();
  EXPECT_THROW(codec.Decode(codec.Encode(model::Samples<model::User>()) + extra), DecodeError);
}

}  // namespace serbench::adapters
