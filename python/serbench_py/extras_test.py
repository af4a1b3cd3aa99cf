import gc

import pytest

from serbench_py import extras
from serbench_py.registry import LIBRARIES


@pytest.mark.parametrize("kind", extras.KINDS, ids=lambda k: f"{k.lib}-{k.variant}")
def test_object_ops_do_what_they_are_named_for(kind: extras.Kind) -> None:
    create, _ = extras._object_op(kind, "create")
    made = create()
    assert [getattr(made, name) for name in extras._FIELDS] == list(extras._VALUES)
    equal, _ = extras._object_op(kind, "eq")
    assert equal() is True
    if kind.ordered:
        less, _ = extras._object_op(kind, "lt")
        assert less() is False  # equal objects: neither is less


_NOGC_PAIR = ("struct", "struct_nogc")


def _kind(variant: str) -> extras.Kind:
    return next(k for k in extras.KINDS if k.lib == "msgspec" and k.variant == variant)


def test_structs_with_gc_false_are_never_tracked_by_the_collector() -> None:
    # msgspec tracks a Struct only while it holds a tracked object (such as a
    # list); with gc=False, never: the GC pass skips it whatever it holds.
    tracked = {v: gc.is_tracked(_kind(v).make()([], *extras._VALUES[1:])) for v in _NOGC_PAIR}
    assert tracked == {"struct": True, "struct_nogc": False}


def test_every_extra_case_has_a_distinct_canonical_id() -> None:
    ids = [extra.case.id for extra in extras.extras()]
    assert len(set(ids)) == len(ids)
    for variant in _NOGC_PAIR:
        for op, size in (("create", 1), ("eq", 1), ("lt", 1), ("gc", 1_000_000)):
            case = f"dataset=objects/size={size}/op={op}/format=python/lib=msgspec"
            assert f"{case}/variant={variant}" in ids
    assert "dataset=none/size=1/op=import/format=python/lib=python" in ids
    assert "dataset=none/size=1/op=import/format=python/lib=pydantic_core" in ids


def test_gc_case_reports_the_memory_its_objects_took() -> None:
    collect, metadata = extras._gc(_kind("struct_nogc"))
    collect()
    assert int(metadata["gc_memory_bytes"]) > extras.GC_OBJECTS * 40  # bytes an instance


def test_slots_objects_have_no_dict_and_take_less_memory_than_plain_ones() -> None:
    plain, slots = (
        next(k for k in extras.KINDS if k.lib == "plain" and k.variant == v)
        for v in (None, "slots")
    )
    assert not hasattr(slots.make()(*extras._VALUES), "__dict__")
    assert hasattr(plain.make()(*extras._VALUES), "__dict__")
    sizes = [int(extras._gc(kind)[1]["gc_memory_bytes"]) for kind in (plain, slots)]
    assert sizes[1] < sizes[0]


def test_installed_sizes_come_from_each_distribution_record() -> None:
    rows = extras.installed_sizes()
    assert len(rows) == len(extras.imports())
    assert all(row["unit"] == "byte" and row["value"] > 10_000 for row in rows)
    ids = [row["id"] for row in rows]
    assert "dataset=none/size=1/op=installed_size/format=python/lib=pydantic_core" in ids


def test_import_case_runs_a_fresh_interpreter() -> None:
    run, _ = extras._import("json")
    run()  # raises CalledProcessError if the import failed
    broken, _ = extras._import("no_such_module_here")
    with pytest.raises(Exception, match="returned non-zero"):
        broken()


def test_peak_memory_covers_the_typed_decoders_of_the_packages_document() -> None:
    decoders = {(LIBRARIES[i].lib, LIBRARIES[i].variant) for i in extras.peak_decoders()}
    assert {("orjson", "schemaless"), ("msgspec", "struct"), ("pydantic", "v2")} <= decoders
    assert ("msgspec", "struct_array") not in decoders  # not a decoder of this document


def test_peak_memory_of_a_struct_decode_is_measured_in_a_child() -> None:
    [index] = [i for i in extras.peak_decoders() if LIBRARIES[i].variant == "struct"]
    [row] = extras.peak_memory([index])
    assert row["id"] == (
        "dataset=packages/size=1/op=peak_memory/format=json/lib=msgspec/variant=struct"
    )
    assert row.get("value", 0) > 10_000_000, row  # tens of MiB of Structs


def test_every_adapter_declares_its_home_and_the_imports_come_from_the_adapters() -> None:
    assert all(a.home.startswith("https://") for a in LIBRARIES)
    libs = [lib for lib, _, _ in extras.imports()]
    assert len(libs) == len(set(libs))
    assert {"orjson", "msgspec", "pydantic", "protobuf", "pyarrow"} <= set(libs)
    assert "json" not in libs  # the stdlib has no distribution to size
