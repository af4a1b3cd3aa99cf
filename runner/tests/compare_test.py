"""`runner compare`: medians with CIs, a rank test with a minimum effect, same machine only."""

import json
import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from runner import cli
from runner.caseid import CaseIdentity, parse_case_id
from runner.checks import Samples
from runner.compare import (
    ALPHA,
    MIN_EFFECT,
    MinEffect,
    calibration_shifts,
    compare_runs,
    drifts,
    render_table,
)
from runner.ingest.calibration_json import COLUMNS
from runner.records import CaseResult, NativeFile, Sample, SampleKind, TableRows
from runner.stats import Verdict, compare, format_ns, median_ci
from runner.store import Run, Store, StoredFile, StoreError
from runner.tests.support import MACHINE, OTHER_MACHINE, new_run

STEADY = parse_case_id("dataset=user/size=3/op=encode/format=protobuf/lib=protobuf", "cpp")
REGRESSED = parse_case_id("dataset=user/size=3/op=decode/format=protobuf/lib=protobuf", "cpp")
IMPROVED = parse_case_id("dataset=user/size=3/op=roundtrip/format=protobuf/lib=protobuf", "cpp")
TINY_SHIFT = parse_case_id("dataset=user/size=100/op=encode/format=protobuf/lib=protobuf", "cpp")
FEW = parse_case_id("dataset=user/size=3/op=encode/format=json/lib=nlohmann", "cpp")
GONE = parse_case_id("dataset=user/size=3/op=decode/format=json/lib=nlohmann", "cpp")


def _noise(center: float, n: int, seed: int) -> list[float]:
    return list(center * (1 + 0.005 * np.random.default_rng(seed).standard_normal(n)))


def _add(store: Store, run_id: str, cases: dict[CaseIdentity, list[float]]) -> None:
    results = [
        CaseResult(i, [Sample(SampleKind.MEASURE, v, 1000) for v in values]) for i, values in cases.items()
    ]
    store.add_file(
        StoredFile(run_id, "cpp", Path(f"/{run_id}.json"), run_id * 32, 0), NativeFile("test", "1", results)
    )


def _samples(store: Store, a: Run, b: Run) -> tuple[Samples, Samples]:
    return store.measured(a.id), store.measured(b.id)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "s.sqlite") as opened:
        new_run(opened, "A")
        new_run(opened, "B")
        _add(
            opened,
            "A",
            {
                STEADY: _noise(1000, 20, 1),
                REGRESSED: _noise(2000, 20, 2),
                IMPROVED: _noise(4000, 20, 3),
                TINY_SHIFT: _noise(8000, 200, 4),
                FEW: [10.0, 11.0, 12.0],
                GONE: _noise(50, 10, 5),
            },
        )
        _add(
            opened,
            "B",
            {
                STEADY: _noise(1000, 20, 6),
                REGRESSED: _noise(2200, 20, 7),
                IMPROVED: _noise(3000, 20, 8),
                TINY_SHIFT: _noise(8080, 200, 9),
                FEW: [20.0, 21.0, 22.0],
            },
        )
        yield opened


def test_verdicts(store: Store) -> None:
    a, b = store.resolve_run("A"), store.resolve_run("B")
    rows = {r.identity: r for r in compare_runs(*_samples(store, a, b), alpha=0.05, min_effect=0.02)}
    verdicts = {i: r.result.verdict if r.result else r.only_in for i, r in rows.items()}
    assert verdicts == {
        STEADY: Verdict.SAME,
        REGRESSED: Verdict.SLOWER,
        IMPROVED: Verdict.FASTER,
        TINY_SHIFT: Verdict.SAME,  # significant, but 1% is under the 2% minimum effect
        FEW: Verdict.TOO_FEW,  # even a doubling is not judged on 3 samples
        GONE: "A",
    }
    regressed = rows[REGRESSED].result
    assert regressed is not None
    assert regressed.change == pytest.approx(0.10, abs=0.01)
    assert regressed.p_value < 1e-6
    tiny = rows[TINY_SHIFT].result
    assert tiny is not None and tiny.p_value < 0.05
    few = rows[FEW].result
    assert few is not None and math.isnan(few.p_value)


