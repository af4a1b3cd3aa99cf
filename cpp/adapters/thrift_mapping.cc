#include "cpp/adapters/thrift_mapping.h"

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "cpp/adapters/enum_cast.h"
#include "cpp/model/checked.h"

namespace serbench::adapters::th {
namespace {

namespace thu = ::serbench::user::thrift;
namespace tho = ::serbench::order::thrift;
namespace thf = ::serbench::filetree::thrift;
namespace thg = ::serbench::game::thrift;
namespace thm = ::serbench::mail::thrift;
namespace ths = ::serbench::metrics::thrift;

using model::CheckedInt;
using model::Timestamp;

// user and order each declare their own Address struct of the same shape.
template <typename T>
void ToStruct(const model::Address& from, T& to) {
  to.street = from.street;
  to.city = from.city;
  to.postcode = from.postcode;
  to.country = from.country;
}
template <typename T>
model::Address FromAddress(const T& a) {
  return {a.street, a.city, a.postcode, a.country};
}

void ToStruct(const model::LineItem& from, tho::LineItem& to) {
  to.sku = from.sku;
  to.name = from.name;
  to.quantity = from.quantity;
  to.unit_price = from.unit_price;
}
model::LineItem FromStruct(const tho::LineItem& i) {
  return {i.sku, i.name, CheckedInt<std::uint32_t>(i.quantity), i.unit_price};
}

// The fields File and Directory share; the optional ones are written only
// when set (__set_* marks them).
template <typename M, typename T>
void CommonToThrift(const M& from, T& to) {
  to.name = from.name;
  to.created_by = from.created_by;
  to.created_at = from.created_at.micros;
  if (from.updated_by) to.__set_updated_by(*from.updated_by);
  if (from.updated_at) to.__set_updated_at(from.updated_at->micros);
}
template <typename T, typename M>
void CommonFromThrift(const T& from, M& to) {
  to.name = from.name;
  to.created_by = from.created_by;
  to.created_at = Timestamp{from.created_at};
  if (from.__isset.updated_by) to.updated_by = from.updated_by;
  if (from.__isset.updated_at) to.updated_at = Timestamp{from.updated_at};
}

void ToStruct(const model::Node& from, thf::Node& to) { ToThrift(from, to); }
model::Node FromStruct(const thf::Node& n) { return FromThrift(n); }

// Thrift has no float32: the model's floats travel as doubles.
void ToStruct(const model::Vec3& from, thg::Vec3& to) {
  to.x = from.x;
  to.y = from.y;
  to.z = from.z;
}
model::Vec3 FromStruct(const thg::Vec3& v) {
  return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)};
}
void ToStruct(const model::Weapon& from, thg::Weapon& to) {
  to.name = from.name;
  to.damage = from.damage;
}
model::Weapon FromStruct(const thg::Weapon& w) { return {w.name, w.damage}; }
void ToStruct(const model::Shield& from, thg::Shield& to) {
  to.name = from.name;
  to.armor = from.armor;
}
model::Shield FromStruct(const thg::Shield& s) { return {s.name, s.armor}; }

void ToStruct(const model::Contact& from, thm::Contact& to) {
  to.name = from.name;
  to.address = from.address;
}
model::Contact FromStruct(const thm::Contact& c) { return {c.name, c.address}; }
void ToStruct(const model::Header& from, thm::Header& to) {
  to.name = from.name;
  to.value = from.value;
}
model::Header FromStruct(const thm::Header& h) { return {h.name, h.value}; }

// Lists of structs, element by element through the overloads above.
template <typename M, typename T>
void ListToThrift(const std::vector<M>& from, std::vector<T>& to) {
  to.resize(from.size());
  for (std::size_t i = 0; i < from.size(); ++i) ToStruct(from[i], to[i]);
}
template <typename M, typename T>
std::vector<M> ListFromThrift(const std::vector<T>& from) {
  std::vector<M> to;
  to.reserve(from.size());
  for (const T& t : from) to.push_back(FromStruct(t));
  return to;
}

// Thrift unions carry an __isset flag per member; the model needs exactly one.
void RequireOneMember(bool first, bool second, const char* what) {
  if (first == second) throw DecodeError(std::string(what) + ": want exactly one union member");
}

std::variant<model::Weapon, model::Shield> FromEquipped(const thg::Equipped& e) {
  RequireOneMember(e.__isset.weapon, e.__isset.shield, "game Monster equipped");
  if (e.__isset.weapon) return FromStruct(e.weapon);
  return FromStruct(e.shield);
}

}  // namespace

void ToThrift(const model::User& from, thu::User& to) {
  to.name = from.name;
  to.email = from.email;
  to.age = from.age;
  to.tags = from.tags;
  ToStruct(from.address, to.address);
}
model::User FromThrift(const thu::User& from) {
  return {from.name, from.email, CheckedInt<std::uint32_t>(from.age), from.tags,
          FromAddress(from.address)};
}

