"""The registry: which mutator makes each kind of input for each format, and why a
kind does not apply to a format. Adding a format is one entry in each table."""

import random
from collections.abc import Callable

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
from tools.robustness.mutant import Base, Mutant, Mutator
from tools.robustness.schema import FUZZ_REPRODUCER, MUTATIONS

# The kinds a mutator makes (fuzz reproducers are files kept in the repository).
KINDS = tuple(m for m in MUTATIONS if m != FUZZ_REPRODUCER)
# Depths of the deep inputs: the required 10,000 and a shallower one that shows
# where a decoder's depth limit lies.
DEPTHS = (1_000, 10_000)

# name -> (builder(depth) -> bytes, schemaless: no fixture, expect accept).
DeepBuilders = dict[str, tuple[Callable[[int], bytes], bool]]


def deep(builders: DeepBuilders) -> Mutator:
    """Every deep input of a format (the base only says which fixture they stand against)."""

    def mutate(base: Base, rng: random.Random, count: int) -> list[Mutant]:
        return [
            Mutant(build(depth), {"shape": shape, "depth": depth}, schemaless)
            for shape, (build, schemaless) in builders.items()
            for depth in DEPTHS
        ][:count]

    return mutate


_BYTEWISE: dict[str, Mutator] = {
    "truncate": bytewise.truncate,
    "bitflip": bytewise.bitflip,
    "insert": bytewise.insert,
    "delete": bytewise.delete,
    "invalid_utf8": bytewise.invalid_utf8,
}

FORMAT_MUTATORS: dict[str, dict[str, Mutator]] = {
    "protobuf": _BYTEWISE | {
        "length_lie": protobuf_wire.length_lie,
        "wrong_type": protobuf_wire.wrong_type,
        "duplicate_key": protobuf_wire.duplicate_key,
        "deep_nesting": deep({"filetree": (protobuf_wire.deep_filetree, False)}),
    },
    "flatbuffers": _BYTEWISE | {
        "length_lie": flatbuffers_wire.length_lie,
        "wrong_type": flatbuffers_wire.wrong_type,
        "deep_nesting": deep({"filetree": (flatbuffers_wire.deep_filetree, False)}),
    },
    "msgpack": _BYTEWISE | {
        "length_lie": msgpack_wire.length_lie,
        "wrong_type": tree.wrong_type(msgpack_wire.encode),
        "duplicate_key": tree.duplicate_key(msgpack_wire.encode),
        "deep_nesting": deep({
            "arrays": (msgpack_wire.nested_arrays, True),
            "maps": (msgpack_wire.nested_maps, True),
            "filetree": (msgpack_wire.deep_filetree, False),
        }),
    },
    "json": _BYTEWISE | {
        "wrong_type": tree.wrong_type(json_text.encode),
        "duplicate_key": tree.duplicate_key(json_text.encode),
        "deep_nesting": deep({
            "arrays": (json_text.nested_arrays, True),
            "objects": (json_text.nested_objects, True),
            "filetree": (json_text.deep_filetree, False),
        }),
    },
    "capnp": _BYTEWISE | {
        "length_lie": capnp_wire.length_lie,
        "wrong_type": capnp_wire.wrong_type,
        "deep_nesting": deep({"filetree": (capnp_wire.deep_filetree, False)}),
    },
    "thrift_binary": _BYTEWISE | {
        "length_lie": length_prefix.length_lie(length_prefix.fixed(">i")),
        "deep_nesting": deep({"filetree": (thrift_wire.BINARY.deep_filetree, False)}),
    },
    "thrift_compact": _BYTEWISE | {
        "length_lie": length_prefix.length_lie(length_prefix.VARINT),
        "deep_nesting": deep({"filetree": (thrift_wire.COMPACT.deep_filetree, False)}),
    },
    "cbor": _BYTEWISE | {
        "length_lie": length_prefix.length_lie(length_prefix.CBOR_TEXT),
        "wrong_type": tree.wrong_type(cbor_wire.encode),
        "duplicate_key": tree.duplicate_key(cbor_wire.encode),
        "deep_nesting": deep({
            "arrays": (cbor_wire.nested_arrays, True),
            "maps": (cbor_wire.nested_maps, True),
            "filetree": (cbor_wire.deep_filetree, False),
        }),
    },
    "avro": _BYTEWISE | {"length_lie": length_prefix.length_lie(length_prefix.ZIGZAG_VARINT)},
    "cereal": _BYTEWISE | {"length_lie": length_prefix.length_lie(length_prefix.fixed("<Q"))},
    "boost_binary": _BYTEWISE | {"length_lie": length_prefix.length_lie(length_prefix.fixed("<Q"))},
    "memorypack": _BYTEWISE | {"length_lie": length_prefix.length_lie(length_prefix.MEMORYPACK)},
    "zeroformatter": _BYTEWISE | {"length_lie": length_prefix.length_lie(length_prefix.ZEROFORMATTER)},
}  # fmt: skip

_JSON_ONLY = {
    "jsonchecker": "the JSON_checker files are JSON text",
    "edge_document": "the hand-written edge documents are JSON text",
}
# The formats whose vectors carry no type tags and no keys: positional, schema-read bytes.
_POSITIONAL = {
    "wrong_type": "no per-field type tags: any bytes read as the types the schema says",
    "duplicate_key": "fields are read by position: there are no keys to repeat",
    "deep_nesting": "not generated yet: no hand-laid deep filetree in this layout",
    **_JSON_ONLY,
}
_NO_THRIFT_WALK = (
    "not generated yet: no Thrift field walker (bit flips and insertions reach the field headers)"
)
_THRIFT = {"wrong_type": _NO_THRIFT_WALK, "duplicate_key": _NO_THRIFT_WALK, **_JSON_ONLY}
NOT_APPLICABLE: dict[str, dict[str, str]] = {
    "protobuf": _JSON_ONLY,
    "flatbuffers": {
        "duplicate_key": "tables address fields by vtable slot: there are no keys to repeat",
        **_JSON_ONLY,
    },
    "msgpack": _JSON_ONLY,
    "json": {"length_lie": "JSON text has no length prefixes, counts or offsets"},
    "capnp": {
        "duplicate_key": "structs address fields by position: there are no keys to repeat",
        **_JSON_ONLY,
    },
    "thrift_binary": _THRIFT,
    "thrift_compact": _THRIFT,
    "cbor": _JSON_ONLY,
    "avro": _POSITIONAL,
    "cereal": _POSITIONAL,
    "boost_binary": _POSITIONAL,
    "memorypack": _POSITIONAL,
    "zeroformatter": _POSITIONAL,
}
