"""The measurement protocol's files: each harness's rounds, the catalog's lazy ops, the
calibration file, and the runner's one re-measurement of a case that spreads too much."""

import copy
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from runner import checks, schedule
from runner.all import _took, published_seconds
from runner.caseid import CaseIdentity, parse_case_id
from runner.cli import main as cli_main
from runner.docs import snapshot
from runner.ingest.load import ingest_file, ingest_suite
from runner.ingest.native import fastest_per_round
from runner.records import IngestError, Sample, SampleKind
from runner.store import Store
from runner.suites import suite
from runner.tests import standins
from runner.tests.standins import results_store, run_all_in, stand_in, stand_in_suites
from runner.tests.support import TESTDATA, new_run, row_counts

BDN_FILE = (
    TESTDATA / "dotnet" / "results" / "Serbench.Bench.CodecBenchmarks_GoogleProtobufLibrary_-report-full.json"
)
BDN_DECODE = parse_case_id("dataset=user/size=1/op=decode/format=protobuf/lib=protobuf", "dotnet")
PY_CASE = parse_case_id("dataset=user/size=1/op=encode/format=json/lib=msgspec/variant=schemaless", "python")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "s.sqlite") as opened:
        new_run(opened)
        yield opened


def _rounds(store: Store, lang: str) -> dict[object, list[int | None]]:
    rows = store.db.execute(
        "SELECT r.case_id, s.round FROM samples s JOIN results r ON r.id = s.result_id"
        " JOIN native_files f ON f.id = r.file_id WHERE f.lang = ? AND s.kind = 'measure'"
        " ORDER BY r.case_id, s.seq",
        (lang,),
    )
    found: dict[object, list[int | None]] = {}
    for case_id, round_ in rows:
        found.setdefault(case_id, []).append(round_)
    return found


def _write(path: Path, document: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document))
    return path


def test_pyperf_runs_are_rounds_unless_a_run_names_its_round(store: Store, tmp_path: Path) -> None:
    document = json.loads((TESTDATA / "python" / "python.json").read_text())
    first = document["benchmarks"][0]
    (run,) = first["runs"]
    runs = [copy.deepcopy(run) for _ in range(4)]
    for index, each in enumerate(runs):
        each["values"] = [each["values"][0] * (1 + index / 100)]
    runs[3].setdefault("metadata", {})["round"] = 7
    first["runs"] = runs
    document["benchmarks"] = [first]
    ingest_file(
        store, "R1", "python", _write(tmp_path / "python.json", document), suite("python").files[0].parse
    )
    assert list(_rounds(store, "python").values()) == [[0, 1, 2, 7]]
    assert store.rounds("R1")[PY_CASE] == {
        r: v[0] * 1e9 for r, v in zip((0, 1, 2, 7), (x["values"] for x in runs), strict=True)
    }


def test_google_benchmark_repetition_index_is_the_round(store: Store) -> None:
    ingest_file(store, "R1", "cpp", TESTDATA / "cpp" / "cpp.json", suite("cpp").files[0].parse)
    rounds = _rounds(store, "cpp")
    assert rounds and all(found == [0, 1, 2] for found in rounds.values())


def _bdn_round(document: dict[str, object], scale: float) -> dict[str, object]:
    changed = copy.deepcopy(document)
    for benchmark in changed["Benchmarks"]:  # type: ignore[attr-defined]
        for measurement in benchmark["Measurements"]:
            measurement["Nanoseconds"] *= scale
    return changed


def test_bdn_round_folders_give_one_result_per_case_with_every_round(store: Store, tmp_path: Path) -> None:
    shutil.copy(TESTDATA / "dotnet" / "dotnet-cases.json", tmp_path)
    document = json.loads(BDN_FILE.read_text())
    for r in range(3):
        _write(tmp_path / "results" / f"round-{r}" / BDN_FILE.name, _bdn_round(document, 1 + r))
    outcome = ingest_suite(store, "R1", suite("dotnet"), tmp_path)
    assert not outcome.errors and len(outcome.ingested) == 4
    rounds = _rounds(store, "dotnet")
    # Each report holds three timed iterations per case: the fastest is the round's sample.
    assert len(rounds) == 3 and all(found == [0, 1, 2] for found in rounds.values())
    by_round = store.rounds("R1")[BDN_DECODE]
    assert by_round[1] == pytest.approx(2 * by_round[0]) and by_round[2] == pytest.approx(3 * by_round[0])
    # The catalog still gives every case its version and wire bytes (found from round-<r>/).
    (version,) = store.db.execute("SELECT DISTINCT lib_version FROM results").fetchone()
    assert version == "3.25.1"


