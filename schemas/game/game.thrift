// The `game` dataset, shaped like the FlatBuffers monster sample. Twin of
// game.proto (same field names and numbers), game.fbs and game.capnp.
// mana, hp, damage and armor are i16 as in game.fbs and game.capnp. Thrift
// has no 32-bit float, so Vec3 holds doubles (the coordinates are exact in
// float32, so exact in double too).
namespace cpp serbench.game.thrift
namespace netstd serbench.game.thrift

enum Color {
  RED = 0
  GREEN = 1
  BLUE = 2
}

struct Vec3 {
  1: double x
  2: double y
  3: double z
}

struct Weapon {
  1: string name
  2: i16 damage
}

struct Shield {
  1: string name
  2: i16 armor
}

// The union (JSON: an object whose "type" is "weapon" or "shield"); the
// .proto's oneof members equipped_weapon = 8 and equipped_shield = 9.
union Equipped {
  1: Weapon weapon
  2: Shield shield
}

struct Monster {
  1: Vec3 pos
  2: i16 mana
  3: i16 hp
  4: string name
  5: binary inventory
  6: Color color
  7: list<Weapon> weapons
  8: Equipped equipped
  // 9 is the .proto's second oneof member, here inside Equipped.
  10: list<Vec3> path
}

// One payload: `size` monsters.
struct Payload {
  1: list<Monster> records
}
