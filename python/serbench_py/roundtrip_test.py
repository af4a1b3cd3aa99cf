import dataclasses
import gc
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from serbench_py.adapter import runs_here
from serbench_py.adapters.arrow_adapter import TableDocumentCodec
from serbench_py.adapters.schemaless import LIBRARIES as SCHEMALESS
from serbench_py.adapters.schemaless import TreeCodec
from serbench_py.adapters.typed_adapters import LIBRARIES as TYPED
from serbench_py.registry import LIBRARIES
from serbench_py.roundtrip import RoundTripError, check_round_trip, first_difference
from serbench_py.sources import SOURCES, Source
from serbench_py.suite import CaseError, Status, Workbench, payload_file_name, plan

_ORJSON = next(a for a in SCHEMALESS if a.lib == "orjson")


def _upper_cities(tree: Any) -> Any:
    for record in tree["records"]:
        record["address"]["city"] = record["address"]["city"].upper()
    return tree


@dataclass(frozen=True)
class _MangledCities:
    """orjson that upper-cases every city on decode: a deliberately wrong library."""

    lib: str = "mangled"
    format: str = "json"
    variant: str | None = None
    version: str = "0"
    distribution: str = ""
    import_module: str = ""
    home: str = "https://example.invalid/"
    capabilities: frozenset[Any] = frozenset()
    unsupported: tuple[tuple[str, str], ...] = ()
    lazy: tuple[tuple[str, str], ...] = ()
    env: Any = None

    def supports(self, source: Source) -> str | None:
        return None

    def codec(self, source: Source) -> TreeCodec:
        encode, decode = _ORJSON.make()
        return TreeCodec(encode, lambda data: _upper_cities(decode(data)))


def _failing(data: bytes) -> Any:
    raise OverflowError("age out of range")


def test_wrong_library_is_refused_naming_the_field_and_never_timed() -> None:
    workbench = Workbench()
    for planned in plan([_MangledCities()], [SOURCES["user"]]):
        if planned.not_applicable:
            continue
        with pytest.raises(CaseError) as refusal:
            workbench.prepare(planned)
        assert refusal.value.status is Status.REFUSED
        assert refusal.value.reason.startswith("records[0].address.city: expected '")


def test_failing_library_is_refused_with_its_error() -> None:
    codec = TreeCodec(_ORJSON.make()[0], _failing)
    with pytest.raises(RoundTripError, match="round trip raised OverflowError"):
        check_round_trip(codec, SOURCES["user"].load(1))


def test_write_payload_writes_each_encode_case_s_verified_bytes_once(tmp_path: Path) -> None:
    workbench, source = Workbench(), SOURCES["user"]
    planned = [p for p in plan([_ORJSON], [source]) if not p.not_applicable]
    for item in planned:
        workbench.write_payload(item, tmp_path)
    encodes = [p for p in planned if p.case.op == "encode"]
    assert sorted(f.name for f in tmp_path.iterdir()) == sorted(
        payload_file_name(p.case.id) for p in encodes
    )
    assert "/" not in payload_file_name(encodes[0].case.id)
    codec = _ORJSON.codec(source)
    for item in encodes:
        written = (tmp_path / payload_file_name(item.case.id)).read_bytes()
        assert written == codec.encode(source.load(item.case.size))
        assert len(written) == workbench.metadata(item)["wire_bytes"]


# The synthetic datasets and one real document; the bench checks the others
# (tens of MiB) before timing them.
_CHECKED = [*sorted(name for name, source in SOURCES.items() if source.schema), "twitter"]


@pytest.mark.parametrize("name", _CHECKED)
def test_every_library_that_runs_here_round_trips_every_dataset(name: str) -> None:
    # Libraries needing another environment are checked by the bench smoke test.
    workbench = Workbench()
    for planned in plan([a for a in LIBRARIES if runs_here(a)], [SOURCES[name]]):
        if not planned.not_applicable and planned.case.size < 1000:
            workbench.check(planned)  # raises CaseError naming the wrong field


@pytest.mark.parametrize(
    "library", [a for a in TYPED if a.format == "json" and a.variant != "struct_array"]
)
def test_typed_json_tags_a_record_only_as_a_union_member(library: Any) -> None:
    """game's Weapon is both an item of `weapons` and the `equipped` union's member: only
    the member carries the "type" tag, as in the fixture."""
    codec = library.codec(SOURCES["game"])
    tree = SOURCES["game"].load(100)
    written = json.loads(codec.encode(codec.native(tree)))["records"]
    assert [r["equipped"]["type"] for r in written] == [
        r["equipped"]["type"] for r in tree["records"]
    ]
    assert all("type" not in weapon for r in written for weapon in r["weapons"])
    assert any(r["weapons"] for r in written)


def test_a_table_document_is_one_row_per_entry_and_round_trips_every_field() -> None:
    # The shape of the packages document (tens of MiB: the bench checks the real one).
    tree = {
        "packages": {
            "a": {"version": "1.0", "depends": ["b (>= 1)", "c | d"], "size": 2**40},
            "b": {"version": "", "depends": [], "size": 0},
        }
    }
    table, _ = check_round_trip(TableDocumentCodec("packages"), tree)
    assert table.column("name").to_pylist() == ["a", "b"]
    assert str(table.schema.field("depends").type) == "list<item: string>"
    assert str(table.schema.field("size").type) == "int64"