def test_a_round_keeps_its_fastest_loop_and_stores_the_others_as_slower() -> None:
    loops = [
        Sample(SampleKind.MEASURE, ns, 1, r) for ns, r in [(30, 0), (10, 0), (20, 0), (50, 1), (40, None)]
    ]
    warmup = Sample(SampleKind.WARMUP, 5, 1, 0)
    kept = fastest_per_round([warmup, *loops])
    assert [s.value_ns for s in kept if s.kind is SampleKind.MEASURE] == [10, 50, 40]
    assert [s.kind for s in kept] == [SampleKind.WARMUP] + [SampleKind.SLOWER] + [SampleKind.MEASURE] + [
        SampleKind.SLOWER
    ] + [SampleKind.MEASURE] * 2


def test_bdn_the_same_round_twice_is_a_case_already_in_the_run(store: Store, tmp_path: Path) -> None:
    document = json.loads(BDN_FILE.read_text())
    parse = suite("dotnet").files[0].parse
    ingest_file(store, "R1", "dotnet", _write(tmp_path / "results" / "round-0" / "a.json", document), parse)
    again = _write(tmp_path / "results" / "round-0" / "b.json", _bdn_round(document, 2))
    with pytest.raises(IngestError, match="is already in run R1"):
        ingest_file(store, "R1", "dotnet", again, parse)


def test_bdn_one_report_takes_rounds_from_launch_index(store: Store, tmp_path: Path) -> None:
    document = json.loads(BDN_FILE.read_text())
    for benchmark in document["Benchmarks"]:
        results = [m for m in benchmark["Measurements"] if m["IterationStage"] == "Result"]
        for launch, measurement in enumerate(results):
            measurement["LaunchIndex"] = launch
    path = _write(tmp_path / "results" / BDN_FILE.name, document)
    ingest_file(store, "R1", "dotnet", path, suite("dotnet").files[0].parse)
    assert all(found == [0, 1, 2] for found in _rounds(store, "dotnet").values())


def _catalog_with_lazy_ops(tmp_path: Path, lazy_ops: dict[str, str]) -> Path:
    document = json.loads((TESTDATA / "cpp" / "cpp-cases.json").read_text())
    for library in document["libraries"]:
        library["lazy_ops"] = lazy_ops
    return _write(tmp_path / "cpp-cases.json", document)


def _lazy(store: Store) -> dict[str, str | None]:
    rows = store.db.execute("SELECT op, lazy_reason FROM cases WHERE lang = 'cpp' AND variant = ''")
    return dict(rows.fetchall())


def test_lazy_ops_of_the_catalog_classify_each_case(store: Store, tmp_path: Path) -> None:
    parse = suite("cpp").files[0].parse
    ingest_file(store, "R1", "cpp", TESTDATA / "cpp" / "cpp.json", parse)
    catalog = _catalog_with_lazy_ops(tmp_path, {"decode": "a view over the bytes"})
    parse_catalog = suite("cpp").files[1].parse
    assert ingest_file(store, "R1", "cpp", catalog, parse_catalog)
    lazy = _lazy(store)
    assert lazy["decode"] == "a view over the bytes" and lazy["encode"] is None
    before = row_counts(store)
    assert not ingest_file(store, "R1", "cpp", catalog, parse_catalog)  # re-ingest: a no-op
    assert row_counts(store) == before and _lazy(store) == lazy
    with pytest.raises(IngestError, match="lazy_ops"):
        ingest_file(store, "R1", "cpp", _catalog_with_lazy_ops(tmp_path, {"decode": 3}), parse_catalog)  # type: ignore[dict-item]


def _calibration(lang: str = "cpp", workload: str = "memcpy_1mib", ns: float = 41_000.0) -> dict[str, object]:
    samples = [{"when": when, "workload": workload, "ns": ns, "n": 21} for when in ("start", "end")]
    return {"lang": lang, "samples": samples}


def test_the_calibration_file_fills_calibrations(store: Store, tmp_path: Path) -> None:
    parse = suite("cpp").files[2].parse
    path = _write(tmp_path / "cpp-calibration.json", _calibration())
    assert ingest_file(store, "R1", "cpp", path, parse)
    assert store.calibrations("R1") == {("cpp", "memcpy_1mib"): [41_000.0, 41_000.0]}
    assert not ingest_file(store, "R1", "cpp", path, parse)
    for bad, problem in (
        (_calibration(lang="python"), "calibration of lang 'python'"),
        (_calibration(workload="sleep"), "'sleep' is not one of memcpy_1mib, cpu_loop"),
        (_calibration(ns=0), "must be positive"),
    ):
        with pytest.raises(IngestError, match=problem):
            ingest_file(store, "R1", "cpp", _write(tmp_path / "bad" / "cpp-calibration.json", bad), parse)


