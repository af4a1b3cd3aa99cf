#include "cpp/adapters/flatbuffers_mapping.h"

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
using ::flatbuffers::Vector;
using model::Timestamp;

// Absent strings read as empty, as in the other binary formats.
std::string Str(const String* s) { return s == nullptr ? std::string() : s->str(); }
std::size_t Len(const String* s) { return s == nullptr ? 0 : s->size(); }

template <typename T>
auto Scalars(const Vector<T>* v) {
  return v == nullptr ? std::vector<T>() : std::vector<T>(v->begin(), v->end());
}

// Children first: FlatBuffers forbids nested table construction.
template <typename M, typename F>
auto Tables(FlatBufferBuilder& b, const std::vector<M>& from, F build) {
  std::vector<decltype(build(b, from[0]))> offsets;
  offsets.reserve(from.size());
  for (const M& m : from) offsets.push_back(build(b, m));
  return b.CreateVector(offsets);
}

template <typename M, typename T, typename F>
std::vector<M> ReadTables(const Vector<Offset<T>>* v, F read) {
  std::vector<M> out;
  if (v == nullptr) return out;
  out.reserve(v->size());
  for (const T* t : *v) out.push_back(read(*t));
  return out;
}

Offset<fu::Address> BuildAddress(FlatBufferBuilder& b, const model::Address& a) {
  return fu::CreateAddress(b, b.CreateString(a.street), b.CreateString(a.city),
                           b.CreateString(a.postcode), b.CreateString(a.country));
}
model::Address ReadAddress(const fu::Address* a) {
  if (a == nullptr) return {};
  return {Str(a->street()), Str(a->city()), Str(a->postcode()), Str(a->country())};
}
Offset<fo::Address> BuildOrderAddress(FlatBufferBuilder& b, const model::Address& a) {
  return fo::CreateAddress(b, b.CreateString(a.street), b.CreateString(a.city),
                           b.CreateString(a.postcode), b.CreateString(a.country));
}
model::Address ReadOrderAddress(const fo::Address* a) {
  if (a == nullptr) return {};
  return {Str(a->street()), Str(a->city()), Str(a->postcode()), Str(a->country())};
}

template <typename M>
auto OptionalTime(const M& m) {
  return m.updated_at ? ::flatbuffers::Optional<std::int64_t>(m.updated_at->micros)
                      : ::flatbuffers::nullopt;
}
template <typename M>
Offset<String> OptionalString(FlatBufferBuilder& b, const M& m) {
  return m.updated_by ? b.CreateString(*m.updated_by) : 0;
}
template <typename M, typename T>
void ReadCommon(const T& t, M& m) {
  m.name = Str(t.name());
  m.created_by = Str(t.created_by());
  m.created_at = Timestamp{t.created_at()};
  if (t.updated_by() != nullptr) m.updated_by = t.updated_by()->str();
  if (t.updated_at()) m.updated_at = Timestamp{*t.updated_at()};
}

Offset<fg::Weapon> BuildWeapon(FlatBufferBuilder& b, const model::Weapon& w) {
  return fg::CreateWeapon(b, b.CreateString(w.name), w.damage);
}
model::Weapon ReadWeapon(const fg::Weapon& w) { return {Str(w.name()), w.damage()}; }

Offset<fm::Contact> BuildContact(FlatBufferBuilder& b, const model::Contact& c) {
  return fm::CreateContact(b, b.CreateString(c.name), b.CreateString(c.address));
}
model::Contact ReadContact(const fm::Contact& c) { return {Str(c.name()), Str(c.address())}; }

}  // namespace

Offset<fu::User> Build(FlatBufferBuilder& b, const model::User& r) {
  const auto name = b.CreateString(r.name);
  const auto email = b.CreateString(r.email);
  const auto tags = b.CreateVectorOfStrings(r.tags);
  const auto address = BuildAddress(b, r.address);
  return fu::CreateUser(b, name, email, r.age, tags, address);
}
model::User Read(const fu::User& t) {
  model::User u{Str(t.name()), Str(t.email()), t.age(), {}, ReadAddress(t.address())};
  if (t.tags() != nullptr) {
    u.tags.reserve(t.tags()->size());
    for (const String* tag : *t.tags()) u.tags.push_back(Str(tag));
  }
  return u;
}
std::uint64_t Few(const fu::User& t) { return Len(t.name()) + t.age(); }

