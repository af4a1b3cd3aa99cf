"""The wire scanners and the format-aware mutators, on the golden vectors and on
the hand-laid deep inputs."""

import json
import random
import struct
from pathlib import Path
from typing import Any

from schemas.catalog import catalog
from tools.robustness import (
    bytewise,
    capnp_wire,
    cbor_wire,
    flatbuffers_wire,
    json_text,
    length_prefix,
    msgpack_wire,
    protobuf_wire,
    thrift_wire,
    tree,
)
from tools.robustness.mutant import Base

_GOLDEN = Path("tools/interop/golden")


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


def test_thrift_length_lies_rewrite_a_real_string_prefix() -> None:
    b = base("thrift_binary", "mail")
    found = length_prefix.prefixed_strings(b.data, b.tree, length_prefix.fixed(">i"))
    assert len(found) >= 5
    for m in length_prefix.length_lie(length_prefix.fixed(">i"))(b, random.Random(1), 20):
        at = int(str(m.params["offset"]))
        announced = struct.unpack_from(">i", m.data, at)[0]
        assert announced < 0 or at + 4 + announced > len(m.data)
    compact = base("thrift_compact", "mail")
    assert length_prefix.prefixed_strings(compact.data, compact.tree, length_prefix.VARINT)


def test_prefixes_of_the_seeded_layouts() -> None:
    # cereal / Boost: a little-endian uint64 size; MemoryPack: int32 ~(UTF-8 bytes), int32 UTF-16 units.
    cereal = b"\x01" + struct.pack("<Q", 5) + b"hello"
    assert length_prefix.prefixed_strings(cereal, {"a": "hello"}, length_prefix.fixed("<Q")) == [
        (1, 9, "hello")
    ]
    text = "h\U0001f600llo"  # 8 UTF-8 bytes, 6 UTF-16 units
    memorypack = b"\x00" + struct.pack("<ii", ~8, 6) + text.encode()
    assert length_prefix.prefixed_strings(memorypack, [text], length_prefix.MEMORYPACK) == [(1, 9, text)]
    lied = length_prefix.length_lie(length_prefix.MEMORYPACK)(
        Base("memorypack", "user", 1, memorypack, [text]), random.Random(1), 9
    )
    assert {struct.unpack_from("<ii", m.data, 1) for m in lied} == {(~9, 6), (~(2**31 - 1), 6)}
    # ZeroFormatter: int32 UTF-8 byte count (user_1's first string as the Mono worker writes it).
    zeroformatter = struct.pack("<ii", 0x74, 12) + b"Ada Lovelace"
    found = length_prefix.prefixed_strings(zeroformatter, ["Ada Lovelace"], length_prefix.ZEROFORMATTER)
    assert found == [(4, 8, "Ada Lovelace")]
    lied = length_prefix.length_lie(length_prefix.ZEROFORMATTER)(
        Base("zeroformatter", "user", 1, zeroformatter, ["Ada Lovelace"]), random.Random(1), 9
    )
    assert {struct.unpack_from("<i", m.data, 4)[0] for m in lied} == {13, 2**31 - 1, -2}
    avro = b"\x0ahello"  # zigzag 5
    b = Base("avro", "user", 1, avro, ["hello"])
    lies = length_prefix.length_lie(length_prefix.ZIGZAG_VARINT)(b, random.Random(1), 10)
    assert {m.params["lie"] for m in lies} == {"past_end", "int32_max", "uint32_max", "int64_max", "negative"}
    assert all(m.data.endswith(b"hello") and m.data != avro for m in lies)


def test_thrift_deep_filetrees_open_and_close_every_level() -> None:
    binary, compact = thrift_wire.BINARY.deep_filetree(30), thrift_wire.COMPACT.deep_filetree(30)
    assert binary.startswith(b"\x0f\x00\x01\x0c\x00\x00\x00\x01") and binary.endswith(b"\x00" * 61)
    assert binary.count(b"\x0c\x00\x02\x0b\x00\x01\x00\x00\x00\x01d") == 30
    assert compact.startswith(b"\x19\x1c") and compact.count(b"\x2c\x18\x01d") == 30
    assert compact.endswith(b"\x59\x0c" + b"\x00" * 61)


def test_cbor_writer_agrees_with_cbor2() -> None:
    import cbor2

    for dataset in catalog.SYNTHETIC_DATASETS:
        doc = base("json", dataset, 100).tree
        assert cbor_wire.encode(doc) == cbor2.dumps(doc)
    assert cbor2.loads(cbor_wire.nested_arrays(3)) == [[[None]]]
    assert depth(cbor2.loads(cbor_wire.deep_filetree(40))) == 40
    assert cbor_wire.encode(tree.Pairs((("a", 1), ("a", "x")))) == b"\xa2\x61a\x01\x61a\x61x"
