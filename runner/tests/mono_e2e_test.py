"""The Mono suite end to end through the runner: the real binary, the quick profile, a tiny
case set (one library, one dataset), ingested into a fresh store as its own language."""

from pathlib import Path

from runner.suites import suite
from runner.tests.standins import results_store, run_all_in


def test_mono_quick_run_is_ingested_as_its_own_language(tmp_path: Path) -> None:
    args = ("--profile", "quick", "--lang", "mono", "--library", "zeroformatter", "--dataset", "user")
    assert run_all_in(tmp_path, [suite("mono")], *args, "--timeout", "600") == 0
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        assert store.suites(run.id)["mono"][0] == "ok"
        measured = store.measured(run.id)
        # Three sizes, five ops: encode, decode, roundtrip, access_lazy, access_full.
        assert len(measured) == 15 and {i.lang for i in measured} == {"mono"}
        assert all(samples for samples in measured.values())
        lazy = store.lazy_cases(run.id, "mono")
        assert {i.op for i in lazy} == {"access_lazy"} and len(lazy) == 3
        # The run facts every suite records, under the same names.
        facts = store.db.execute(
            "SELECT key FROM run_metadata WHERE run_id = ? AND scope = 'mono'", (run.id,)
        ).fetchall()
        assert {"clock", "isolation"} <= {key for (key,) in facts}
