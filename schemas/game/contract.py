"""The `game` record's shape in the fixture contract (schemas/README.md,
schemas/game/README.md), written from the README and game.proto / game.fbs,
independently of generate.py, and the edge cases its fixtures hold beyond what the
shape implies (EDGES)."""

from schemas.datagen.contract import INT16, QUARTER, STRING, UBYTE, Edges, Enum, ListOf, Obj, Type, Union

_VEC3 = Obj({"x": QUARTER, "y": QUARTER, "z": QUARTER})
_WEAPON: dict[str, Type] = {"name": STRING, "damage": INT16}
RECORD = Obj(
    {
        "pos": _VEC3,
        "mana": INT16,
        "hp": INT16,
        "name": STRING,
        "inventory": ListOf(UBYTE),
        "color": Enum(("RED", "GREEN", "BLUE")),
        "weapons": ListOf(Obj(_WEAPON)),
        "equipped": Union({"weapon": Obj(_WEAPON), "shield": Obj({"name": STRING, "armor": INT16})}),
        "path": ListOf(_VEC3),
    }
)

EDGES = Edges(values={"mana": {-(2**15), 0}, "hp": {2**15 - 1, 0}, "inventory": {0, 255}})