Offset<fo::Order> Build(FlatBufferBuilder& b, const model::Order& r) {
  const auto customer = fo::CreateCustomer(b, r.customer.id, b.CreateString(r.customer.name),
                                           b.CreateString(r.customer.email),
                                           b.CreateString(r.customer.phone));
  const auto address = BuildOrderAddress(b, r.shipping_address);
  const auto items = Tables(b, r.items, [](FlatBufferBuilder& b, const model::LineItem& i) {
    return fo::CreateLineItem(b, b.CreateString(i.sku), b.CreateString(i.name), i.quantity,
                              i.unit_price);
  });
  return fo::CreateOrder(b, r.id, r.created_at.micros, static_cast<fo::OrderStatus>(r.status),
                         customer, address, items, r.total, b.CreateString(r.currency));
}
model::Order Read(const fo::Order& t) {
  const fo::Customer* c = t.customer();
  return {t.id(), Timestamp{t.created_at()}, EnumCast<model::OrderStatus>(t.status()),
          c == nullptr ? model::Customer{}
                       : model::Customer{c->id(), Str(c->name()), Str(c->email()), Str(c->phone())},
          ReadOrderAddress(t.shipping_address()),
          ReadTables<model::LineItem>(t.items(), [](const fo::LineItem& i) {
            return model::LineItem{Str(i.sku()), Str(i.name()), i.quantity(), i.unit_price()};
          }),
          t.total(), Str(t.currency())};
}
std::uint64_t Few(const fo::Order& t) {
  return t.id() + static_cast<std::uint64_t>(t.status()) + (t.items() ? t.items()->size() : 0);
}

Offset<ff::Node> Build(FlatBufferBuilder& b, const model::Node& r) {
  if (const auto* f = std::get_if<model::File>(&r.entry)) {
    const auto name = b.CreateString(f->name);
    const auto created_by = b.CreateString(f->created_by);
    const auto file = ff::CreateFile(b, name, created_by, f->created_at.micros,
                                     OptionalString(b, *f), OptionalTime(*f), f->nbytes,
                                     static_cast<ff::Permission>(f->permissions));
    return ff::CreateNode(b, ff::Entry_File, file.Union());
  }
  const auto& d = std::get<model::Directory>(r.entry);
  const auto contents = Tables(b, d.contents, [](FlatBufferBuilder& b, const model::Node& n) {
    return Build(b, n);
  });
  const auto name = b.CreateString(d.name);
  const auto created_by = b.CreateString(d.created_by);
  const auto dir = ff::CreateDirectory(b, name, created_by, d.created_at.micros,
                                       OptionalString(b, d), OptionalTime(d), contents);
  return ff::CreateNode(b, ff::Entry_Directory, dir.Union());
}
model::Node Read(const ff::Node& t) {
  if (const ff::File* f = t.entry_as_File()) {
    model::File file;
    ReadCommon(*f, file);
    file.nbytes = f->nbytes();
    file.permissions = EnumCast<model::Permission>(f->permissions());
    return {file};
  }
  const ff::Directory* d = t.entry_as_Directory();
  if (d == nullptr) throw DecodeError("flatbuffers: filetree Node has no entry");
  model::Directory dir;
  ReadCommon(*d, dir);
  dir.contents = ReadTables<model::Node>(d->contents(), [](const ff::Node& n) { return Read(n); });
  return {std::move(dir)};
}
std::uint64_t Few(const ff::Node& t) {
  if (const ff::File* f = t.entry_as_File()) return Len(f->name());
  const ff::Directory* d = t.entry_as_Directory();
  return d == nullptr ? 0 : Len(d->name()) + 1;
}

