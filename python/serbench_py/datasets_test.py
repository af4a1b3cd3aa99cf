"""The synthetic datasets as read from their schemas: what the .proto says, the
widths and timestamps the .fbs twin adds, and the two kinds of union."""

from schemas.catalog import catalog
from serbench_py.datasets import SYNTHETIC
from serbench_py.schema import STR, TIMESTAMP, Enum, Field, List, Optional, Ref, Scalar, Union


def test_every_synthetic_dataset_of_the_catalog_in_its_order() -> None:
    assert tuple(SYNTHETIC) == catalog.SYNTHETIC_DATASETS
    assert all(d.access == catalog.dataset(d.name).access for d in SYNTHETIC.values())


def test_widths_and_timestamps_come_from_the_fbs_twin() -> None:
    monster = SYNTHETIC["game"].record("Monster")
    assert monster.fields[1] == Field("mana", Scalar("int16"))
    assert monster.fields[4] == Field("inventory", List(Scalar("uint8")))  # bytes in the .proto
    assert monster.fields[5] == Field("color", Enum("Color", ("RED", "GREEN", "BLUE")))
    assert SYNTHETIC["order"].record("Order").fields[1] == Field("created_at", TIMESTAMP)
    series = SYNTHETIC["metrics"].record("Series")
    assert series.fields[2] == Field("timestamps", List(Scalar("int64")))  # not timestamps
    file = SYNTHETIC["filetree"].record("File")
    optional = (Field("updated_by", Optional(STR)), Field("updated_at", Optional(TIMESTAMP)))
    assert file.fields[3:5] == optional


def test_a_oneof_inline_is_the_fbs_union_and_a_whole_record_oneof_a_wrapped_union() -> None:
    game = SYNTHETIC["game"]
    equipment = Union("Equipment", (("weapon", "Weapon"), ("shield", "Shield")))
    assert game.record("Monster").fields[7] == Field("equipped", equipment)
    assert game.unions == (equipment,) and game.root == Ref("Monster")
    tree = SYNTHETIC["filetree"]
    node = Union("Node", (("file", "File"), ("directory", "Directory")), "Node", "entry", "Entry")
    assert tree.root == node and tree.unions == (node,)
    assert [r.name for r in tree.records] == ["File", "Directory"]
    assert tree.record("Directory").fields[-1] == Field("contents", List(node))
