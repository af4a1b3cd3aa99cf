// Records <-> Cap'n Proto structs (Debian capnproto 0.9.2, code generated
// from schemas/<d>/<d>.capnp), one Build/Read/Few overload per record type.
// Build fills a struct builder in place; Read materializes a record; Few is
// model::AccessFew read in place from the bytes.
#pragma once

#include <cstdint>

#include "cpp/model/datasets.h"
#include "schemas/filetree/filetree.capnp.h"
#include "schemas/game/game.capnp.h"
#include "schemas/mail/mail.capnp.h"
#include "schemas/metrics/metrics.capnp.h"
#include "schemas/order/order.capnp.h"
#include "schemas/user/user.capnp.h"

namespace serbench::adapters::cp {

template <typename R>
struct Schema;
template <> struct Schema<model::User> { using Payload = ::serbench::user::capnp::Payload; };
template <> struct Schema<model::Order> { using Payload = ::serbench::order::capnp::Payload; };
template <> struct Schema<model::Node> { using Payload = ::serbench::filetree::capnp::Payload; };
template <> struct Schema<model::Monster> { using Payload = ::serbench::game::capnp::Payload; };
template <> struct Schema<model::Mail> { using Payload = ::serbench::mail::capnp::Payload; };
template <> struct Schema<model::Series> { using Payload = ::serbench::metrics::capnp::Payload; };

void Build(::serbench::user::capnp::User::Builder b, const model::User& r);
void Build(::serbench::order::capnp::Order::Builder b, const model::Order& r);
void Build(::serbench::filetree::capnp::Node::Builder b, const model::Node& r);
void Build(::serbench::game::capnp::Monster::Builder b, const model::Monster& r);
void Build(::serbench::mail::capnp::Mail::Builder b, const model::Mail& r);
void Build(::serbench::metrics::capnp::Series::Builder b, const model::Series& r);

// Throw DecodeError for values the model cannot hold (unknown enum numbers).
model::User Read(::serbench::user::capnp::User::Reader t);
model::Order Read(::serbench::order::capnp::Order::Reader t);
model::Node Read(::serbench::filetree::capnp::Node::Reader t);
model::Monster Read(::serbench::game::capnp::Monster::Reader t);
model::Mail Read(::serbench::mail::capnp::Mail::Reader t);
model::Series Read(::serbench::metrics::capnp::Series::Reader t);

std::uint64_t Few(::serbench::user::capnp::User::Reader t);
std::uint64_t Few(::serbench::order::capnp::Order::Reader t);
std::uint64_t Few(::serbench::filetree::capnp::Node::Reader t);
std::uint64_t Few(::serbench::game::capnp::Monster::Reader t);
std::uint64_t Few(::serbench::mail::capnp::Mail::Reader t);
std::uint64_t Few(::serbench::metrics::capnp::Series::Reader t);

}  // namespace serbench::adapters::cp
