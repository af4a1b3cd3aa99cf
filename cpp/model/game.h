// The `game` dataset (schemas/game): the FlatBuffers "monster" shape.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "cpp/model/describe.h"

namespace serbench::model {

enum class Color : std::uint8_t { kRed, kGreen, kBlue };

constexpr std::array<std::string_view, 3> EnumNames(Color) { return {"RED", "GREEN", "BLUE"}; }

struct Vec3 {
  float x = 0;
  float y = 0;
  float z = 0;

  bool operator==(const Vec3&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"x", &Vec3::x}, Field{"y", &Vec3::y}, Field{"z", &Vec3::z}};
  }
};

struct Weapon {
  static constexpr std::string_view kType = "weapon";

  std::string name;
  std::int16_t damage = 0;

  bool operator==(const Weapon&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &Weapon::name}, Field{"damage", &Weapon::damage}};
  }
};

struct Shield {
  static constexpr std::string_view kType = "shield";

  std::string name;
  std::int16_t armor = 0;

  bool operator==(const Shield&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &Shield::name}, Field{"armor", &Shield::armor}};
  }
};

struct Monster {
  static constexpr std::string_view kDataset = "game";

  Vec3 pos;
  std::int16_t mana = 0;
  std::int16_t hp = 0;
  std::string name;
  std::vector<std::uint8_t> inventory;
  Color color = Color::kRed;
  std::vector<Weapon> weapons;
  std::variant<Weapon, Shield> equipped;
  std::vector<Vec3> path;

  bool operator==(const Monster&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"pos", &Monster::pos}, Field{"mana", &Monster::mana},
                      Field{"hp", &Monster::hp}, Field{"name", &Monster::name},
                      Field{"inventory", &Monster::inventory}, Field{"color", &Monster::color},
                      Field{"weapons", &Monster::weapons},
                      Field{"equipped", &Monster::equipped}, Field{"path", &Monster::path}};
  }
};

}  // namespace serbench::model