def test_minimum_effect_is_configurable(store: Store) -> None:
    a, b = store.resolve_run("A"), store.resolve_run("B")
    rows = {r.identity: r for r in compare_runs(*_samples(store, a, b), alpha=0.05, min_effect=0.005)}
    tiny = rows[TINY_SHIFT].result
    assert tiny is not None and tiny.verdict is Verdict.SLOWER


def test_the_minimum_effect_is_raised_per_language_to_its_noise(store: Store) -> None:
    a, b = store.resolve_run("A"), store.resolve_run("B")

    def verdicts(min_effect: MinEffect) -> dict[CaseIdentity, Verdict]:
        rows = compare_runs(*_samples(store, a, b), ALPHA, min_effect)
        return {r.identity: r.result.verdict for r in rows if r.result}

    noisy = verdicts(MinEffect(0.05, {"cpp": 0.15}, "two runs"))
    assert noisy[REGRESSED] is Verdict.SAME and noisy[IMPROVED] is Verdict.FASTER  # +10%, -25%
    # Another language's noise changes nothing here.
    assert verdicts(MinEffect(0.05, {"python": 0.15}, "two runs"))[REGRESSED] is Verdict.SLOWER


def _report(folder: Path, machine: str) -> None:
    folder.mkdir()
    # The bound, not the share of the two runs measured, is the noise.
    languages = [
        {"lang": "cpp", "moved_95": 0.08, "moved_95_bound": 0.15},
        {"lang": "python", "moved_95": None},
    ]
    report = {"runs": ["R1", "R2"], "machine": machine, "languages": languages}
    (folder / "repeatability.json").write_text(json.dumps(report))