def test_first_difference_checks_types_keys_and_lengths() -> None:
    assert first_difference({"a": [1, 2]}, {"a": [1, 2]}) is None
    assert first_difference({"a": 1}, {"a": 1.0}) == "a: expected int 1, got float 1.0"
    assert first_difference({"a": 1}, {"a": True}) == "a: expected int 1, got bool True"
    assert first_difference({"a": [1, 2]}, {"a": [1]}) == "a: expected 2 items, got 1"
    assert first_difference({"a": {"b": "x"}}, {"a": {}}) == "a.b: missing"
    assert first_difference({"a": 1}, {"a": 1, "z": 2}) == "payload: unexpected key 'z'"
    assert first_difference({"r": ["x", "y"]}, {"r": ["x", "Y"]}) == "r[1]: expected 'y', got 'Y'"


_PACKAGES = {
    "packages": {
        name: {
            "version": "1.0",
            "architecture": "amd64",
            "depends": ["libc6 (>= 2.34)", "c | d"] if name == "a" else [],
            "installed_size": 2**40,
            "size": 0,
            "md5": "",
            "sha256": "ab",
            "section": "net",
            "maintainer": "Zoë <z@example.org>",
            "description": "",
        }
        for name in ("a", "b")
    }
}
_STRUCT = next(a for a in TYPED if (a.lib, a.format, a.variant) == ("msgspec", "json", "struct"))


def test_typed_decoders_of_the_packages_document_are_planned() -> None:
    cases = {p.case.id: p.not_applicable for p in plan(TYPED, [SOURCES["packages"]])}
    for variant in ("msgspec/variant=struct", "pydantic/variant=v2"):
        assert cases[f"dataset=packages/size=1/op=decode/format=json/lib={variant}"] is None
    nogc = cases["dataset=packages/size=1/op=decode/format=json/lib=msgspec/variant=struct_nogc"]
    assert nogc and "msgspec struct and pydantic v2 only" in nogc
    assert cases["dataset=packages/size=1/op=access_full/format=json/lib=msgspec/variant=struct"]


_SOURCE_MODEL = next(a for a in TYPED if a.variant == "struct_nogc_tuple")


def test_the_large_json_benchmarks_model_decodes_packages_only() -> None:
    cases = {p.case.id: p.not_applicable for p in plan([_SOURCE_MODEL], list(SOURCES.values()))}
    decode = "op=decode/format=json/lib=msgspec/variant=struct_nogc_tuple"
    assert cases[f"dataset=packages/size=1/{decode}"] is None
    assert "packages document only" in str(cases[f"dataset=order/size=100/{decode}"])
    codec = _SOURCE_MODEL.codec(SOURCES["packages"])
    _, payload = check_round_trip(codec, _PACKAGES)
    decoded = codec.decode(payload)
    # As msgspec's large-JSON benchmark declares its model: untracked Structs, tuples.
    assert decoded.packages["a"].depends == ("libc6 (>= 2.34)", "c | d")
    assert not gc.is_tracked(decoded.packages["a"])


def test_packages_decode_into_typed_structs_and_round_trip() -> None:
    codec = _STRUCT.codec(SOURCES["packages"])
    _, payload = check_round_trip(codec, _PACKAGES)
    decoded = codec.decode(payload)
    assert type(decoded).__name__ == "Packages"
    assert decoded.packages["a"].installed_size == 2**40
    assert decoded.packages["a"].depends == ["libc6 (>= 2.34)", "c | d"]


def _wrong_depends(decoded: Any) -> Any:
    decoded.packages["b"].depends = ["libc6"]
    return decoded


def test_wrong_struct_decode_of_packages_is_refused_naming_the_field() -> None:
    codec = _STRUCT.codec(SOURCES["packages"])
    wrong = dataclasses.replace(codec, decode=lambda data: _wrong_depends(codec.decode(data)))
    with pytest.raises(RoundTripError, match=r"^packages\.b\.depends: expected 0 items, got 1$"):
        check_round_trip(wrong, _PACKAGES)


def test_packages_with_a_wrong_type_are_refused_by_the_struct_decoder() -> None:
    tree = {"packages": {"a": {**_PACKAGES["packages"]["a"], "size": "12"}}}
    with pytest.raises(RoundTripError, match=r"ValidationError.*size"):
        check_round_trip(_STRUCT.codec(SOURCES["packages"]), tree)


def test_the_real_packages_document_decodes_into_structs() -> None:
    workbench = Workbench()
    [decode] = [p for p in plan([_STRUCT], [SOURCES["packages"]]) if p.case.op == "decode"]
    workbench.check(decode)  # raises CaseError naming the first wrong field
    prepared = workbench.prepare(decode)
    decoded = prepared.func(prepared.arg)
    assert len(decoded.packages) > 1000  # type: ignore[attr-defined]