void ToThrift(const model::Order& from, tho::Order& to) {
  to.id = CheckedInt<std::int64_t>(from.id);
  to.created_at = from.created_at.micros;
  to.status = static_cast<tho::OrderStatus::type>(from.status);
  to.customer.id = CheckedInt<std::int64_t>(from.customer.id);
  to.customer.name = from.customer.name;
  to.customer.email = from.customer.email;
  to.customer.phone = from.customer.phone;
  ToStruct(from.shipping_address, to.shipping_address);
  ListToThrift(from.items, to.items);
  to.total = from.total;
  to.currency = from.currency;
}
model::Order FromThrift(const tho::Order& from) {
  const tho::Customer& c = from.customer;
  return {CheckedInt<std::uint64_t>(from.id), Timestamp{from.created_at},
          EnumCast<model::OrderStatus>(static_cast<std::int32_t>(from.status)),
          {CheckedInt<std::uint64_t>(c.id), c.name, c.email, c.phone},
          FromAddress(from.shipping_address), ListFromThrift<model::LineItem>(from.items),
          from.total, from.currency};
}

void ToThrift(const model::Node& from, thf::Node& to) {
  if (const auto* file = std::get_if<model::File>(&from.entry)) {
    CommonToThrift(*file, to.file);
    to.file.nbytes = CheckedInt<std::int64_t>(file->nbytes);
    to.file.permissions = static_cast<thf::Permission::type>(file->permissions);
    to.__isset.file = true;
  } else {
    const auto& dir = std::get<model::Directory>(from.entry);
    CommonToThrift(dir, to.directory);
    ListToThrift(dir.contents, to.directory.contents);
    to.__isset.directory = true;
  }
}
model::Node FromThrift(const thf::Node& from) {
  RequireOneMember(from.__isset.file, from.__isset.directory, "filetree Node");
  if (from.__isset.file) {
    model::File file;
    CommonFromThrift(from.file, file);
    file.nbytes = CheckedInt<std::uint64_t>(from.file.nbytes);
    file.permissions =
        EnumCast<model::Permission>(static_cast<std::int32_t>(from.file.permissions));
    return {std::move(file)};
  }
  model::Directory dir;
  CommonFromThrift(from.directory, dir);
  dir.contents = ListFromThrift<model::Node>(from.directory.contents);
  return {std::move(dir)};
}

void ToThrift(const model::Monster& from, thg::Monster& to) {
  ToStruct(from.pos, to.pos);
  to.mana = from.mana;
  to.hp = from.hp;
  to.name = from.name;
  to.inventory.assign(from.inventory.begin(), from.inventory.end());
  to.color = static_cast<thg::Color::type>(from.color);
  ListToThrift(from.weapons, to.weapons);
  if (const auto* w = std::get_if<model::Weapon>(&from.equipped)) {
    ToStruct(*w, to.equipped.weapon);
    to.equipped.__isset.weapon = true;
  } else {
    ToStruct(std::get<model::Shield>(from.equipped), to.equipped.shield);
    to.equipped.__isset.shield = true;
  }
  ListToThrift(from.path, to.path);
}
model::Monster FromThrift(const thg::Monster& from) {
  return {FromStruct(from.pos), from.mana, from.hp, from.name,
          {from.inventory.begin(), from.inventory.end()},
          EnumCast<model::Color>(static_cast<std::int32_t>(from.color)),
          ListFromThrift<model::Weapon>(from.weapons), FromEquipped(from.equipped),
          ListFromThrift<model::Vec3>(from.path)};
}

void ToThrift(const model::Mail& from, thm::Mail& to) {
  to.message_id = from.message_id;
  to.subject = from.subject;
  ToStruct(from.sender, to.sender);
  ListToThrift(from.to, to.to);
  ListToThrift(from.cc, to.cc);
  to.date = from.date.micros;
  ListToThrift(from.headers, to.headers);
  to.body = from.body;
}
model::Mail FromThrift(const thm::Mail& from) {
  return {from.message_id, from.subject, FromStruct(from.sender),
          ListFromThrift<model::Contact>(from.to), ListFromThrift<model::Contact>(from.cc),
          Timestamp{from.date}, ListFromThrift<model::Header>(from.headers), from.body};
}

void ToThrift(const model::Series& from, ths::Series& to) {
  to.name = from.name;
  to.unit = from.unit;
  to.timestamps = from.timestamps;
  to.values = from.values;
}
model::Series FromThrift(const ths::Series& from) {
  return {from.name, from.unit, from.timestamps, from.values};
}

}  // namespace serbench::adapters::th