# A stand-in Python suite that, given --cases, measures those cases again with steady samples.
STEADY_REMEASURE = """\
shutil.copytree({source!r}, out, dirs_exist_ok=True)
if "--cases" in sys.argv:
    import json
    wanted = set(open(sys.argv[sys.argv.index("--cases") + 1]).read().split())
    path = os.path.join(out, "python.json")
    document = json.load(open(path))
    document["benchmarks"] = [b for b in document["benchmarks"] if b["metadata"]["name"] in wanted]
    for benchmark in document["benchmarks"]:
        benchmark["runs"] = [
            dict(metadata=dict(round=r), values=[v]) for r, v in enumerate([1e-6, 1.01e-6, 1.02e-6])
        ]
    json.dump(document, open(path, "w"))
"""


@pytest.fixture
def steady_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A `runner all` of the Python stand-in above, its re-measurement unbudgeted; the run's id."""
    monkeypatch.setattr(checks, "REMEASURE_BUDGET", 100.0)
    return _remeasured_run(tmp_path, monkeypatch)


def _remeasured_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(standins.BEHAVIOURS, "steady_remeasure", STEADY_REMEASURE)
    assert (
        run_all_in(tmp_path, [stand_in(tmp_path, suite("python"), "steady_remeasure")], "--lang", "python")
        == 0
    )
    with results_store(tmp_path) as store:
        (run,) = store.runs()
    return run.id


def _remeasure_outcome(tmp_path: Path, run_id: str) -> tuple[dict[CaseIdentity, dict[str, str]], str]:
    """The run's flags, and its Python `remeasure` setting (the methodology page shows it)."""
    with results_store(tmp_path) as store:
        (setting,) = store.db.execute(
            "SELECT value FROM run_metadata WHERE run_id = ? AND scope = 'python' AND key = 'remeasure'",
            (run_id,),
        ).fetchone()
        return store.flags(run_id), str(setting)


def test_a_re_measurement_over_its_budget_takes_the_widest_and_flags_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checks, "REMEASURE_BUDGET", 0.45)
    run_id = _remeasured_run(tmp_path, monkeypatch)
    err = capsys.readouterr().err
    affordable = int(re.search(r"re-measuring (\d+) case\(s\)", err)[1])  # type: ignore[index]
    assert 0 < affordable < 20 and f"(the widest-spread {affordable} of 20: the budget)" in err
    flags, setting = _remeasure_outcome(tmp_path, run_id)
    # The methodology page shows how many were re-measured, and the budget.
    assert setting.startswith(f"{affordable} case(s) whose samples spread") and "45% of the first" in setting
    assert sum("remeasured" in f for f in flags.values()) == affordable
    not_again = [f["unstable"] for f in flags.values() if "unstable" in f and "remeasured" not in f]
    assert len(not_again) == 20 - affordable and all(d.endswith("not re-measured") for d in not_again)


def test_a_run_past_its_hour_re_measures_nothing_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(schedule.BUDGETS, "standard", 0.0)
    run_id = _remeasured_run(tmp_path, monkeypatch)
    assert "re-measuring none of the 20 case(s)" in capsys.readouterr().err
    flags, setting = _remeasure_outcome(tmp_path, run_id)
    assert (
        setting.startswith("none of the 20 case(s)") and "cut to the 0 s the run's hour had left" in setting
    )
    assert not any("remeasured" in f for f in flags.values())


def _published(path: Path, profile: str, filters: str) -> Path:
    run = snapshot.RunInfo("r", "t0", "t1", "complete", profile, filters, "c")
    machine = snapshot.MachineInfo("f", "cpu", 2, 1, "os", "x86_64")
    suites = (
        snapshot.SuiteInfo("cpp", "gbench", "ok", "", 480.0),
        snapshot.SuiteInfo("mono", "m", "ok", "", None),
    )
    snapshot.write(snapshot.Snapshot(run, machine, {}, suites, ()), path)
    return path


