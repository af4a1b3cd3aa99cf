import gc
import subprocess
import sys

import pytest

from serbench_py import extras
from serbench_py.registry import LIBRARIES


@pytest.mark.parametrize("kind", extras.KINDS, ids=lambda k: f"{k.lib}-{k.variant}")
def test_object_ops_do_what_they_are_named_for(kind: extras.Kind) -> None:
    create, _ = extras._object_op(kind, "create")
    made = create()
    assert isinstance(made, list) and len(made) == extras.OBJECTS
    assert [getattr(made[7], name) for name in extras.RECORD_FIELDS] == [7] * 5
    # eq finds the last record, testing every one before it; lt stops at the first record
    # that is not less than the last, which is the last.
    for op in ("eq", "lt") if kind.ordered else ("eq",):
        found, _ = extras._object_op(kind, op)
        assert found() == extras.OBJECTS - 1


def test_attrs_records_are_slotted_as_attrs_define_makes_them() -> None:
    attrs_kind = next(k for k in extras.KINDS if k.lib == "attrs")
    record = attrs_kind.make(extras.RECORD_FIELDS)(a=1, b=2, c=3, d=4, e=5)
    assert not hasattr(record, "__dict__")


_NOGC_PAIR = ("struct", "struct_nogc")


def _kind(variant: str) -> extras.Kind:
    return next(k for k in extras.KINDS if k.lib == "msgspec" and k.variant == variant)


def test_a_dict_of_structs_with_gc_false_is_left_untracked_by_the_collector() -> None:
    # The reason the gc case holds a dict, as the source's benchmark does: CPython stops
    # tracking a dict whose values' type cannot be tracked, so the pass skips it whole.
    tracked = {}
    for variant in _NOGC_PAIR:
        cls = _kind(variant).make(extras.POINT_FIELDS)
        tracked[variant] = gc.is_tracked({i: cls(x=i, y=i, z=i) for i in range(3)})
    assert tracked == {"struct": True, "struct_nogc": False}


def test_every_extra_case_has_a_distinct_canonical_id() -> None:
    ids = [extra.case.id for extra in extras.extras()]
    assert len(set(ids)) == len(ids)
    for variant in _NOGC_PAIR:
        for op, size in (("create", 1000), ("eq", 1000), ("lt", 1000), ("gc", 1_000_000)):
            case = f"dataset=objects/size={size}/op={op}/format=python/lib=msgspec"
            assert f"{case}/variant={variant}" in ids
    assert "dataset=none/size=1/op=import/format=python/lib=python" in ids
    assert "dataset=none/size=1/op=import/format=python/lib=pydantic_core" in ids


def test_gc_case_reports_the_memory_its_objects_took() -> None:
    collect, _ = extras._gc(_kind("struct_nogc"))
    elapsed = collect()  # the child's CPU ns of its pass
    assert isinstance(elapsed, int) and elapsed > 0
    gc_case = next(
        e for e in extras.extras() if (e.case.op, e.case.variant) == ("gc", "struct_nogc")
    )
    assert gc_case.facts is not None
    assert int(gc_case.facts()["gc_memory_bytes"]) > extras.GC_OBJECTS * 40  # bytes an instance


def test_slots_objects_have_no_dict_and_take_less_memory_than_plain_ones() -> None:
    plain, slots = (
        next(k for k in extras.KINDS if k.lib == "plain" and k.variant == v)
        for v in (None, "slots")
    )
    assert not hasattr(slots.make(extras.POINT_FIELDS)(1, 2, 3), "__dict__")
    assert hasattr(plain.make(extras.POINT_FIELDS)(1, 2, 3), "__dict__")
    sizes = [int(extras._gc_memory(kind)["gc_memory_bytes"]) for kind in (plain, slots)]
    assert sizes[1] < sizes[0]


def test_installed_sizes_come_from_each_distribution_record() -> None:
    rows = extras.installed_sizes()
    assert len(rows) == len(extras.imports()) + len(extras.SIZED_DEPENDENCIES)
    assert all(row["unit"] == "byte" and row["value"] > 10_000 for row in rows)
    ids = [row["id"] for row in rows]
    assert "dataset=none/size=1/op=installed_size/format=python/lib=pydantic_core" in ids
    assert "dataset=none/size=1/op=installed_size/format=python/lib=annotated_types" in ids


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
    one, cold = extras.peak_memory([index])
    case = "dataset=packages/size=1/op={}/format=json/lib=msgspec/variant=struct"
    assert (one["id"], cold["id"]) == (
        case.format("peak_memory"),
        case.format("peak_memory_import"),
    )
    assert one.get("value", 0) > 10_000_000, one  # tens of MiB of Structs
    # The source's count adds msgspec's import and the classes, and takes five decodes.
    assert cold.get("value", 0) > one["value"], cold


def test_every_adapter_declares_its_home_and_the_imports_come_from_the_adapters() -> None:
    assert all(a.home.startswith("https://") for a in LIBRARIES)
    libs = [lib for lib, _, _ in extras.imports()]
    assert len(libs) == len(set(libs))
    assert {"orjson", "msgspec", "pydantic", "protobuf", "pyarrow"} <= set(libs)
    assert "json" not in libs  # the stdlib has no distribution to size


def test_the_gc_pass_runs_over_a_fresh_interpreters_heap_and_reports_its_time() -> None:
    # The pass walks what its process holds: a child that holds about what the source's
    # script holds, not this process (which holds pytest and the suite).
    struct, nogc = (extras._gc(_kind(variant))[0]() for variant in _NOGC_PAIR)
    assert isinstance(struct, int) and isinstance(nogc, int) and nogc > 0
    assert struct > 3 * nogc  # a million tracked objects more to walk


def test_the_gc_child_imports_about_what_the_sources_script_does() -> None:
    script = "import gc, msgspec, serbench_py.extras; print(len(gc.get_objects()))"
    held = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    bare = subprocess.run(
        [sys.executable, "-c", "import gc, msgspec; print(len(gc.get_objects()))"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert int(held.stdout) < 1.2 * int(bare.stdout)  # not importlib.metadata's 5,000 more


@pytest.mark.parametrize("op", ["create", "eq"])
def test_the_object_ops_run_over_an_unfrozen_heap_as_the_sources_loops_do(op: str) -> None:
    gc.freeze()  # what the worker does once its cases are checked (measure.settle)
    assert gc.get_freeze_count() > 0
    extras._object_op(_kind("struct"), op)
    assert gc.get_freeze_count() == 0
