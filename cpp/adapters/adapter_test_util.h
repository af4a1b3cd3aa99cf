// What every adapter's test checks: the round trip of the hand-written
// samples and of the generated fixtures (size 100), for every dataset, and
// for a document library, of every real document of its format and (JSON
// DOMs) of every synthetic dataset's canonical JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cpp/adapters/document_loader.h"
#include "cpp/adapters/roundtrip.h"
#include "cpp/model/fixture.h"
#include "cpp/model/samples.h"
#include "cpp/model/weigh.h"

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

// The schema-less DOM on every synthetic dataset's canonical JSON, every
// size (the 100 and 1,000 fixtures carry the generator's edge cases): the
// checks of json_document_codec.h, as the bench runs them before timing.
inline void ExpectSyntheticDocumentsRoundTrip(const DocumentLibrary& library) {
  model::ForEachDataset([&]<typename R>(R) {
    for (const std::size_t size : model::kSizes) {
      const auto codec = library.open(SyntheticDocument(R::kDataset, size));
      ASSERT_NE(codec, nullptr) << R::kDataset;
      EXPECT_EQ(codec->RoundTripError(), std::nullopt) << R::kDataset << " " << size;
    }
  });
}

// access_full reads the fields of every record (Document::access_each) and
// weighs numbers as the typed records do: negative, unsigned beyond int64,
// floats (by their bits, an integral one too).
inline void ExpectAccessWeighsEveryRecordsNumbers(const DocumentLibrary& library) {
  const auto doc = std::make_shared<const Document>(Document{
      .name = "numbers", .format = "json",
      .payloads = {R"({"records": [{"i": -5, "u": 18446744073709551615, "f": -549.0, "s": "é"},)"
                   R"( {"i": 3, "u": 0, "f": 0.25, "s": ""}]})"},
      .access = {"/i", "/u", "/f", "/s"}, .access_each = "/records"});
  const auto codec = library.open(doc);
  ASSERT_NE(codec, nullptr);
  EXPECT_EQ(codec->RoundTripError(), std::nullopt);
  const std::uint64_t want = model::Weigh(std::int64_t{-5}) + UINT64_MAX + model::Weigh(-549.0) +
                             2 + 3 + 0 + model::Weigh(0.25) + 0;
  EXPECT_EQ(codec->AccessFull(doc->payloads[0]), want);
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
