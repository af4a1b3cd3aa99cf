import pytest

from serbench_py import extras


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


def test_every_extra_case_has_a_distinct_canonical_id() -> None:
    ids = [extra.case.id for extra in extras.extras()]
    assert len(set(ids)) == len(ids)
    assert "dataset=objects/size=1000000/op=gc/format=python/lib=msgspec/variant=struct" in ids
    assert "dataset=none/size=1/op=import/format=python/lib=python" in ids


def test_installed_sizes_come_from_each_distribution_record() -> None:
    rows = extras.installed_sizes()
    assert len(rows) == len(extras.IMPORTS)
    assert all(row["unit"] == "byte" and row["value"] > 10_000 for row in rows)


def test_import_case_runs_a_fresh_interpreter() -> None:
    run, _ = extras._import("json")
    run()  # raises CalledProcessError if the import failed
    broken, _ = extras._import("no_such_module_here")
    with pytest.raises(Exception, match="returned non-zero"):
        broken()
