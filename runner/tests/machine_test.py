"""Machine classes: stable facts make the class, volatile readings never do."""

from dataclasses import replace
from pathlib import Path

import pytest

from runner import machine as machine_module
from runner.machine import machine_class, threads_per_core
from runner.store import Store
from runner.tests.support import MACHINE, new_run

RUNTIMES = {
    "kernel": "6.1.0-18-amd64",
    "python": "3.11.2",
    "dotnet": "10.0.100",
    "g++": "g++ (Debian 12.2.0-14) 12.2.0",
}


def test_the_clock_and_a_kernel_security_update_keep_the_class() -> None:
    first = machine_class(MACHINE, RUNTIMES)
    assert machine_class(replace(MACHINE, cpu_mhz=3700.0), RUNTIMES) == first
    assert machine_class(MACHINE, RUNTIMES | {"kernel": "6.1.0-25-amd64"}) == first
    assert first.id.startswith("v1-") and first.facts["kernel"] == "6.1"


@pytest.mark.parametrize(
    ("machine_change", "runtime_change"),
    [
        ({"cpu_model": "AMD EPYC 9654 (family 25, model 17, stepping 1)"}, {}),
        ({"cores": 4}, {}),
        ({"threads_per_core": 2}, {}),
        ({"memory_bytes": 16 * 2**30}, {}),
        ({"os": "Debian GNU/Linux 13 (trixie)"}, {}),
        ({}, {"kernel": "6.12.0-1-amd64"}),
        ({}, {"g++": "g++ (Debian 14.2.0-19) 14.2.0"}),
        ({}, {"dotnet": "10.0.200"}),
        ({}, {"python": "3.12.1"}),
    ],
)
def test_each_stable_fact_splits_the_class(
    machine_change: dict[str, object], runtime_change: dict[str, str]
) -> None:
    changed = machine_class(replace(MACHINE, **machine_change), RUNTIMES | runtime_change)  # type: ignore[arg-type]
    assert changed.id != machine_class(MACHINE, RUNTIMES).id


def test_a_new_version_of_the_fact_list_is_a_new_class(monkeypatch: pytest.MonkeyPatch) -> None:
    before = machine_class(MACHINE, RUNTIMES)
    monkeypatch.setattr(machine_module, "CLASS_VERSION", 2)
    after = machine_class(MACHINE, RUNTIMES)
    assert after.facts == before.facts and after.id != before.id and after.id.startswith("v2-")


@pytest.mark.parametrize(("siblings", "expected"), [("0", 1), ("0-1", 2), ("0,64", 2), ("", 1)])
def test_threads_per_core_from_the_kernels_topology(tmp_path: Path, siblings: str, expected: int) -> None:
    (tmp_path / "topology").mkdir()
    (tmp_path / "topology" / "thread_siblings_list").write_text(siblings + "\n")
    assert threads_per_core(tmp_path) == expected


def test_a_run_stores_its_class_readably_and_its_clock_apart(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.sqlite") as store:
        store.create_run("R1", "quick", {}, "abc", replace(MACHINE, cpu_mhz=2450.0), RUNTIMES)
        new_run(store, "R2", replace(MACHINE, cpu_mhz=3100.0))
        run = store.run("R1")
        assert run is not None and run.machine_class == machine_class(MACHINE, RUNTIMES).id
        assert store.class_facts(run.machine_class)["g++"] == RUNTIMES["g++"]
        (mhz,) = store.db.execute(
            "SELECT value FROM run_metadata WHERE run_id = 'R1' AND key = 'cpu_mhz'"
        ).fetchone()
        assert mhz == "2450"
