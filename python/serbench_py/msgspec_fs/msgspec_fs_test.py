import dataclasses
import string
from datetime import UTC, datetime
from typing import Any

import pytest

from serbench_py import extras, msgspec_fs
from serbench_py.msgspec_fs import data
from serbench_py.suite import CaseError, Status


def _depth(node: data.Node) -> int:
    return 1 + max((_depth(child) for child in node.get("contents", ())), default=0)


def test_the_message_has_the_source_generators_shape() -> None:
    tree = data.message()
    nodes = data.walk(tree)
    assert len(nodes) == data.NODES
    directories = [n for n in nodes if n["type"] == "directory"]
    assert 0.1 < len(directories) / len(nodes) < 0.3  # one child in five
    assert all(len(d["contents"]) <= data.MAX_CHILDREN for d in directories if d is not tree)
    assert _depth(tree) > 20  # directories are filled before their next sibling
    letters = set(string.ascii_letters)
    for node in nodes:
        assert 4 <= len(node["name"]) <= 30 and set(node["name"]) <= letters
        assert node["created_by"] in data.USERS
        created = datetime.fromisoformat(node["created_at"])
        assert created.tzinfo == UTC and created.microsecond == 0
        assert ("updated_at" in node) == ("updated_by" in node)
        if "updated_at" in node:
            assert datetime.fromisoformat(node["updated_at"]) >= created
        if node["type"] == "file":
            assert 0 <= node["nbytes"] <= 1_000_000 and node["permissions"] in data.PERMISSIONS
    updated = sum("updated_at" in n for n in nodes) / len(nodes)
    assert 0.15 < updated < 0.35  # one node in four
    assert data.message() == tree  # the same message in every worker


def test_the_validation_input_is_json_dumps_with_its_defaults() -> None:
    payload = data.source_json(data.message())
    assert b'{"type": "directory", "name": ' in payload  # spaces after : and ,


@pytest.mark.parametrize("library", msgspec_fs.LIBRARIES, ids=lambda lib: lib.case("x").id)
def test_every_library_passes_its_check_and_times_its_ops(library: msgspec_fs.Library) -> None:
    for op in ("encode", "decode"):
        run, metadata = msgspec_fs.operation(library, op)
        result = run()
        assert int(metadata["wire_bytes"]) > 100_000
        if op == "decode" and library.validation:
            assert type(result).__name__ == "Directory"  # the library's own classes


def _library(lib: str, variant: str) -> msgspec_fs.Library:
    return next(x for x in msgspec_fs.LIBRARIES if (x.lib, x.variant) == (lib, variant))


def _drop_last_node(tree: Any) -> Any:
    tree.contents.pop()
    return tree


@pytest.mark.parametrize("lib,variant", [("msgspec", "struct"), ("cattrs", "attrs")])
def test_a_library_that_loses_a_node_is_refused(lib: str, variant: str) -> None:
    library = _library(lib, variant)
    codec = library.make()
    wrong = dataclasses.replace(
        codec, decode=lambda payload: _drop_last_node(codec.decode(payload))
    )
    with pytest.raises(CaseError) as raised:
        msgspec_fs.check(library, wrong, data.message())
    assert raised.value.status is Status.REFUSED


def test_a_schemaless_library_that_changes_a_value_is_refused() -> None:
    library = _library("orjson", "schemaless")
    codec = library.make()

    def shifted(payload: bytes) -> Any:
        tree = codec.decode(payload)
        tree["name"] += "x"
        return tree

    with pytest.raises(CaseError, match="decoded other objects"):
        msgspec_fs.check(library, dataclasses.replace(codec, decode=shifted), data.message())


def test_timestamps_compare_as_instants_and_omitted_tags_are_ignored_only_when_omitted() -> None:
    node = {"type": "file", "name": "ab", "created_at": "2020-01-01T00:00:00+00:00"}
    zulu = {"type": "file", "name": "ab", "created_at": "2020-01-01T00:00:00Z"}
    assert msgspec_fs.comparable(node) == msgspec_fs.comparable(zulu)
    untagged = {k: v for k, v in zulu.items() if k != "type"}
    assert msgspec_fs.comparable(untagged, tag=False) == msgspec_fs.comparable(node, tag=False)
    assert msgspec_fs.comparable(untagged) != msgspec_fs.comparable(node)


def test_every_case_is_an_extra_timed_with_the_gc_off() -> None:
    found = [e for e in extras.extras() if e.case.dataset == msgspec_fs.DATASET]
    assert len(found) == 2 * len(msgspec_fs.LIBRARIES)
    assert all(e.gc_off and (e.case.variant or "").endswith("_gcoff") for e in found)
    assert not any(e.gc_off for e in extras.extras() if e.case.dataset != msgspec_fs.DATASET)