def test_the_hour_leaves_what_the_suites_still_to_run_are_expected_to_take(tmp_path: Path) -> None:
    every = '{"langs": ["cpp", "python"]}'
    published = _published(tmp_path / "snapshot.jsonl.gz", "standard", every)
    before = published_seconds(published, "standard", every)
    assert before == {"cpp": 480.0}
    assert published_seconds(published, "full", every) == {}
    assert published_seconds(published, "standard", '{"langs": ["cpp"]}') == {}
    with Store.open(tmp_path / "s.sqlite") as store:  # no earlier run: the published run's times
        hour = schedule.schedule(store, "standard", every, ["python", "cpp"], before, start=100.0)
        assert hour.expected == {"python": 0.0, "cpp": 480.0}
        assert hour.spare(["cpp"], now=1000.0) == 100.0 + 3600.0 - 1000.0 - 480.0
        assert hour.spare([], now=1000.0) == 2700.0
        assert schedule.schedule(store, "quick", every, ["cpp"], before, 0.0).spare(["cpp"]) is None


def test_an_unreadable_published_snapshot_leaves_the_hour_without_estimates(tmp_path: Path) -> None:
    every = '{"langs": ["cpp"]}'
    whole = _published(tmp_path / "whole.gz", "standard", every).read_bytes()
    cut = tmp_path / "cut.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    plain = tmp_path / "plain.jsonl"
    plain.write_text('{"record": "case"}\n')
    for path in (tmp_path / "none.gz", cut, plain):
        assert published_seconds(path, "standard", every) == {}, path


def test_a_case_spreading_more_than_1_3x_is_re_measured_once_and_keeps_both_passes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, steady_run: str
) -> None:
    assert "re-measuring 20 case(s) whose samples spread more than 1.3x" in capsys.readouterr().err
    with results_store(tmp_path) as store:
        flags, measured = store.flags(steady_run), store.measured(steady_run)
        rounds = store.rounds(steady_run)
        remeasured = [i for i, f in flags.items() if "remeasured" in f]
        assert len(remeasured) == 20
        # The first pass's samples (round 0: pyperf's one run) stay; the second pass's follow,
        # as rounds 100 to 102.
        assert all(measured[i][-3:] == pytest.approx([1000.0, 1010.0, 1020.0]) for i in remeasured)
        assert all(len(measured[i]) > 3 for i in remeasured)
        assert all(sorted(rounds[i]) == [0, 100, 101, 102] for i in remeasured)
        # Judged on the steady second pass: no longer unstable.
        assert not any("unstable" in flags[i] for i in remeasured)
        before = row_counts(store), flags
    # Re-ingesting the raw folder (the re-measurement included) changes nothing.
    raw = tmp_path / "results" / "raw" / steady_run
    assert cli_main(["ingest", str(raw), "--results", str(tmp_path / "results")]) == 0
    with results_store(tmp_path) as store:
        assert (row_counts(store), store.flags(steady_run)) == before


def test_the_raw_folder_ingested_into_a_fresh_store_gives_the_same_samples_and_flags(
    tmp_path: Path, steady_run: str
) -> None:
    with results_store(tmp_path) as store:
        flags, measured = store.flags(steady_run), store.measured(steady_run)
    fresh = tmp_path / "fresh.sqlite"
    assert cli_main(["ingest", str(tmp_path / "results" / "raw" / steady_run), "--store", str(fresh)]) == 0
    with Store.open(fresh) as store:
        assert store.flags(steady_run) == flags and store.measured(steady_run) == measured


def test_a_re_measurement_with_the_same_bytes_replaces_nothing(tmp_path: Path) -> None:
    # The plain stand-ins copy the same files again when asked to re-measure.
    assert run_all_in(tmp_path, stand_in_suites(tmp_path), "--lang", "cpp") == 0
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        flags = store.flags(run.id).values()
        assert any("unstable" in f for f in flags) and not any("remeasured" in f for f in flags)


def test_no_remeasure_leaves_spread_cases_unstable_and_not_re_measured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(standins.BEHAVIOURS, "steady_remeasure", STEADY_REMEASURE)
    suites = [stand_in(tmp_path, suite("python"), "steady_remeasure")]
    assert run_all_in(tmp_path, suites, "--lang", "python", "--no-remeasure") == 0
    assert "re-measuring" not in capsys.readouterr().err
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        flags = store.flags(run.id).values()
    unstable = [f["unstable"] for f in flags if "unstable" in f]
    assert len(unstable) == 20 and all(d.endswith("not re-measured") for d in unstable)
    assert not any("remeasured" in f for f in flags)


