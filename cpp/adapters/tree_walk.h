// The canonical JSON tree (schemas/README.md) of any described model value,
// written to or read from a library through a small sink / node interface.
// Every JSON-shaped adapter (RapidJSON, simdjson, msgpack-cxx) walks the
// model's Fields() through these two templates, so a dataset is described
// once and every library does the same work.
//
// Sink:  StartObject(n) Key(s) EndObject() StartArray(n) EndArray()
//        String(s) Uint(u) Int(i) Double(d)
// Node:  Object() -> an object with Find(name) -> std::optional<Node>;
//        ForEachElement(f); String(); Uint(); Int(); Double()
// Nodes throw on a wrong type; ReadTree throws on a missing field, an
// unknown enum or union name, or an integer the field cannot hold.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>

#include "cpp/adapters/codec.h"
#include "cpp/model/checked.h"
#include "cpp/model/describe.h"
#include "cpp/model/timestamp.h"

namespace serbench::adapters {

template <typename Sink, typename T>
void WriteTree(Sink& sink, const T& v);

// Present fields: absent optionals are omitted.
template <model::Described T>
std::size_t PresentFields(const T& v) {
  std::size_t n = 0;
  model::ForEachField<T>([&](const auto& f) {
    if constexpr (model::IsOptional<std::decay_t<decltype(v.*f.member)>>::value) {
      n += (v.*f.member).has_value();
    } else {
      ++n;
    }
  });
  return n;
}

template <typename Sink, model::Described T>
void WriteFields(Sink& sink, const T& v) {
  model::ForEachField<T>([&](const auto& f) {
    const auto& member = v.*f.member;
    if constexpr (model::IsOptional<std::decay_t<decltype(member)>>::value) {
      if (!member) return;
      sink.Key(f.name);
      WriteTree(sink, *member);
    } else {
      sink.Key(f.name);
      WriteTree(sink, member);
    }
  });
}

template <typename Sink, typename T>
void WriteTree(Sink& sink, const T& v) {
  if constexpr (model::UnionWrapper<T>) {
    WriteTree(sink, v.entry);
  } else if constexpr (model::Described<T>) {
    sink.StartObject(PresentFields(v));
    WriteFields(sink, v);
    sink.EndObject();
  } else if constexpr (model::IsVector<T>::value) {
    sink.StartArray(v.size());
    for (const auto& e : v) WriteTree(sink, e);
    sink.EndArray();
  } else if constexpr (model::TaggedUnion<T>) {
    std::visit([&](const auto& alt) {
      sink.StartObject(PresentFields(alt) + 1);
      sink.Key("type");
      sink.String(alt.kType);
      WriteFields(sink, alt);
      sink.EndObject();
    }, v);
  } else if constexpr (std::is_same_v<T, model::Timestamp>) {
    sink.String(model::FormatTimestamp(v));
  } else if constexpr (model::NamedEnum<T>) {
    sink.String(model::EnumName(v));
  } else if constexpr (std::is_same_v<T, std::string>) {
    sink.String(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    sink.Double(static_cast<double>(v));
  } else if constexpr (std::is_signed_v<T>) {
    sink.Int(static_cast<std::int64_t>(v));
  } else {
    sink.Uint(static_cast<std::uint64_t>(v));
  }
}

template <typename Node, typename T>
void ReadTree(Node node, T& v);

template <typename Object, model::Described T>
void ReadFields(Object& object, T& v) {
  model::ForEachField<T>([&](const auto& f) {
    auto& member = v.*f.member;
    auto child = object.Find(f.name);
    if constexpr (model::IsOptional<std::decay_t<decltype(member)>>::value) {
      if (child) {
        ReadTree(*child, member.emplace());
      } else {
        member.reset();
      }
    } else {
      if (!child) throw DecodeError("missing field " + std::string(f.name));
      ReadTree(*child, member);
    }
  });
}

template <typename Node, typename T>
void ReadTree(Node node, T& v) {
  if constexpr (model::UnionWrapper<T>) {
    ReadTree(node, v.entry);
  } else if constexpr (model::Described<T>) {
    auto object = node.Object();
    ReadFields(object, v);
  } else if constexpr (model::IsVector<T>::value) {
    v.clear();
    node.ForEachElement([&](Node e) { ReadTree(e, v.emplace_back()); });
  } else if constexpr (model::TaggedUnion<T>) {
    auto object = node.Object();
    auto tag = object.Find("type");
    const auto index = tag ? model::AlternativeIndex<T>(tag->String()) : std::nullopt;
    if (!index) throw DecodeError("union without a known type");
    v = model::MakeAlternative<T>(*index);
    std::visit([&](auto& alt) { ReadFields(object, alt); }, v);
  } else if constexpr (std::is_same_v<T, model::Timestamp>) {
    const auto t = model::ParseTimestamp(node.String());
    if (!t) throw DecodeError("not an RFC 3339 timestamp");
    v = *t;
  } else if constexpr (model::NamedEnum<T>) {
    const auto e = model::EnumFromName<T>(node.String());
    if (!e) throw DecodeError("unknown enum name");
    v = *e;
  } else if constexpr (std::is_same_v<T, std::string>) {
    v = node.String();
  } else if constexpr (std::is_floating_point_v<T>) {
    v = static_cast<T>(node.Double());
  } else if constexpr (std::is_signed_v<T>) {
    v = model::CheckedInt<T>(node.Int());
  } else {
    v = model::CheckedInt<T>(node.Uint());
  }
}

// {"records": [...]} through the walkers.
template <typename Sink, typename R>
void WritePayload(Sink& sink, const std::vector<R>& records) {
  sink.StartObject(1);
  sink.Key("records");
  WriteTree(sink, records);
  sink.EndObject();
}

template <typename R, typename Node>
std::vector<R> ReadPayload(Node root) {
  auto object = root.Object();
  auto records = object.Find("records");
  if (!records) throw DecodeError("missing field records");
  std::vector<R> out;
  ReadTree(*records, out);
  return out;
}

}  // namespace serbench::adapters
