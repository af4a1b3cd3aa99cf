// Records <-> generated protobuf messages, one pair of overloads per message
// (ToProto fills a message, FromProto returns a record); PayloadOf<R> names
// each dataset's Payload message.
#pragma once

#include <vector>

#include "cpp/model/datasets.h"
#include "schemas/filetree/filetree.pb.h"
#include "schemas/game/game.pb.h"
#include "schemas/mail/mail.pb.h"
#include "schemas/metrics/metrics.pb.h"
#include "schemas/order/order.pb.h"
#include "schemas/user/user.pb.h"

namespace serbench::adapters::proto {

template <typename R>
struct PayloadOf;
template <> struct PayloadOf<model::User> { using type = ::serbench::user::Payload; };
template <> struct PayloadOf<model::Order> { using type = ::serbench::order::Payload; };
template <> struct PayloadOf<model::Node> { using type = ::serbench::filetree::Payload; };
template <> struct PayloadOf<model::Monster> { using type = ::serbench::game::Payload; };
template <> struct PayloadOf<model::Mail> { using type = ::serbench::mail::Payload; };
template <> struct PayloadOf<model::Series> { using type = ::serbench::metrics::Payload; };

void ToProto(const model::User& from, ::serbench::user::User& to);
void ToProto(const model::Order& from, ::serbench::order::Order& to);
void ToProto(const model::Node& from, ::serbench::filetree::Node& to);
void ToProto(const model::Monster& from, ::serbench::game::Monster& to);
void ToProto(const model::Mail& from, ::serbench::mail::Mail& to);
void ToProto(const model::Series& from, ::serbench::metrics::Series& to);

// Throw DecodeError for values the model cannot hold (unknown enum
// numbers, out-of-range integers, an unset union).
model::User FromProto(const ::serbench::user::User& from);
model::Order FromProto(const ::serbench::order::Order& from);
model::Node FromProto(const ::serbench::filetree::Node& from);
model::Monster FromProto(const ::serbench::game::Monster& from);
model::Mail FromProto(const ::serbench::mail::Mail& from);
model::Series FromProto(const ::serbench::metrics::Series& from);

// Payload <-> records.
template <typename R, typename P>
void PayloadToProto(const std::vector<R>& records, P& payload) {
  payload.mutable_records()->Reserve(static_cast<int>(records.size()));
  for (const R& r : records) ToProto(r, *payload.add_records());
}

template <typename R, typename P>
std::vector<R> PayloadFromProto(const P& payload) {
  std::vector<R> records;
  records.reserve(payload.records_size());
  for (const auto& r : payload.records()) records.push_back(FromProto(r));
  return records;
}

}  // namespace serbench::adapters::proto
