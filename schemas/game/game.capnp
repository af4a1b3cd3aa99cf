# The `game` dataset, shaped like the FlatBuffers monster sample. Twin of
# game.proto and game.fbs. mana, hp, damage and armor are Int16 as in game.fbs.
@0xe949f7d8c29635ed;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("serbench::game::capnp");

enum Color {
  red @0;
  green @1;
  blue @2;
}

struct Vec3 {
  x @0 :Float32;
  y @1 :Float32;
  z @2 :Float32;
}

struct Weapon {
  name @0 :Text;
  damage @1 :Int16;
}

struct Shield {
  name @0 :Text;
  armor @1 :Int16;
}

struct Monster {
  pos @0 :Vec3;
  mana @1 :Int16;
  hp @2 :Int16;
  name @3 :Text;
  inventory @4 :Data;
  color @5 :Color;
  weapons @6 :List(Weapon);
  equipped :union {
    weapon @7 :Weapon;
    shield @8 :Shield;
  }
  path @9 :List(Vec3);
}

# One payload: `size` monsters.
struct Payload {
  records @0 :List(Monster);
}