def test_a_suite_the_hour_cannot_hold_takes_six_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule, "ROUND_SHARE", {"python": 0.75, "cpp": 0.9})
    hour = schedule.Schedule(1000.0, {"python": 400.0, "cpp": 400.0, "interop": 50.0}, 9)
    assert hour.rounds("python", ["cpp", "interop"], now=100.0) is None  # 850 s of 900 left
    assert hour.rounds("python", ["cpp", "interop"], pace=1.1, now=100.0) == schedule.CUT_ROUNDS
    assert hour.rounds("cpp", ["interop"], pace=1.1, now=100.0) is None  # the cut left enough
    assert hour.rounds("interop", [], pace=9.0, now=999.0) is None  # a step takes no rounds
    unknown = schedule.Schedule(1000.0, {"python": 0.0}, 9)
    assert unknown.rounds("python", [], pace=2.0, now=999.0) is None
    assert schedule.Schedule(None).rounds("python", [], now=1e9) is None
    # The pace: times taken over times expected at the rounds taken.
    assert hour.pace({}) == 1.0
    assert hour.pace({"python": (600.0, None)}) == 1.5
    assert hour.pace({"python": (300.0, 6), "mono": (80.0, None)}) == pytest.approx(1.0)


def test_a_time_taken_with_cut_rounds_counts_as_the_profiles_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule, "ROUND_SHARE", {"python": 0.75})
    cut = "6 of the profile's 9: the run's hour had 10 s left"
    assert schedule.taken_rounds(cut) == 6 and schedule.taken_rounds(None) is None
    assert schedule.full_seconds(300.0, "python", "standard", cut) == pytest.approx(400.0)
    assert schedule.full_seconds(300.0, "python", "standard", None) == 300.0
    assert schedule.full_seconds(300.0, "python", "quick", cut) == 300.0


def test_a_suite_cut_before_a_resume_counts_at_its_rounds_in_the_pace(store: Store) -> None:
    (run,) = store.runs()
    for lang, seconds in (("python", 300.0), ("cpp", 100.0)):
        store.set_suite(run.id, lang, "harness", "ok", seconds=seconds)
    store.set_metadata(run.id, "python", {"rounds": "6 of the profile's 9: the run's hour had 10 s left"})
    taken: dict[str, tuple[float, int | None]] = {}
    for lang in ("python", "cpp", "dotnet"):  # .NET has not ended
        _took(store, run, lang, taken)
    assert taken == {"python": (300.0, 6), "cpp": (100.0, None)}


def test_the_published_runs_cut_suites_count_at_the_profiles_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schedule, "ROUND_SHARE", {"cpp": 0.75})
    every = '{"langs": ["cpp"]}'
    run = snapshot.RunInfo("r", "t0", "t1", "complete", "standard", every, "c")
    machine = snapshot.MachineInfo("f", "cpu", 2, 1, "os", "x86_64")
    settings = {"cpp": {"rounds": "6 of the profile's 9: late"}}
    suites = (snapshot.SuiteInfo("cpp", "gbench", "ok", "", 300.0),)
    path = tmp_path / "s.jsonl.gz"
    snapshot.write(snapshot.Snapshot(run, machine, settings, suites, ()), path)
    assert published_seconds(path, "standard", every) == {"cpp": pytest.approx(400.0)}


def test_a_run_late_for_its_hour_cuts_the_next_suites_rounds_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(standins.BEHAVIOURS, "argv", standins.COPY_TESTDATA + ARGV)
    python = stand_in(tmp_path, suite("python"), "argv")
    argv = tmp_path / "results" / "raw"
    assert run_all_in(tmp_path, [python], "--lang", "python") == 0  # gives the suite a time
    (first,) = [eval(p.read_text()) for p in argv.glob("*/python.argv")]
    assert "--rounds" not in first
    monkeypatch.setitem(schedule.BUDGETS, "standard", 0.0)  # the hour is gone as the run starts
    assert run_all_in(tmp_path, [python], "--lang", "python", "--new") == 0
    with results_store(tmp_path) as store:
        late, filters = store.runs()[-1].id, store.runs()[-1].filters
        setting = store.db.execute(
            "SELECT value FROM run_metadata WHERE run_id = ? AND scope = 'python' AND key = 'rounds'",
            (late,),
        ).fetchone()
        last = store.last_suite_time("python", "standard", filters)
    second = eval((argv / late / "python.argv").read_text())
    assert second[second.index("--rounds") + 1] == str(schedule.CUT_ROUNDS)
    assert setting[0].startswith("6 of the profile's 9: the run's hour had 0 s left")
    assert last is not None and last[1] == setting[0]


# Appended to a stand-in suite: how it was called, beside its folder.
ARGV = "open(out.rstrip('/') + '.argv', 'w').write(repr(sys.argv))\n"
