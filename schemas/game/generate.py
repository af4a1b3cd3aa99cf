"""The `game` dataset: a monster in the shape of the FlatBuffers sample (a struct of
floats, vectors of tables and of scalars, a Weapon/Shield union, a color enum)."""

from random import Random

from schemas.datagen.common import Record, is_edge, text_or_tricky

COLORS = ["RED", "GREEN", "BLUE"]
INT16_MIN, INT16_MAX = -(2**15), 2**15 - 1
NAMES = ["Orc", "Goblin", "Troll", "ドラゴン", "Élémentaire", "Skeleton 💀", 'Orc "the Bold"', "Slime"]
WEAPONS = ["Axe", "Sword", "Bow", "Épée", "弓", "Club"]
SHIELDS = ["Buckler", "Kite shield", "Tower shield", "盾"]


def _vec3(rng: Random) -> Record:
    # Multiples of 0.25 within +-1000 are exact in float32, so every format agrees.
    return {axis: rng.randint(-4000, 4000) / 4 for axis in ("x", "y", "z")}


def _weapon(rng: Random) -> Record:
    return {"name": text_or_tricky(rng, rng.choice(WEAPONS)), "damage": rng.randint(1, 500)}


def _equipped(rng: Random, index: int) -> Record:
    if index % 2 == 0:
        return {"type": "weapon", **_weapon(rng)}
    return {"type": "shield", "name": rng.choice(SHIELDS), "armor": rng.randint(0, 300)}


def _stats(rng: Random, index: int) -> tuple[int, int]:
    """(mana, hp), with the int16 limits and zero on a few records."""
    if is_edge(index, 50, 3):
        return INT16_MIN, INT16_MAX
    if is_edge(index, 50, 5):
        return 0, 0
    return rng.randint(0, 1000), rng.randint(1, 5000)


def record(rng: Random, index: int) -> Record:
    mana, hp = _stats(rng, index)
    inventory = [rng.randint(0, 255) for _ in range(rng.randint(0, 16))]
    if is_edge(index, 25, 6):
        inventory = [0, 255]
    return {
        "pos": _vec3(rng),
        "mana": mana,
        "hp": hp,
        "name": text_or_tricky(rng, rng.choice(NAMES)),
        "inventory": inventory,
        "color": COLORS[index % len(COLORS)],
        "weapons": [_weapon(rng) for _ in range(rng.randint(0, 3))],
        "equipped": _equipped(rng, index),
        "path": [_vec3(rng) for _ in range(rng.randint(0, 5))],
    }
