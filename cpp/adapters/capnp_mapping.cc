#include "cpp/adapters/capnp_mapping.h"

#include <string>
#include <vector>

#include "cpp/adapters/enum_cast.h"

namespace serbench::adapters::cp {
namespace {

namespace cu = ::serbench::user::capnp;
namespace co = ::serbench::order::capnp;
namespace cf = ::serbench::filetree::capnp;
namespace cg = ::serbench::game::capnp;
namespace cm = ::serbench::mail::capnp;
namespace cs = ::serbench::metrics::capnp;

using model::Timestamp;

// std::string keeps the NUL terminator Text::Reader asks for.
::capnp::Text::Reader Text(const std::string& s) { return {s.data(), s.size()}; }
std::string Str(::capnp::Text::Reader t) { return {t.begin(), t.size()}; }

// Fills list builder `to` (already sized) from `from`, element by element.
template <typename L, typename M, typename F>
void BuildEach(L to, const std::vector<M>& from, F build) {
  for (unsigned i = 0; i < from.size(); ++i) build(to[i], from[i]);
}

template <typename M, typename L, typename F>
std::vector<M> ReadEach(L from, F read) {
  std::vector<M> out;
  out.reserve(from.size());
  for (auto e : from) out.push_back(read(e));
  return out;
}

template <typename T, typename L>
std::vector<T> Scalars(L from) {
  return ReadEach<T>(from, [](T v) { return v; });
}

// user and order each declare their own Address struct of the same shape.
template <typename B>
void BuildAddress(B b, const model::Address& a) {
  b.setStreet(Text(a.street));
  b.setCity(Text(a.city));
  b.setPostcode(Text(a.postcode));
  b.setCountry(Text(a.country));
}
template <typename T>
model::Address ReadAddress(T t) {
  return {Str(t.getStreet()), Str(t.getCity()), Str(t.getPostcode()), Str(t.getCountry())};
}

// The fields File and Directory share; updatedAt is a none/value union and
// an absent updatedBy a null pointer.
template <typename B, typename M>
void BuildCommon(B b, const M& m) {
  b.setName(Text(m.name));
  b.setCreatedBy(Text(m.created_by));
  b.setCreatedAt(m.created_at.micros);
  if (m.updated_by) b.setUpdatedBy(Text(*m.updated_by));
  if (m.updated_at) b.getUpdatedAt().setValue(m.updated_at->micros);
}
template <typename T, typename M>
void ReadCommon(T t, M& m) {
  m.name = Str(t.getName());
  m.created_by = Str(t.getCreatedBy());
  m.created_at = Timestamp{t.getCreatedAt()};
  if (t.hasUpdatedBy()) m.updated_by = Str(t.getUpdatedBy());
  if (t.getUpdatedAt().isValue()) m.updated_at = Timestamp{t.getUpdatedAt().getValue()};
}

void BuildVec3(cg::Vec3::Builder b, const model::Vec3& v) {
  b.setX(v.x);
  b.setY(v.y);
  b.setZ(v.z);
}
model::Vec3 ReadVec3(cg::Vec3::Reader t) { return {t.getX(), t.getY(), t.getZ()}; }

void BuildWeapon(cg::Weapon::Builder b, const model::Weapon& w) {
  b.setName(Text(w.name));
  b.setDamage(w.damage);
}
model::Weapon ReadWeapon(cg::Weapon::Reader t) { return {Str(t.getName()), t.getDamage()}; }

void BuildContact(cm::Contact::Builder b, const model::Contact& c) {
  b.setName(Text(c.name));
  b.setAddress(Text(c.address));
}
model::Contact ReadContact(cm::Contact::Reader t) {
  return {Str(t.getName()), Str(t.getAddress())};
}

}  // namespace

void Build(cu::User::Builder b, const model::User& r) {
  b.setName(Text(r.name));
  b.setEmail(Text(r.email));
  b.setAge(r.age);
  auto tags = b.initTags(r.tags.size());
  for (unsigned i = 0; i < r.tags.size(); ++i) tags.set(i, Text(r.tags[i]));
  BuildAddress(b.initAddress(), r.address);
}
model::User Read(cu::User::Reader t) {
  return {Str(t.getName()), Str(t.getEmail()), t.getAge(),
          ReadEach<std::string>(t.getTags(), Str), ReadAddress(t.getAddress())};
}
std::uint64_t Few(cu::User::Reader t) { return t.getName().size() + t.getAge(); }

void Build(co::Order::Builder b, const model::Order& r) {
  b.setId(r.id);
  b.setCreatedAt(r.created_at.micros);
  b.setStatus(static_cast<co::OrderStatus>(r.status));
  auto customer = b.initCustomer();
  customer.setId(r.customer.id);
  customer.setName(Text(r.customer.name));
  customer.setEmail(Text(r.customer.email));
  customer.setPhone(Text(r.customer.phone));
  BuildAddress(b.initShippingAddress(), r.shipping_address);
  BuildEach(b.initItems(r.items.size()), r.items,
            [](co::LineItem::Builder i, const model::LineItem& m) {
              i.setSku(Text(m.sku));
              i.setName(Text(m.name));
              i.setQuantity(m.quantity);
              i.setUnitPrice(m.unit_price);
            });
  b.setTotal(r.total);
  b.setCurrency(Text(r.currency));
}
model::Order Read(co::Order::Reader t) {
  const auto c = t.getCustomer();
  return {t.getId(), Timestamp{t.getCreatedAt()},
          EnumCast<model::OrderStatus>(static_cast<std::uint16_t>(t.getStatus())),
          {c.getId(), Str(c.getName()), Str(c.getEmail()), Str(c.getPhone())},
          ReadAddress(t.getShippingAddress()),
          ReadEach<model::LineItem>(t.getItems(), [](co::LineItem::Reader i) {
            return model::LineItem{Str(i.getSku()), Str(i.getName()), i.getQuantity(),
                                   i.getUnitPrice()};
          }),
          t.getTotal(), Str(t.getCurrency())};
}
std::uint64_t Few(co::Order::Reader t) {
  return t.getId() + static_cast<std::uint64_t>(t.getStatus()) + t.getItems().size();
}

void Build(cf::Node::Builder b, const model::Node& r) {
  if (const auto* f = std::get_if<model::File>(&r.entry)) {
    auto file = b.initFile();
    BuildCommon(file, *f);
    file.setNbytes(f->nbytes);
    file.setPermissions(static_cast<cf::Permission>(f->permissions));
    return;
  }
  const auto& d = std::get<model::Directory>(r.entry);
  auto dir = b.initDirectory();
  BuildCommon(dir, d);
  BuildEach(dir.initContents(d.contents.size()), d.contents,
            [](cf::Node::Builder n, const model::Node& m) { Build(n, m); });
}
model::Node Read(cf::Node::Reader t) {
  if (t.isFile()) {
    const auto f = t.getFile();
    model::File file;
    ReadCommon(f, file);
    file.nbytes = f.getNbytes();
    file.permissions = EnumCast<model::Permission>(static_cast<std::uint16_t>(f.getPermissions()));
    return {std::move(file)};
  }
  const auto d = t.getDirectory();
  model::Directory dir;
  ReadCommon(d, dir);
  dir.contents = ReadEach<model::Node>(d.getContents(), [](cf::Node::Reader n) { return Read(n); });
  return {std::move(dir)};
}
std::uint64_t Few(cf::Node::Reader t) {
  return t.isFile() ? t.getFile().getName().size() : t.getDirectory().getName().size() + 1;
}

void Build(cg::Monster::Builder b, const model::Monster& r) {
  BuildVec3(b.initPos(), r.pos);
  b.setMana(r.mana);
  b.setHp(r.hp);
  b.setName(Text(r.name));
  b.setInventory(kj::arrayPtr(r.inventory.data(), r.inventory.size()));
  b.setColor(static_cast<cg::Color>(r.color));
  BuildEach(b.initWeapons(r.weapons.size()), r.weapons, BuildWeapon);
  auto equipped = b.getEquipped();
  if (const auto* w = std::get_if<model::Weapon>(&r.equipped)) {
    BuildWeapon(equipped.initWeapon(), *w);
  } else {
    const auto& s = std::get<model::Shield>(r.equipped);
    auto shield = equipped.initShield();
    shield.setName(Text(s.name));
    shield.setArmor(s.armor);
  }
  BuildEach(b.initPath(r.path.size()), r.path, BuildVec3);
}
model::Monster Read(cg::Monster::Reader t) {
  const auto inventory = t.getInventory();
  model::Monster m{ReadVec3(t.getPos()), t.getMana(), t.getHp(), Str(t.getName()),
                   {inventory.begin(), inventory.end()},
                   EnumCast<model::Color>(static_cast<std::uint16_t>(t.getColor())),
                   ReadEach<model::Weapon>(t.getWeapons(), ReadWeapon), {},
                   ReadEach<model::Vec3>(t.getPath(), ReadVec3)};
  const auto equipped = t.getEquipped();
  if (equipped.isWeapon()) {
    m.equipped = ReadWeapon(equipped.getWeapon());
  } else {
    const auto s = equipped.getShield();
    m.equipped = model::Shield{Str(s.getName()), s.getArmor()};
  }
  return m;
}
std::uint64_t Few(cg::Monster::Reader t) {
  return static_cast<std::uint64_t>(t.getHp() + t.getMana()) + t.getName().size();
}

void Build(cm::Mail::Builder b, const model::Mail& r) {
  b.setMessageId(Text(r.message_id));
  b.setSubject(Text(r.subject));
  BuildContact(b.initSender(), r.sender);
  BuildEach(b.initTo(r.to.size()), r.to, BuildContact);
  BuildEach(b.initCc(r.cc.size()), r.cc, BuildContact);
  b.setDate(r.date.micros);
  BuildEach(b.initHeaders(r.headers.size()), r.headers,
            [](cm::Header::Builder h, const model::Header& m) {
              h.setName(Text(m.name));
              h.setValue(Text(m.value));
            });
  b.setBody(Text(r.body));
}
model::Mail Read(cm::Mail::Reader t) {
  return {Str(t.getMessageId()), Str(t.getSubject()), ReadContact(t.getSender()),
          ReadEach<model::Contact>(t.getTo(), ReadContact),
          ReadEach<model::Contact>(t.getCc(), ReadContact), Timestamp{t.getDate()},
          ReadEach<model::Header>(t.getHeaders(),
                                  [](cm::Header::Reader h) {
                                    return model::Header{Str(h.getName()), Str(h.getValue())};
                                  }),
          Str(t.getBody())};
}
std::uint64_t Few(cm::Mail::Reader t) {
  return t.getSubject().size() + t.getSender().getAddress().size();
}

void Build(cs::Series::Builder b, const model::Series& r) {
  b.setName(Text(r.name));
  b.setUnit(Text(r.unit));
  b.setTimestamps(kj::arrayPtr(r.timestamps.data(), r.timestamps.size()));
  b.setValues(kj::arrayPtr(r.values.data(), r.values.size()));
}
model::Series Read(cs::Series::Reader t) {
  return {Str(t.getName()), Str(t.getUnit()), Scalars<std::int64_t>(t.getTimestamps()),
          Scalars<double>(t.getValues())};
}
std::uint64_t Few(cs::Series::Reader t) { return t.getName().size() + t.getValues().size(); }

}  // namespace serbench::adapters::cp
