"""The wire scanners and the format-aware mutators, on the golden vectors and on
the hand-laid deep inputs."""

import json
import random
import struct
from pathlib import Path
from typing import Any

from runner.crosslang.robustness import (
    bytewise,
    capnp_wire,
    flatbuffers_wire,
    json_text,
    msgpack_wire,
    protobuf_wire,
    tree,
)
from runner.crosslang.robustness.mutant import Base

_GOLDEN = Path("runner/crosslang/interop/golden")


def base(fmt: str, dataset: str = "user", size: int = 1) -> Base:
    fixture = json.loads((_GOLDEN / f"{dataset}_{size}.json").read_bytes())
    return Base(fmt, dataset, size, (_GOLDEN / f"{dataset}_{size}.{fmt}").read_bytes(), fixture)


def depth(doc: Any) -> int:
    """Directories in the first record's chain of first children."""
    node, levels = doc["records"][0], 0
    while node is not None:
        levels += 1
        node = node["contents"][0] if node.get("contents") else None
    return levels


def test_protobuf_walk_covers_the_vector() -> None:
    b = base("protobuf", "order", 100)
    top = protobuf_wire.fields(b.data)
    assert [f.number for f in top] == [1] * 100 and top[-1].end == len(b.data)
    assert len(protobuf_wire.walk(b.data)) > 100 * 10


def test_protobuf_length_lies_point_past_the_end() -> None:
    b = base("protobuf")
    for m in protobuf_wire.length_lie(b, random.Random(1), 20):
        at = int(str(m.params["offset"]))
        if m.params["lie"] != "overlong":
            length, value_at = protobuf_wire.read_varint(m.data, at)
            assert value_at + length > len(m.data)


def test_protobuf_deep_filetree_nests() -> None:
    data = protobuf_wire.deep_filetree(40)
    assert sum(f.number == 2 and f.wire == protobuf_wire.LEN for f in protobuf_wire.walk(data)) == 40


def test_msgpack_writer_and_walk_agree_with_the_golden_vector() -> None:
    b = base("msgpack", "game", 100)
    mine = msgpack_wire.encode(b.tree)
    assert [h.kind for h in msgpack_wire.walk(mine)] == [h.kind for h in msgpack_wire.walk(b.data)]


def test_msgpack_length_lies() -> None:
    b = base("msgpack")
    for m in msgpack_wire.length_lie(b, random.Random(1), 30):
        at = int(str(m.params["offset"]))
        count = struct.unpack_from(">I", m.data, at + 1)[0]
        # More bytes (or elements, each at least a byte) than follow the header.
        assert count == 0xFFFFFFFF or at + 5 + count > len(m.data)


def test_duplicate_keys_are_written() -> None:
    pairs = tree.Pairs((("a", 1), ("a", "x")))
    assert json_text.encode({"m": pairs}) == b'{"m":{"a":1,"a":"x"}}'
    assert msgpack_wire.encode(pairs) == b"\x82\xa1a\x01\xa1a\xa1x"


def test_wrong_type_changes_one_value_type() -> None:
    b = base("json", "filetree")
    for m in tree.wrong_type(json_text.encode)(b, random.Random(1), 10):
        path = m.params["path"]
        assert isinstance(path, list)
        old, new = tree.get(b.tree, tuple(path)), tree.get(json.loads(m.data), tuple(path))
        assert type(old) is not type(new)


def test_json_and_msgpack_deep_filetrees() -> None:
    assert depth(json.loads(json_text.deep_filetree(50))) == 50
    assert json.loads(json_text.nested_arrays(3)) == [[[]]]
    heads = msgpack_wire.walk(msgpack_wire.deep_filetree(50))
    assert sum(h.kind == "array" for h in heads) == 51  # records + one contents per level


def test_flatbuffers_tables_and_deep_filetree() -> None:
    assert len(flatbuffers_wire.tables(base("flatbuffers", "user", 100).data)) == 101
    deep = flatbuffers_wire.deep_filetree(30)
    assert len(deep) == 52 + 40 * 30 and len(flatbuffers_wire.tables(deep)) == 2


def test_flatbuffers_wrong_type_repoints_one_vtable_slot() -> None:
    b = base("flatbuffers", "game")
    for m in flatbuffers_wire.wrong_type(b, random.Random(1), 10):
        diff = [i for i in range(len(b.data)) if b.data[i] != m.data[i]]
        assert (
            diff
            and min(diff) >= int(str(m.params["offset"]))
            and max(diff) <= int(str(m.params["offset"])) + 1
        )


def test_flatbuffers_length_lies_name_real_slots() -> None:
    b = base("flatbuffers", "mail")
    whats = {s.what for s in flatbuffers_wire.size_slots(b.data, b)}
    assert whats == {"root_offset", "records_length", "vtable_offset", "vtable_size", "table_size",
                     "field_offset", "string_length"}  # fmt: skip


def test_capnp_deep_filetree_pointers() -> None:
    data = capnp_wire.deep_filetree(20)
    assert capnp_wire.segments(data) == [(8, 2 + 11 * 20)]
    # root, records, then per level Node->Directory, name and contents (none in the last)
    assert len(capnp_wire.pointers(data)) == 2 + 3 * 20 - 1
    lies = capnp_wire.length_lie(Base("capnp", "filetree", 1, data, {}), random.Random(1), 500)
    assert {m.params["lie"] for m in lies} >= {"segment_size_huge", "struct_past_end", "list_huge"}


def test_truncations_cover_both_ends() -> None:
    b = base("protobuf", "mail")
    lengths = {len(m.data) for m in bytewise.truncate(b, random.Random(1), 10_000)}
    assert lengths == set(range(64)) | set(range(len(b.data) - 64, len(b.data)))


def test_invalid_utf8_lands_in_a_string() -> None:
    b = base("protobuf", "mail")
    for m in bytewise.invalid_utf8(b, random.Random(1), 10):
        assert len(m.data) == len(b.data) and m.data != b.data
        at = int(str(m.params["offset"]))
        spans = bytewise.string_spans(b.data, b.tree)
        assert any(s <= at < s + n for s, n in spans)


def test_capnp_walk_follows_far_pointers_into_every_segment() -> None:
    data = base("capnp", "order", 100).data
    segs = capnp_wire.segments(data)
    assert len(segs) > 1
    found = capnp_wire.pointers(data)
    assert any(p.kind == capnp_wire.FAR for p in found)
    for start, words in segs:
        assert any(start <= p.offset < start + 8 * words for p in found), start
