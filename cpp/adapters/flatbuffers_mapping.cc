#include "cpp/adapters/flatbuffers_mapping.h"

#include <utility>

#include "cpp/adapters/enum_cast.h"

namespace serbench::adapters::fbs {
namespace {

namespace fu = ::serbench::user::fbs;
namespace fo = ::serbench::order::fbs;
namespace ff = ::serbench::filetree::fbs;
namespace fg = ::serbench::game::fbs;
namespace fm = ::serbench::mail::fbs;
namespace fs = ::serbench::metrics::fbs;

using ::flatbuffers::String;
using model::Timestamp;

std::size_t Len(const String* s) { return s == nullptr ? 0 : s->size(); }

template <typename T, typename M, typename F>
std::vector<std::unique_ptr<T>> Objects(const std::vector<M>& from, F to) {
  std::vector<std::unique_ptr<T>> out;
  out.reserve(from.size());
  for (const M& m : from) out.push_back(to(m));
  return out;
}

// An absent sub-table (a null pointer) reads as the model's default.
template <typename M, typename T, typename F>
M Optional(const std::unique_ptr<T>& t, F from) {
  return t == nullptr ? M{} : from(*t);
}

template <typename M, typename T, typename F>
std::vector<M> Records(const std::vector<std::unique_ptr<T>>& from, F read) {
  std::vector<M> out;
  out.reserve(from.size());
  for (const auto& t : from) out.push_back(t == nullptr ? M{} : read(*t));
  return out;
}

// user and order each declare their own Address table of the same shape.
template <typename T>
std::unique_ptr<T> AddressObject(const model::Address& a) {
  auto t = std::make_unique<T>();
  t->street = a.street;
  t->city = a.city;
  t->postcode = a.postcode;
  t->country = a.country;
  return t;
}
template <typename T>
model::Address FromAddress(const T& a) {
  return {a.street, a.city, a.postcode, a.country};
}

// The fields File and Directory share. The object API holds updated_by as a
// plain string (Pack writes an empty one as absent), so an empty updated_by
// reads back as absent.
template <typename T, typename M>
void CommonToObject(const M& m, T& t) {
  t.name = m.name;
  t.created_by = m.created_by;
  t.created_at = m.created_at.micros;
  if (m.updated_by) t.updated_by = *m.updated_by;
  if (m.updated_at) t.updated_at = m.updated_at->micros;
}
template <typename T, typename M>
void CommonFromObject(const T& t, M& m) {
  m.name = t.name;
  m.created_by = t.created_by;
  m.created_at = Timestamp{t.created_at};
  if (!t.updated_by.empty()) m.updated_by = t.updated_by;
  if (t.updated_at) m.updated_at = Timestamp{*t.updated_at};
}

std::unique_ptr<fg::WeaponT> WeaponObject(const model::Weapon& w) {
  auto t = std::make_unique<fg::WeaponT>();
  t->name = w.name;
  t->damage = w.damage;
  return t;
}
model::Weapon FromWeapon(const fg::WeaponT& w) { return {w.name, w.damage}; }

std::unique_ptr<fm::ContactT> ContactObject(const model::Contact& c) {
  auto t = std::make_unique<fm::ContactT>();
  t->name = c.name;
  t->address = c.address;
  return t;
}
model::Contact FromContact(const fm::ContactT& c) { return {c.name, c.address}; }

}  // namespace

std::unique_ptr<fu::UserT> ToObject(const model::User& r) {
  auto t = std::make_unique<fu::UserT>();
  t->name = r.name;
  t->email = r.email;
  t->age = r.age;
  t->tags = r.tags;
  t->address = AddressObject<fu::AddressT>(r.address);
  return t;
}
model::User FromObject(const fu::UserT& t) {
  return {t.name, t.email, t.age, t.tags,
          Optional<model::Address>(t.address, FromAddress<fu::AddressT>)};
}

std::unique_ptr<fo::OrderT> ToObject(const model::Order& r) {
  auto t = std::make_unique<fo::OrderT>();
  t->id = r.id;
  t->created_at = r.created_at.micros;
  t->status = static_cast<fo::OrderStatus>(r.status);
  t->customer = std::make_unique<fo::CustomerT>();
  t->customer->id = r.customer.id;
  t->customer->name = r.customer.name;
  t->customer->email = r.customer.email;
  t->customer->phone = r.customer.phone;
  t->shipping_address = AddressObject<fo::AddressT>(r.shipping_address);
  t->items = Objects<fo::LineItemT>(r.items, [](const model::LineItem& i) {
    auto item = std::make_unique<fo::LineItemT>();
    item->sku = i.sku;
    item->name = i.name;
    item->quantity = i.quantity;
    item->unit_price = i.unit_price;
    return item;
  });
  t->total = r.total;
  t->currency = r.currency;
  return t;
}
model::Order FromObject(const fo::OrderT& t) {
  return {t.id, Timestamp{t.created_at}, EnumCast<model::OrderStatus>(t.status),
          Optional<model::Customer>(t.customer, [](const fo::CustomerT& c) {
            return model::Customer{c.id, c.name, c.email, c.phone};
          }),
          Optional<model::Address>(t.shipping_address, FromAddress<fo::AddressT>),
          Records<model::LineItem>(t.items, [](const fo::LineItemT& i) {
            return model::LineItem{i.sku, i.name, i.quantity, i.unit_price};
          }),
          t.total, t.currency};
}

std::unique_ptr<ff::NodeT> ToObject(const model::Node& r) {
  auto t = std::make_unique<ff::NodeT>();
  if (const auto* f = std::get_if<model::File>(&r.entry)) {
    ff::FileT file;
    CommonToObject(*f, file);
    file.nbytes = f->nbytes;
    file.permissions = static_cast<ff::Permission>(f->permissions);
    t->entry.Set(std::move(file));
  } else {
    const auto& d = std::get<model::Directory>(r.entry);
    ff::DirectoryT dir;
    CommonToObject(d, dir);
    dir.contents = Objects<ff::NodeT>(d.contents, [](const model::Node& n) { return ToObject(n); });
    t->entry.Set(std::move(dir));
  }
  return t;
}
model::Node FromObject(const ff::NodeT& t) {
  if (const ff::FileT* f = t.entry.AsFile()) {
    model::File file;
    CommonFromObject(*f, file);
    file.nbytes = f->nbytes;
    file.permissions = EnumCast<model::Permission>(f->permissions);
    return {file};
  }
  // A union whose type is set but whose value is absent (legal in a
  // verified buffer) unpacks to a null value: As*() gives nullptr.
  const ff::DirectoryT* d = t.entry.AsDirectory();
  if (d == nullptr) throw DecodeError("flatbuffers: filetree Node has no entry");
  model::Directory dir;
  CommonFromObject(*d, dir);
  dir.contents = Records<model::Node>(d->contents, [](const ff::NodeT& n) { return FromObject(n); });
  return {std::move(dir)};
}

std::unique_ptr<fg::MonsterT> ToObject(const model::Monster& r) {
  auto t = std::make_unique<fg::MonsterT>();
  t->pos = std::make_unique<fg::Vec3>(r.pos.x, r.pos.y, r.pos.z);
  t->mana = r.mana;
  t->hp = r.hp;
  t->name = r.name;
  t->inventory = r.inventory;
  t->color = static_cast<fg::Color>(r.color);
  t->weapons = Objects<fg::WeaponT>(r.weapons, WeaponObject);
  if (const auto* w = std::get_if<model::Weapon>(&r.equipped)) {
    t->equipped.Set(std::move(*WeaponObject(*w)));
  } else {
    const auto& s = std::get<model::Shield>(r.equipped);
    fg::ShieldT shield;
    shield.name = s.name;
    shield.armor = s.armor;
    t->equipped.Set(std::move(shield));
  }
  t->path.reserve(r.path.size());
  for (const model::Vec3& v : r.path) t->path.emplace_back(v.x, v.y, v.z);
  return t;
}
model::Monster FromObject(const fg::MonsterT& t) {
  model::Monster m{t.pos == nullptr ? model::Vec3{} : model::Vec3{t.pos->x(), t.pos->y(), t.pos->z()},
                   t.mana, t.hp, t.name, t.inventory, EnumCast<model::Color>(t.color),
                   Records<model::Weapon>(t.weapons, FromWeapon), {}, {}};
  if (const fg::WeaponT* w = t.equipped.AsWeapon()) {
    m.equipped = FromWeapon(*w);
  } else if (const fg::ShieldT* s = t.equipped.AsShield()) {
    m.equipped = model::Shield{s->name, s->armor};
  } else {
    throw DecodeError("flatbuffers: game Monster has no equipped item");
  }
  m.path.reserve(t.path.size());
  for (const fg::Vec3& v : t.path) m.path.push_back({v.x(), v.y(), v.z()});
  return m;
}

std::unique_ptr<fm::MailT> ToObject(const model::Mail& r) {
  auto t = std::make_unique<fm::MailT>();
  t->message_id = r.message_id;
  t->subject = r.subject;
  t->sender = ContactObject(r.sender);
  t->to = Objects<fm::ContactT>(r.to, ContactObject);
  t->cc = Objects<fm::ContactT>(r.cc, ContactObject);
  t->date = r.date.micros;
  t->headers = Objects<fm::HeaderT>(r.headers, [](const model::Header& h) {
    auto header = std::make_unique<fm::HeaderT>();
    header->name = h.name;
    header->value = h.value;
    return header;
  });
  t->body = r.body;
  return t;
}
model::Mail FromObject(const fm::MailT& t) {
  return {t.message_id, t.subject, Optional<model::Contact>(t.sender, FromContact),
          Records<model::Contact>(t.to, FromContact), Records<model::Contact>(t.cc, FromContact),
          Timestamp{t.date},
          Records<model::Header>(t.headers, [](const fm::HeaderT& h) {
            return model::Header{h.name, h.value};
          }),
          t.body};
}

std::unique_ptr<fs::SeriesT> ToObject(const model::Series& r) {
  auto t = std::make_unique<fs::SeriesT>();
  t->name = r.name;
  t->unit = r.unit;
  t->timestamps = r.timestamps;
  t->values = r.values;
  return t;
}
model::Series FromObject(const fs::SeriesT& t) {
  return {t.name, t.unit, t.timestamps, t.values};
}

std::uint64_t Few(const fu::User& t) { return Len(t.name()) + t.age(); }

std::uint64_t Few(const fo::Order& t) {
  return t.id() + static_cast<std::uint64_t>(t.status()) + (t.items() ? t.items()->size() : 0);
}

std::uint64_t Few(const ff::Node& t) {
  if (const ff::File* f = t.entry_as_File()) return Len(f->name());
  const ff::Directory* d = t.entry_as_Directory();
  return d == nullptr ? 0 : Len(d->name()) + 1;
}

std::uint64_t Few(const fg::Monster& t) {
  return static_cast<std::uint64_t>(t.hp() + t.mana()) + Len(t.name());
}

std::uint64_t Few(const fm::Mail& t) {
  return Len(t.subject()) + (t.sender() == nullptr ? 0 : Len(t.sender()->address()));
}

std::uint64_t Few(const fs::Series& t) {
  return Len(t.name()) + (t.values() == nullptr ? 0 : t.values()->size());
}

}  // namespace serbench::adapters::fbs
