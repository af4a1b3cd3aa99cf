// How a model struct describes itself: one `Fields()` tuple of name/member
// pairs per struct, walked by every generic codec (JSON, MessagePack) and by
// the field-by-field diff, so a dataset's shape is written down once.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

namespace serbench::model {

template <typename Struct, typename Member>
struct Field {
  std::string_view name;  // the schema's snake_case field name
  Member Struct::*member;
};
// Spelled out for clang before 17, which does not deduce an aggregate's arguments
// (cpp/fuzz builds the model with clang++-14).
template <typename Struct, typename Member>
Field(std::string_view, Member Struct::*) -> Field<Struct, Member>;

// Microseconds since the Unix epoch, UTC. A type of its own because the
// canonical JSON writes it as an RFC 3339 string, the binary formats as int64.
struct Timestamp {
  std::int64_t micros = 0;
  bool operator==(const Timestamp&) const = default;
};

// A struct with a `static constexpr auto Fields()`.
template <typename T>
concept Described = requires { T::Fields(); };

// Enums name their values through an ADL-found `EnumNames(E)` returning an
// array indexed by the value.
template <typename T>
concept NamedEnum = std::is_enum_v<T> && requires(T e) { EnumNames(e); };

template <typename T>
struct IsVariant : std::false_type {};
template <typename... Alts>
struct IsVariant<std::variant<Alts...>> : std::true_type {};

// A tagged union: a std::variant whose alternatives each carry their JSON
// tag as `static constexpr std::string_view kType`.
template <typename T>
concept TaggedUnion = IsVariant<T>::value;

// A struct that is nothing but a tagged union (filetree's recursive Node):
// serialized as the union itself, without a wrapping object.
template <typename T>
concept UnionWrapper = requires(T t) { t.entry; } && TaggedUnion<decltype(T::entry)>;

template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

// Calls f(field) for every field of `T`.
template <Described T, typename F>
constexpr void ForEachField(F&& f) {
  std::apply([&](const auto&... field) { (f(field), ...); }, T::Fields());
}

template <NamedEnum E>
constexpr std::string_view EnumName(E e) {
  const auto names = EnumNames(e);
  const auto i = static_cast<std::size_t>(e);
  return i < names.size() ? names[i] : std::string_view();
}

// nullopt for a name the enum does not have.
template <NamedEnum E>
constexpr std::optional<E> EnumFromName(std::string_view name) {
  const auto names = EnumNames(E{});
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<E>(i);
  }
  return std::nullopt;
}

// The alternative of variant V whose kType is `tag`, as an index; nullopt if none.
template <TaggedUnion V>
std::optional<std::size_t> AlternativeIndex(std::string_view tag) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) -> std::optional<std::size_t> {
    std::optional<std::size_t> found;
    ((std::variant_alternative_t<I, V>::kType == tag ? (found = I, 0) : 0), ...);
    return found;
  }(std::make_index_sequence<std::variant_size_v<V>>());
}

// Default-constructs alternative `index` of V (index < variant_size).
template <TaggedUnion V>
V MakeAlternative(std::size_t index) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    V v;
    ((I == index ? (v.template emplace<I>(), 0) : 0), ...);
    return v;
  }(std::make_index_sequence<std::variant_size_v<V>>());
}

}  // namespace serbench::model