Offset<fg::Monster> Build(FlatBufferBuilder& b, const model::Monster& r) {
  const fg::Vec3 pos(r.pos.x, r.pos.y, r.pos.z);
  const auto name = b.CreateString(r.name);
  const auto inventory = b.CreateVector(r.inventory);
  const auto weapons = Tables(b, r.weapons, BuildWeapon);
  Offset<void> equipped;
  fg::Equipment type = fg::Equipment_Weapon;
  if (const auto* w = std::get_if<model::Weapon>(&r.equipped)) {
    equipped = BuildWeapon(b, *w).Union();
  } else {
    const auto& s = std::get<model::Shield>(r.equipped);
    equipped = fg::CreateShield(b, b.CreateString(s.name), s.armor).Union();
    type = fg::Equipment_Shield;
  }
  std::vector<fg::Vec3> path;
  path.reserve(r.path.size());
  for (const model::Vec3& v : r.path) path.emplace_back(v.x, v.y, v.z);
  const auto path_offset = b.CreateVectorOfStructs(path);
  return fg::CreateMonster(b, &pos, r.mana, r.hp, name, inventory,
                           static_cast<fg::Color>(r.color), weapons, type, equipped, path_offset);
}
model::Monster Read(const fg::Monster& t) {
  const fg::Vec3* pos = t.pos();
  model::Monster m{pos == nullptr ? model::Vec3{} : model::Vec3{pos->x(), pos->y(), pos->z()},
                   t.mana(), t.hp(), Str(t.name()), Scalars(t.inventory()),
                   EnumCast<model::Color>(t.color()),
                   ReadTables<model::Weapon>(t.weapons(), ReadWeapon), {}, {}};
  if (const fg::Weapon* w = t.equipped_as_Weapon()) {
    m.equipped = ReadWeapon(*w);
  } else if (const fg::Shield* s = t.equipped_as_Shield()) {
    m.equipped = model::Shield{Str(s->name()), s->armor()};
  } else {
    throw DecodeError("flatbuffers: game Monster has no equipped item");
  }
  if (t.path() != nullptr) {
    m.path.reserve(t.path()->size());
    for (const fg::Vec3* v : *t.path()) m.path.push_back({v->x(), v->y(), v->z()});
  }
  return m;
}
std::uint64_t Few(const fg::Monster& t) {
  return static_cast<std::uint64_t>(t.hp() + t.mana()) + Len(t.name());
}

Offset<fm::Mail> Build(FlatBufferBuilder& b, const model::Mail& r) {
  const auto message_id = b.CreateString(r.message_id);
  const auto subject = b.CreateString(r.subject);
  const auto sender = BuildContact(b, r.sender);
  const auto to = Tables(b, r.to, BuildContact);
  const auto cc = Tables(b, r.cc, BuildContact);
  const auto headers = Tables(b, r.headers, [](FlatBufferBuilder& b, const model::Header& h) {
    return fm::CreateHeader(b, b.CreateString(h.name), b.CreateString(h.value));
  });
  return fm::CreateMail(b, message_id, subject, sender, to, cc, r.date.micros, headers,
                        b.CreateString(r.body));
}
model::Mail Read(const fm::Mail& t) {
  return {Str(t.message_id()), Str(t.subject()),
          t.sender() == nullptr ? model::Contact{} : ReadContact(*t.sender()),
          ReadTables<model::Contact>(t.to(), ReadContact),
          ReadTables<model::Contact>(t.cc(), ReadContact), Timestamp{t.date()},
          ReadTables<model::Header>(t.headers(), [](const fm::Header& h) {
            return model::Header{Str(h.name()), Str(h.value())};
          }),
          Str(t.body())};
}
std::uint64_t Few(const fm::Mail& t) {
  return Len(t.subject()) + (t.sender() == nullptr ? 0 : Len(t.sender()->address()));
}

Offset<fs::Series> Build(FlatBufferBuilder& b, const model::Series& r) {
  const auto name = b.CreateString(r.name);
  const auto unit = b.CreateString(r.unit);
  return fs::CreateSeries(b, name, unit, b.CreateVector(r.timestamps), b.CreateVector(r.values));
}
model::Series Read(const fs::Series& t) {
  return {Str(t.name()), Str(t.unit()), Scalars(t.timestamps()), Scalars(t.values())};
}
std::uint64_t Few(const fs::Series& t) {
  return Len(t.name()) + (t.values() == nullptr ? 0 : t.values()->size());
}

}  // namespace serbench::adapters::fbs
