#include "cpp/adapters/protobuf_mapping.h"

#include "cpp/adapters/enum_cast.h"
#include "cpp/model/checked.h"

namespace serbench::adapters::proto {
namespace {

namespace pu = ::serbench::user;
namespace po = ::serbench::order;
namespace pf = ::serbench::filetree;
namespace pg = ::serbench::game;
namespace pm = ::serbench::mail;
namespace ps = ::serbench::metrics;

using model::CheckedInt;
using model::Timestamp;

void ToMessage(const model::Address& from, pu::Address& to) {
  to.set_street(from.street);
  to.set_city(from.city);
  to.set_postcode(from.postcode);
  to.set_country(from.country);
}
model::Address FromMessage(const pu::Address& a) {
  return {a.street(), a.city(), a.postcode(), a.country()};
}
void ToMessage(const model::Address& from, po::Address& to) {
  to.set_street(from.street);
  to.set_city(from.city);
  to.set_postcode(from.postcode);
  to.set_country(from.country);
}
model::Address FromMessage(const po::Address& a) {
  return {a.street(), a.city(), a.postcode(), a.country()};
}

void ToMessage(const model::LineItem& from, po::LineItem& to) {
  to.set_sku(from.sku);
  to.set_name(from.name);
  to.set_quantity(from.quantity);
  to.set_unit_price(from.unit_price);
}
model::LineItem FromMessage(const po::LineItem& i) {
  return {i.sku(), i.name(), i.quantity(), i.unit_price()};
}

template <typename P>
void CommonToProto(const auto& from, P& to) {
  to.set_name(from.name);
  to.set_created_by(from.created_by);
  to.set_created_at(from.created_at.micros);
  if (from.updated_by) to.set_updated_by(*from.updated_by);
  if (from.updated_at) to.set_updated_at(from.updated_at->micros);
}
template <typename M, typename P>
void CommonFromProto(const P& from, M& to) {
  to.name = from.name();
  to.created_by = from.created_by();
  to.created_at = Timestamp{from.created_at()};
  if (from.has_updated_by()) to.updated_by = from.updated_by();
  if (from.has_updated_at()) to.updated_at = Timestamp{from.updated_at()};
}

void ToMessage(const model::Node& from, pf::Node& to) { ToProto(from, to); }
model::Node FromMessage(const pf::Node& n) { return FromProto(n); }

void ToMessage(const model::Vec3& from, pg::Vec3& to) {
  to.set_x(from.x);
  to.set_y(from.y);
  to.set_z(from.z);
}
model::Vec3 FromMessage(const pg::Vec3& v) { return {v.x(), v.y(), v.z()}; }
void ToMessage(const model::Weapon& from, pg::Weapon& to) {
  to.set_name(from.name);
  to.set_damage(from.damage);
}
model::Weapon FromMessage(const pg::Weapon& w) {
  return {w.name(), CheckedInt<std::int16_t>(w.damage())};
}
void ToMessage(const model::Shield& from, pg::Shield& to) {
  to.set_name(from.name);
  to.set_armor(from.armor);
}
model::Shield FromMessage(const pg::Shield& s) {
  return {s.name(), CheckedInt<std::int16_t>(s.armor())};
}

void ToMessage(const model::Contact& from, pm::Contact& to) {
  to.set_name(from.name);
  to.set_address(from.address);
}
model::Contact FromMessage(const pm::Contact& c) { return {c.name(), c.address()}; }
void ToMessage(const model::Header& from, pm::Header& to) {
  to.set_name(from.name);
  to.set_value(from.value);
}
model::Header FromMessage(const pm::Header& h) { return {h.name(), h.value()}; }

// Repeated sub-messages, element by element through the overloads above.
template <typename M, typename P>
void ListToProto(const std::vector<M>& from, google::protobuf::RepeatedPtrField<P>& to) {
  to.Reserve(static_cast<int>(from.size()));
  for (const M& m : from) ToMessage(m, *to.Add());
}

template <typename M, typename P>
std::vector<M> ListFromProto(const google::protobuf::RepeatedPtrField<P>& from) {
  std::vector<M> to;
  to.reserve(from.size());
  for (const P& p : from) to.push_back(FromMessage(p));
  return to;
}

}  // namespace

void ToProto(const model::User& from, pu::User& to) {
  to.set_name(from.name);
  to.set_email(from.email);
  to.set_age(from.age);
  to.mutable_tags()->Assign(from.tags.begin(), from.tags.end());
  ToMessage(from.address, *to.mutable_address());
}
model::User FromProto(const pu::User& from) {
  return {from.name(), from.email(), from.age(), {from.tags().begin(), from.tags().end()},
          FromMessage(from.address())};
}

void ToProto(const model::Order& from, po::Order& to) {
  to.set_id(from.id);
  to.set_created_at(from.created_at.micros);
  to.set_status(static_cast<po::OrderStatus>(from.status));
  po::Customer& c = *to.mutable_customer();
  c.set_id(from.customer.id);
  c.set_name(from.customer.name);
  c.set_email(from.customer.email);
  c.set_phone(from.customer.phone);
  ToMessage(from.shipping_address, *to.mutable_shipping_address());
  ListToProto(from.items, *to.mutable_items());
  to.set_total(from.total);
  to.set_currency(from.currency);
}
model::Order FromProto(const po::Order& from) {
  const po::Customer& c = from.customer();
  return {from.id(), Timestamp{from.created_at()}, EnumCast<model::OrderStatus>(from.status()),
          {c.id(), c.name(), c.email(), c.phone()}, FromMessage(from.shipping_address()),
          ListFromProto<model::LineItem>(from.items()), from.total(), from.currency()};
}

void ToProto(const model::Node& from, pf::Node& to) {
  if (const auto* file = std::get_if<model::File>(&from.entry)) {
    pf::File& f = *to.mutable_file();
    CommonToProto(*file, f);
    f.set_nbytes(file->nbytes);
    f.set_permissions(static_cast<pf::Permission>(file->permissions));
  } else {
    const auto& dir = std::get<model::Directory>(from.entry);
    pf::Directory& d = *to.mutable_directory();
    CommonToProto(dir, d);
    ListToProto(dir.contents, *d.mutable_contents());
  }
}
model::Node FromProto(const pf::Node& from) {
  if (from.has_file()) {
    model::File file;
    CommonFromProto(from.file(), file);
    file.nbytes = from.file().nbytes();
    file.permissions = EnumCast<model::Permission>(from.file().permissions());
    return {file};
  }
  if (!from.has_directory()) throw DecodeError("filetree Node has no entry");
  model::Directory dir;
  CommonFromProto(from.directory(), dir);
  dir.contents = ListFromProto<model::Node>(from.directory().contents());
  return {std::move(dir)};
}

void ToProto(const model::Monster& from, pg::Monster& to) {
  ToMessage(from.pos, *to.mutable_pos());
  to.set_mana(from.mana);
  to.set_hp(from.hp);
  to.set_name(from.name);
  to.set_inventory(from.inventory.data(), from.inventory.size());
  to.set_color(static_cast<pg::Color>(from.color));
  ListToProto(from.weapons, *to.mutable_weapons());
  if (const auto* w = std::get_if<model::Weapon>(&from.equipped)) {
    ToMessage(*w, *to.mutable_equipped_weapon());
  } else {
    ToMessage(std::get<model::Shield>(from.equipped), *to.mutable_equipped_shield());
  }
  ListToProto(from.path, *to.mutable_path());
}
model::Monster FromProto(const pg::Monster& from) {
  model::Monster m{FromMessage(from.pos()), CheckedInt<std::int16_t>(from.mana()),
                   CheckedInt<std::int16_t>(from.hp()), from.name(),
                   {from.inventory().begin(), from.inventory().end()},
                   EnumCast<model::Color>(from.color()),
                   ListFromProto<model::Weapon>(from.weapons()), {},
                   ListFromProto<model::Vec3>(from.path())};
  if (from.has_equipped_weapon()) {
    m.equipped = FromMessage(from.equipped_weapon());
  } else if (from.has_equipped_shield()) {
    m.equipped = FromMessage(from.equipped_shield());
  } else {
    throw DecodeError("game Monster has no equipped item");
  }
  return m;
}

void ToProto(const model::Mail& from, pm::Mail& to) {
  to.set_message_id(from.message_id);
  to.set_subject(from.subject);
  ToMessage(from.sender, *to.mutable_sender());
  ListToProto(from.to, *to.mutable_to());
  ListToProto(from.cc, *to.mutable_cc());
  to.set_date(from.date.micros);
  ListToProto(from.headers, *to.mutable_headers());
  to.set_body(from.body);
}
model::Mail FromProto(const pm::Mail& from) {
  return {from.message_id(), from.subject(), FromMessage(from.sender()),
          ListFromProto<model::Contact>(from.to()), ListFromProto<model::Contact>(from.cc()),
          Timestamp{from.date()}, ListFromProto<model::Header>(from.headers()), from.body()};
}

void ToProto(const model::Series& from, ps::Series& to) {
  to.set_name(from.name);
  to.set_unit(from.unit);
  to.mutable_timestamps()->Add(from.timestamps.begin(), from.timestamps.end());
  to.mutable_values()->Add(from.values.begin(), from.values.end());
}
model::Series FromProto(const ps::Series& from) {
  return {from.name(), from.unit(), {from.timestamps().begin(), from.timestamps().end()},
          {from.values().begin(), from.values().end()}};
}

}  // namespace serbench::adapters::proto