def test_the_noise_comes_from_the_repeatability_report_of_the_runs_machine(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    _report(Path(store.location).parent / "published", MACHINE.fingerprint)
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 0
    out = capsys.readouterr().out
    assert (
        "minimum effect 5.0%, raised to the run-to-run noise of repeatability runs R1 and R2: cpp 15.0%"
        in out
    )
    assert next(line for line in out.splitlines() if REGRESSED.case_id in line).endswith("same")
    # --min-effect is every language's, the report's noise aside.
    assert cli.main(["compare", "A", "B", "--store", store.location, "--min-effect", "5"]) == 0
    assert next(line for line in capsys.readouterr().out.splitlines() if REGRESSED.case_id in line).endswith(
        "slower"
    )


def test_another_machines_noise_is_not_used(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    _report(Path(store.location).parent / "published", OTHER_MACHINE.fingerprint)
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 0
    out = capsys.readouterr().out
    assert "alpha 0.05, minimum effect 5.0%\n" in out
    assert next(line for line in out.splitlines() if REGRESSED.case_id in line).endswith("slower")


def test_a_malformed_repeatability_report_is_an_error_not_a_traceback(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    (Path(store.location).parent / "published").mkdir()
    (Path(store.location).parent / "published" / "repeatability.json").write_text('{"runs": ["R1"]}')
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 2
    assert "repeatability.json: not a repeatability report" in capsys.readouterr().err


def test_median_confidence_interval_is_the_order_statistic_one() -> None:
    summary = median_ci([9.0, 1.0, 8.0, 2.0, 7.0, 3.0, 6.0, 4.0, 5.0])
    # n = 9: [x(2), x(8)] covers the median with probability 1 - 2 * P(Bin(9, 1/2) <= 1) = 96%.
    assert (summary.n, summary.median, summary.ci_low, summary.ci_high) == (9, 5.0, 2.0, 8.0)
    assert math.isnan(median_ci([1.0, 2.0, 3.0, 4.0, 5.0]).ci_low)  # no 95% interval exists for n = 5
    assert median_ci([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).ci_low == 1.0


def test_identical_samples_are_the_same() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 5.0]
    result = compare(values, values, alpha=0.05, min_effect=0.02)
    assert result.verdict is Verdict.SAME and result.change == 0.0


def test_other_machine_is_refused_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with Store.open(path) as store:
        new_run(store, "A")
        new_run(store, "C", OTHER_MACHINE)
    assert cli.main(["compare", "A", "C", "--store", str(path)]) == 2
    assert cli.main(["compare", "A", "C", "--store", str(path), "--force"]) == 0
    with Store.open(path) as store, pytest.raises(StoreError, match="different machine classes"):
        from runner.compare import check_same_machine

        check_same_machine(store.resolve_run("A"), store.resolve_run("C"), force=False)


def test_table_output(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 0
    out = capsys.readouterr().out
    assert "Mann-Whitney U two-sided, alpha 0.05, minimum effect 5.0%" in out
    line = next(line for line in out.splitlines() if REGRESSED.case_id in line)
    assert line.startswith("cpp") and line.endswith("slower") and "+9.9%" in line
    assert "6 cases: 1 faster, 1 slower, 2 same, 1 too few samples; 1 only in A, 0 only in B" in out
    assert cli.main(["compare", "A", "B", "--store", store.location, "--fail-on-slower"]) == 1
    a, b = store.resolve_run("A"), store.resolve_run("B")
    rows = compare_runs(*_samples(store, a, b), ALPHA, MIN_EFFECT)
    assert render_table(rows, a, b, ALPHA, MinEffect(MIN_EFFECT)) in out


def test_json_output(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["compare", "A", "B", "--store", store.location, "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    few = next(r for r in records if r["case"] == FEW.case_id)
    assert few["verdict"] == "too few samples" and few["p_value"] is None and few["a_median_ns"] == 11.0


def test_format_ns() -> None:
    assert [format_ns(v) for v in (12.345, 12_345.0, 12_345_678.0, 2.5e9)] == [
        "12.35 ns",
        "12.35 us",
        "12.35 ms",
        "2.5 s",
    ]


def test_batched_p_values_equal_one_scipy_call_per_pair() -> None:
    from scipy import stats  # type: ignore[import-untyped]

    from runner.stats import p_values

    rng = np.random.default_rng(11)
    pairs = [
        (list(rng.normal(100, 5, n)), list(rng.normal(103, 5, m)))
        for n, m in [(20, 20), (9, 12), (20, 20), (3, 9), (4, 4)]
    ]
    found = p_values(pairs)
    assert math.isnan(found[3])  # 3 samples on one side: not judged
    for (a, b), p_value in zip(pairs, found, strict=True):
        if min(len(a), len(b)) >= 4:
            assert p_value == pytest.approx(
                stats.mannwhitneyu(a, b, alternative="two-sided").pvalue, rel=1e-12
            )


def _calibrate(
    store: Store, run_id: str, memcpy_ns: float, loop_ns: float, loop_end_ns: float | None = None
) -> None:
    """The run's calibrations: the same at its start and end, but for a CPU loop that ends at loop_end_ns."""
    loop = {"start": loop_ns, "end": loop_ns if loop_end_ns is None else loop_end_ns}
    rows: list[tuple[object, ...]] = [
        ("cpp", when, workload, ns, 21)
        for when in ("start", "end")
        for workload, ns in (("memcpy_1mib", memcpy_ns), ("cpu_loop", loop[when]))
    ]
    native = NativeFile("test", "1", tables=[TableRows("calibrations", COLUMNS, rows)])
    store.add_file(StoredFile(run_id, "cpp", Path(f"/{run_id}-cal.json"), run_id * 31 + "c", 0), native)


def test_calibrations_within_5_percent_change_nothing(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    _calibrate(store, "A", 40_000.0, 1e6)
    _calibrate(store, "B", 41_000.0, 1.04e6)
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 0
    out = capsys.readouterr().out
    assert "CALIBRATION" not in out and "1 slower" in out
    assert "raised again" not in out  # the host moved 4%: under the 5% default


def test_a_host_that_moved_within_the_runs_raises_the_minimum_effect(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    # The medians agree, but B's CPU loop read 1.0 ms at its start and 1.2 ms at its end.
    _calibrate(store, "A", 40_000.0, 1e6)
    _calibrate(store, "B", 40_000.0, 1e6, loop_end_ns=1.2e6)
    shifts = calibration_shifts(store, store.resolve_run("A"), store.resolve_run("B"))
    assert [(s.workload, round(s.moved, 3)) for s in shifts] == [("cpu_loop", 0.2), ("memcpy_1mib", 0.0)]
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 0
    out = capsys.readouterr().out
    assert "raised again to how far the host's calibration workloads moved in these runs: cpp 20.0%" in out
    assert next(line for line in out.splitlines() if REGRESSED.case_id in line).endswith("same")  # +10%


def test_calibrations_differing_by_more_than_5_percent_are_flagged_and_ratios_compared(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    # B's machine is 10% slower: memcpy and the CPU loop both say so; REGRESSED moved +10%.
    _calibrate(store, "A", 40_000.0, 1e6)
    _calibrate(store, "B", 44_000.0, 1.1e6)
    shifts = calibration_shifts(store, store.resolve_run("A"), store.resolve_run("B"))
    assert [(s.workload, round(s.change, 3), s.flagged) for s in shifts] == [
        ("cpu_loop", 0.1, True),
        ("memcpy_1mib", 0.1, True),
    ]
    assert cli.main(["compare", "A", "B", "--store", store.location, "--min-effect", "5"]) == 0
    out = capsys.readouterr().out
    assert "CALIBRATION DIFFERS by more than 5%: cpp memcpy_1mib: 40 us -> 44 us (+10.0%)" in out
    assert "cpp: compared as ratios to memcpy_1mib (B's samples x 0.909)" in out
    line = next(line for line in out.splitlines() if REGRESSED.case_id in line)
    assert line.endswith("same")  # +10% in time, +0% against memcpy
    steady = next(line for line in out.splitlines() if line.startswith("cpp") and STEADY.case_id in line)
    assert steady.endswith("faster")  # the same time on a slower machine: -9.1% against memcpy
    # By default the minimum effect is raised to how far the host's workloads moved: 10%.
    assert cli.main(["compare", "A", "B", "--store", store.location]) == 0
    out = capsys.readouterr().out
    assert "raised again to how far the host's calibration workloads moved in these runs: cpp 10.0%" in out
    steady = next(line for line in out.splitlines() if line.startswith("cpp") and STEADY.case_id in line)
    assert steady.endswith("same")
    assert cli.main(["compare", "A", "B", "--store", store.location, "--absolute", "--min-effect", "5"]) == 0
    absolute = capsys.readouterr().out
    assert "CALIBRATION DIFFERS" in absolute and "compared as ratios" not in absolute
    assert next(line for line in absolute.splitlines() if REGRESSED.case_id in line).endswith("slower")


def test_a_whole_language_drifting_is_divided_out_and_said_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 30 cases of 3 libraries; B's host ran 4% faster throughout, and one case regressed by 10%.
    cases = [
        parse_case_id(f"dataset=user/size={size}/op=encode/format=json/lib={lib}", "cpp")
        for lib in ("a", "b", "c")
        for size in range(1, 11)
    ]
    changed = cases[0]
    with Store.open(tmp_path / "s.sqlite") as store:
        new_run(store, "A")
        new_run(store, "B")
        _add(store, "A", {c: _noise(1000, 20, n) for n, c in enumerate(cases)})
        _add(
            store,
            "B",
            {c: _noise(960 * (1.1 if c == changed else 1), 20, 99 - n) for n, c in enumerate(cases)},
        )
        _calibrate(store, "A", 40_000.0, 1e6)
        _calibrate(store, "B", 36_000.0, 0.9e6)  # flagged, but the drift is what B is divided by
    # The 5% minimum effect, not raised to the host's 11% move, to see the drift alone.
    assert cli.main(["compare", "A", "B", "--store", str(tmp_path / "s.sqlite"), "--min-effect", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("cpp: B ran a median -4.0% against A over 30 cases (host drift)")
    assert "CALIBRATION DIFFERS by more than 5%: cpp memcpy_1mib" in out
    assert "compared as ratios to memcpy_1mib" not in out
    assert "30 cases: 0 faster, 1 slower, 29 same" in out
    # In absolute times the 4% drift is every case's change (seen with a 2% minimum effect).
    absolute = ["--absolute", "--min-effect", "2"]
    assert cli.main(["compare", "A", "B", "--store", str(tmp_path / "s.sqlite"), *absolute]) == 0
    assert "29 faster, 1 slower" in capsys.readouterr().out


def test_too_few_libraries_leave_the_drift_undivided() -> None:
    one_lib = {
        parse_case_id(f"dataset=user/size={n}/op=encode/format=json/lib=a", "cpp"): [1.0] for n in range(40)
    }
    assert drifts(one_lib, {i: [0.9] for i in one_lib}) == {}
