"""The repeatability benchmark's arithmetic, and one pass of it over stand-in suites."""

import json
import math
from pathlib import Path

import pytest

from runner.benchmarks.repeatability import (
    WINDOW,
    _carried,
    _pooled,
    _upper_bound,
    _window,
    choose,
    main,
    one_pool_agreement,
    render,
    repeatability,
)
from runner.caseid import CaseIdentity, parse_case_id
from runner.compare import CalibrationShift, CaseComparison, MinEffect, drifts, host_movement
from runner.docs import snapshot
from runner.docs.repeatability import load as report_rows
from runner.docs.repeatability import rows as report_page_rows
from runner.docs.tests.synthetic import snapshot as synthetic
from runner.machine import this_machine
from runner.repeatability import RATIOS, TIMES, noise
from runner.stats import Comparison, Summary, Verdict
from runner.store import Store
from runner.tests.standins import results_store, stand_in_suites
from runner.tests.support import MACHINE, ingest_testdata, new_run

NAN = Summary(0, math.nan, math.nan, math.nan)


def _case(op: str, size: int, lang: str = "cpp") -> CaseIdentity:
    return parse_case_id(f"dataset=user/size={size}/op={op}/format=json/lib=x", lang)


def _judged(identity: CaseIdentity, verdict: Verdict) -> CaseComparison:
    return CaseComparison(identity, Comparison(NAN, NAN, 0.0, 0.5, verdict))


def test_shares_of_agreeing_medians_count_only_cases_of_at_least_one_microsecond() -> None:
    cases = [
        _case(op, size) for op in ("encode", "decode", "roundtrip") for size in (2, 20, 200, 2000)
    ]  # 12 cases
    first = {c: [2000.0, 2000.0, 2000.0] for c in cases}
    # 11 timed cases: +0%, +1%, -4.9%, +5%, +6%, -9%, +10%, +20%, -30%, +0%, +0%
    medians = [2000.0, 2020.0, 1902.0, 2100.0, 2120.0, 1820.0, 2200.0, 2400.0, 1400.0, 2000.0, 2000.0]
    second = {c: [m] * 3 for c, m in zip(cases, medians, strict=False)}
    first[cases[-1]] = [900.0] * 3  # under 1 us: left out of the shares
    second[cases[-1]] = [2000.0] * 3
    compared = [_judged(c, Verdict.SAME) for c in cases[:8]] + [
        _judged(cases[8], Verdict.SLOWER),
        CaseComparison(cases[9], Comparison(NAN, NAN, 0.0, math.nan, Verdict.TOO_FEW)),
        _judged(_case("encode", 1, "python"), Verdict.FASTER),  # another language
    ]
    found = repeatability("cpp", first, second, compared)
    assert (found.cases, found.timed) == (12, 11)
    assert found.within_5pct == pytest.approx(6 / 11)  # 0, .01, -.049, .05, 0, 0
    assert found.within_10pct == pytest.approx(9 / 11)  # and .06, -.09, .1
    assert found.judged == 9 and found.changed == pytest.approx(1 / 9)
    assert found.moved_95 == pytest.approx(0.3)  # the 11th of 11 changes: 95% of 11 is 10.45


def test_the_noise_compare_judges_by_is_an_upper_confidence_bound_on_the_95th_percentile() -> None:
    # 120 cases moved 0.1%, 0.2%, ... 12%: the 114th is the percentile, the 119th its 95% bound.
    cases = [_case("encode", size) for size in range(1, 121)]
    first = {c: [2000.0] * 3 for c in cases}
    second = {c: [2000.0 * (1 + n / 1000)] * 3 for n, c in enumerate(cases, 1)}
    found = repeatability("cpp", first, second, [])
    assert found.moved_95 == pytest.approx(0.114) and found.moved_95_bound == pytest.approx(0.119)
    # Too few cases for the confidence: the largest movement.
    few = {c: first[c] for c in cases[:11]}
    assert repeatability("cpp", few, second, []).moved_95_bound == pytest.approx(0.011)


def test_the_noise_read_is_the_bound_else_the_percentile_of_older_reports(tmp_path: Path) -> None:
    languages = [
        {"lang": "cpp", "moved_95": 0.08, "moved_95_bound": 0.15, "time_moved_95": 0.04},
        {"lang": "python", "moved_95": 0.09},
    ]
    path = tmp_path / "repeatability.json"
    path.write_text(json.dumps({"runs": ["R1", "R2"], "machine": "m", "languages": languages}))
    found = noise(path)
    assert found is not None and found.moved_95 == {"cpp": 0.15, "python": 0.09}
    assert found.ties == {"cpp": 0.04, "python": 0.09}


def test_a_language_with_no_timed_case_has_no_share() -> None:
    found = repeatability("dotnet", {}, {}, [])
    assert found.cases == 0 and math.isnan(found.within_5pct) and math.isnan(found.changed)
    row = ["dotnet", "0", "0", *"-" * 9, "0", *"-" * 4, "of", "0", "-", "-"]
    assert render([found], "A", "B").splitlines()[2].split() == row


def test_the_times_shared_are_the_fastest_rounds_and_the_medians_are_kept_apart() -> None:
    # Other tenants slowed half of B's rounds by 20%: the medians moved, the fastest rounds did not.
    cases = [_case("encode", size) for size in (2, 20, 200, 2000)]
    first = {c: [5000.0] * 10 for c in cases}
    second = {c: [5000.0] * 5 + [6000.0] * 5 for c in cases}
    found = repeatability("cpp", first, second, [])
    assert found.within_5pct == found.within_10pct == 1.0
    assert found.median_within_5pct == 0.0 and found.moved_95 == pytest.approx(0.1)
    assert found.time_moved_95 == 0.0


def test_the_times_agreeing_are_split_by_the_calls_a_sample_timed() -> None:
    # Four cases timed one call a sample, two of them 10% slower in B; four timed loops, one slower.
    cases = [_case(op, size) for op in ("encode", "decode") for size in (1, 2, 3, 4)]
    single = set(cases[:4])
    slower = {cases[0], cases[1], cases[4]}
    first = {c: [5000.0] * 10 for c in cases}
    second = {c: [5500.0 if c in slower else 5000.0] * 10 for c in cases}
    found = repeatability("cpp", first, second, [], single=single | {_case("encode", 9)})
    assert found.single_call == 4 and found.within_5pct == pytest.approx(5 / 8)
    assert found.single_call_within_5pct == 0.5 and found.several_calls_within_5pct == 0.75
    row = render([found], "A", "B").splitlines()[2].split()
    assert row[-5:-1] == ["50.0%", "of", "4", "75.0%"]


def test_the_times_agreeing_are_split_by_payload_size() -> None:
    # Payloads of 1 KiB (both agree), 100 KiB (one of two) and 1 MiB (none); one case without.
    cases = [_case("encode", size) for size in (1, 2, 3, 4, 5, 6, 7)]
    payload = dict(zip(cases, [1024.0, 1024.0, 100e3, 100e3, 2**20, 2**20], strict=False))
    first = {c: [5000.0] * 10 for c in cases}
    second = {c: [5000.0 if n in (0, 1, 2, 6) else 6000.0] * 10 for n, c in enumerate(cases)}
    found = repeatability("cpp", first, second, [], payload=payload)
    assert found.by_payload == (("< 16 KiB", 2, 1.0), ("< 256 KiB", 2, 0.5), (">= 256 KiB", 2, 0.0))
    assert (
        render([found], "A", "B")
        .splitlines()[2]
        .endswith("100.0% of 2 (< 16 KiB) / 50.0% of 2 (< 256 KiB) / 0.0% of 2 (>= 256 KiB)")
    )
    assert repeatability("cpp", first, second, [], payload={cases[0]: 10.0}).by_payload == (
        ("< 16 KiB", 1, 1.0),
    )


def test_the_host_drift_is_divided_out_of_the_second_share() -> None:
    # 30 cases of 3 libraries; B ran 4% faster throughout, and 3 cases changed by 10% more.
    cases = [
        parse_case_id(f"dataset=user/size={size}/op=encode/format=json/lib={lib}", "cpp")
        for lib in ("a", "b", "c")
        for size in range(1, 11)
    ]
    first = {c: [5000.0] * 10 for c in cases}
    second = {c: [4800.0 * (1.1 if n < 3 else 1.0)] * 10 for n, c in enumerate(cases)}
    found = repeatability("cpp", first, second, [], drifts(first, second).get("cpp"))
    assert found.drift == pytest.approx(0.96)
    assert found.within_5pct == pytest.approx(27 / 30)  # -4% is within, +5.6% is not
    assert found.within_5pct_of_drift == pytest.approx(27 / 30)
    assert found.moved_95 == pytest.approx(0.1)  # the 29th of 30: the three +10% cases, drift out
    assert found.time_moved_95 == pytest.approx(0.1)  # one sample value a case: times are medians
    second = {c: [4600.0 * (1.1 if n < 3 else 1.0)] * 10 for n, c in enumerate(cases)}
    found = repeatability("cpp", first, second, [], drifts(first, second).get("cpp"))
    assert found.within_5pct == pytest.approx(3 / 30)  # -8% out; +1.2% in
    assert found.within_5pct_of_drift == pytest.approx(27 / 30)


def test_the_subset_is_fixed_by_the_seed() -> None:
    cases = [
        _case(op, size, lang)
        for lang in ("cpp", "python")
        for op in ("encode", "decode")
        for size in range(50)
    ]
    chosen = choose(reversed(cases), 30, 14)
    assert chosen == choose(cases, 30, 14) and chosen != choose(cases, 30, 15)
    assert {lang: len(found) for lang, found in chosen.items()} == {"cpp": 30, "python": 30}
    assert len(choose(cases, 1000, 14)["cpp"]) == 100  # never more than there are


def test_one_pass_over_stand_in_suites_makes_two_runs_and_writes_the_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = _source_store(tmp_path)
    args = ["--results", str(results), "--timeout", "20", "--from", "SOURCE"]
    assert main(args, stand_in_suites(tmp_path)) == 0
    report = json.loads((results / "published" / "repeatability.json").read_text())
    out = capsys.readouterr().out
    run_a, run_b = report["runs"]
    assert f"runs {run_a} and {run_b}" in out and report["drawn_from"] == "SOURCE"
    by_lang = {entry["lang"]: entry for entry in report["languages"]}
    # The stand-ins copy the same files both times: every median agrees exactly.
    assert by_lang["cpp"]["cases"] == 8 and by_lang["cpp"]["within_5pct"] == 1.0
    assert by_lang["python"]["changed"] is None or by_lang["python"]["changed"] == 0.0
    with results_store(tmp_path) as store:
        assert all(store.resolve_run(r).status == "complete" for r in (run_a, run_b))
    # The report sits beside the published snapshot, where the methodology page reads it.
    figures = report_rows(results / "published")
    assert ("cpp: times within ±5% / ±10%", "100.0% / 100.0%") in figures
    assert any(key == "runs" and run_a in value for key, value in figures)
    listed = (results / "raw" / run_a / "cpp-cases.txt").read_text().split()
    assert len(listed) == 8
    # --recompute measures nothing: the same runs give the same figures, other fields kept.
    written = (results / "published" / "repeatability.json").read_text()
    assert main(["--results", str(results), "--recompute"], []) == 0
    assert (results / "published" / "repeatability.json").read_text() == written
    assert report["compare"] == {"alpha": 0.05, "min_effect": 0.05, "noise": {}, "noise_from": "", "host": {}}
    assert report["machine"] == this_machine().fingerprint  # the machine the runs were measured on
    # The next pass judges its A/A compare with this report's noise (out of sample).
    assert main(args, stand_in_suites(tmp_path)) == 0
    settings = json.loads((results / "published" / "repeatability.json").read_text())["compare"]
    assert settings["noise_from"] == f"repeatability runs {run_a} and {run_b}"
    assert settings["noise"] == {entry["lang"]: 0.0 for entry in report["languages"]}
    # ... and pools its cases' movements with this report's: the same cases, the same machine.
    second = json.loads((results / "published" / "repeatability.json").read_text())
    assert second["pooled"]["pairs"] == [[run_a, run_b], second["runs"]]
    assert second["pooled"]["languages"]["cpp"]["cases"] == 2 * len(second["window"][0]["moved"]["cpp"])
    new_a, new_b = second["runs"]
    pooled_row = ("noise pooled over", f"2 pairs of runs: {run_a} / {run_b}, {new_a} / {new_b}")
    assert pooled_row in report_rows(results / "published")
    assert any(
        key == f"cpp: pooled, 95% of {RATIOS} moved less than"
        for key, _ in report_rows(results / "published")
    )
    # --recompute computes again the movements of every pair of the window the store holds,
    # those a report from before them lacks included.
    older = second | {"window": [{k: v for k, v in second["window"][0].items() if k != "ratio_moved"}]}
    (results / "published" / "repeatability.json").write_text(json.dumps(older))
    assert main(["--results", str(results), "--recompute"], []) == 0
    again = json.loads((results / "published" / "repeatability.json").read_text())
    assert again["window"] == second["window"] and again["pooled"] == second["pooled"]


def test_recompute_needs_a_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    assert main(["--results", str(results), "--recompute"], []) == 2
    assert "no report to recompute" in capsys.readouterr().err
    (results / "published").mkdir(parents=True)
    (results / "published" / "repeatability.json").write_text('{"runs": []}')
    assert main(["--results", str(results), "--recompute"], []) == 2
    assert "not a repeatability report" in capsys.readouterr().err


def test_by_default_the_cases_come_from_the_published_snapshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results"
    args = ["--results", str(results), "--timeout", "20", "--per-lang", "3"]
    assert main(args, stand_in_suites(tmp_path)) == 2  # a fresh checkout without one: told what to do
    assert "no published snapshot" in capsys.readouterr().err
    published = synthetic()
    snapshot.write(published, results / "published" / snapshot.DEFAULT_NAME)
    assert main(args, stand_in_suites(tmp_path)) == 0
    report = json.loads((results / "published" / "repeatability.json").read_text())
    assert report["drawn_from"] == published.run.id
    run_a = report["runs"][0]
    listed = (results / "raw" / run_a / "cpp-cases.txt").read_text().split()
    drawn = {(i.lang, i.dataset, i.op, i.lib, i.format, i.size, i.variant) for i in map(parse_id, listed)}
    assert len(drawn) == 3
    assert drawn <= {c.key for c in published.cases if c.lang == "cpp" and c.samples_ns}


def parse_id(case: str) -> CaseIdentity:
    return parse_case_id(case, "cpp")


def test_the_host_moved_is_the_larger_calibrations_spread_over_both_runs() -> None:
    shifts = [
        CalibrationShift("cpp", "cpu_loop", 1.0e6, 1.3e6, 0.5),
        CalibrationShift("cpp", "memcpy_1mib", 4.0e4, 4.0e4, 0.1),
        CalibrationShift("python", "cpu_loop", 1.0e7, 1.0e7),  # no readings to spread
    ]
    assert host_movement(shifts) == {"cpp": 0.5}
    effect = MinEffect(0.05, {"cpp": 0.2, "python": 0.3}, "two runs").with_host(shifts)
    assert (effect.of("cpp"), effect.of("python"), effect.of("dotnet")) == (0.5, 0.3, 0.05)
    assert effect.describe().endswith(
        ", raised again to how far the host's calibration workloads moved in these runs: cpp 50.0%"
    )


def test_one_pool_agreement_is_the_exact_chance_two_fastest_draws_agree() -> None:
    assert one_pool_agreement([100.0] * 9, [104.0] * 9, 9) == pytest.approx(1.0)
    # One draw each from {100, 200}: the two agree when they draw the same value.
    assert one_pool_agreement([100.0], [200.0], 1) == pytest.approx(0.5)
    # Two draws each: the fastest is 100 with 3/4, 200 with 1/4.
    assert one_pool_agreement([100.0], [200.0], 2) == pytest.approx(0.75**2 + 0.25**2)
    # Repeated values weigh by their count: 100 twice, 200 once, one draw each.
    assert one_pool_agreement([100.0, 100.0], [200.0], 1) == pytest.approx((2 / 3) ** 2 + (1 / 3) ** 2)


def test_one_pool_shares_tell_round_noise_from_runs_that_differ_as_wholes() -> None:
    steady, spread = _case("encode", 2), _case("decode", 2)
    # steady: every round of B 20% slower, rounds alike within a run (the runs differ);
    # spread: half the rounds 1.5x slower in both runs (round-to-round noise).
    first = {steady: [2000.0] * 3, spread: [2000.0, 3000.0, 3000.0]}
    second = {steady: [2400.0] * 3, spread: [3000.0, 2000.0, 3000.0]}
    found = repeatability("cpp", first, second, [])
    assert found.within_5pct == 0.5  # spread's fastest rounds agree, steady's do not
    (rounds, share), (double, more), _ = found.one_pool
    assert (rounds, double) == (3, 6)
    # Drawn from one pool, more rounds find each case's fastest level more often.
    assert share < more < 1.0
    assert share == pytest.approx(
        (
            one_pool_agreement(first[steady], second[steady], 3)
            + one_pool_agreement(first[spread], second[spread], 3)
        )
        / 2
    )
    rendered = render([found], "A", "B")
    assert f"cpp      times ±5% from one pool of rounds: {share:.1%} at 3 / {more:.1%} at 6" in rendered


def test_the_page_shows_the_host_moved_only_where_the_report_has_it() -> None:
    figures = {
        "lang": "cpp", "cases": 1, "timed": 1, "within_5pct": 1.0, "within_10pct": 1.0,
        "drift": 1.0, "within_5pct_of_drift": 1.0, "changed": 0.0, "judged": 1,
    }  # fmt: skip
    settings: dict[str, object] = {"alpha": 0.05, "min_effect": 0.05}
    report = {
        "runs": ["A", "B"], "seconds": 60, "drawn_from": "S", "per_lang": 1, "seed": 14,
        "profile": "standard", "compare": settings,
    }  # fmt: skip
    label = "cpp: the host's calibrations moved (CPU loop / 1 MiB copy)"
    assert label not in dict(report_page_rows(report | {"languages": [figures]}))
    split = "cpp: times within ±5%, samples of one call / of several"
    assert split not in dict(report_page_rows(report | {"languages": [figures]}))
    calls = {"single_call": 1, "single_call_within_5pct": 1.0, "several_calls_within_5pct": None}
    assert dict(report_page_rows(report | {"languages": [figures | calls]}))[split] == "100.0% of 1 / - of 0"
    sizes = "cpp: times within ±5% by payload size"
    assert sizes not in dict(report_page_rows(report | {"languages": [figures]}))
    bins = {"by_payload": [["< 16 KiB", 3, 1.0], [">= 256 KiB", 2, 0.5]]}
    shown = dict(report_page_rows(report | {"languages": [figures | bins]}))
    assert shown[sizes] == "100.0% of 3 (< 16 KiB) / 50.0% of 2 (>= 256 KiB)"
    pooled = "cpp: times within ±5% had both runs drawn their rounds from one pool"
    assert pooled not in dict(report_page_rows(report | {"languages": [figures]}))
    drawn = {"one_pool": [[9, 0.68], [18, 0.839]]}
    shown = dict(report_page_rows(report | {"languages": [figures | drawn]}))
    assert shown[pooled] == "68.0% at 9 / 83.9% at 18 rounds"
    moved = {"cpu_loop_moved": 0.25, "memcpy_moved": None}
    shown = dict(report_page_rows(report | {"languages": [figures | moved]}))
    assert shown[label] == "25.0% / -"
    assert "raised again" not in shown["A/A compare"]
    raised = report | {"compare": settings | {"host": {"cpp": 0.25, "python": 0.01}}}
    shown = dict(report_page_rows(raised | {"languages": [figures | moved]}))
    assert (
        "raised again to how far the host's calibration workloads moved in these runs: cpp 25.0%,"
        in (shown["A/A compare"])
    )


def test_the_ratio_of_two_cases_of_one_comparison_moves_by_their_own_noise_not_the_hosts() -> None:
    x, y = _case("encode", 100), parse_case_id("dataset=user/size=100/op=encode/format=json/lib=y", "cpp")
    other = _case("decode", 100)  # another comparison: never paired with x or y
    first = {x: [2000.0] * 3, y: [4000.0] * 3, other: [3000.0] * 3}
    # B: the host slowed everything by 10%, and y by 5% more of its own.
    second = {x: [2200.0] * 3, y: [4000.0 * 1.1 * 1.05] * 3, other: [3300.0] * 3}
    found = repeatability("cpp", first, second, [])
    assert found.ratio_moved == pytest.approx((0.05 / 1.05,))  # x / y: 0.5 -> 0.5 / 1.05
    assert found.ratio_moved_95 == pytest.approx(0.05 / 1.05)
    assert repeatability("cpp", {x: [2000.0] * 3}, {x: [2000.0] * 3}, []).ratio_moved == ()


def test_the_window_keeps_the_latest_pairs_and_the_noise_pools_their_cases() -> None:
    cases = [_case("encode", size) for size in range(1, 121)]
    first = {c: [2000.0] * 3 for c in cases}
    window: list[dict[str, object]] = []
    for pair in range(WINDOW + 1):  # pair p moves case n by n/1000 + p/100
        second = {c: [2000.0 * (1 + n / 1000 + pair / 100)] * 3 for n, c in enumerate(cases, 1)}
        window = _window(window, [f"A{pair}", f"B{pair}"], [repeatability("cpp", first, second, [])])
    assert [p["runs"] for p in window] == [[f"A{p}", f"B{p}"] for p in range(1, WINDOW + 1)]
    pooled = _pooled(window)
    moved = sorted(n / 1000 + p / 100 for n in range(1, 121) for p in range(1, WINDOW + 1))
    cpp = pooled["languages"]["cpp"]
    assert cpp["cases"] == 120 * WINDOW and cpp["moved_95_bound"] == pytest.approx(_upper_bound(moved))
    # The ratios pool too, over the pairs that kept them (a report from before them has none).
    kept = [p | {"ratio_moved": {"cpp": [0.01 * k, 0.02 * k]}} for k, p in enumerate(window, 1)]
    ratios = _pooled(kept)["languages"]["cpp"]
    assert ratios["ratios"] == 2 * WINDOW and ratios["ratio_moved_95"] == pytest.approx(0.02 * WINDOW)
    older = [{k: v for k, v in kept[0].items() if k != "ratio_moved"}, *kept[1:]]
    assert _pooled(older)["languages"]["cpp"]["ratios"] == 2 * (WINDOW - 1)
    assert _pooled(older)["ratio_pairs"] == [p["runs"] for p in kept[1:]]
    # Recomputing the latest pair replaces it in place.
    again = _window(window, ["A3", "B3"], [repeatability("cpp", first, first, [])])
    assert [p["runs"] for p in again] == [p["runs"] for p in window] and again[-1]["moved"]["cpp"][0] == 0.0


def test_each_pair_keeps_its_shares_and_the_page_sets_the_pairs_side_by_side() -> None:
    cases = [_case("encode", size) for size in range(1, 5)]
    first = {c: [2000.0, 2100.0, 2200.0] for c in cases}
    slower = {c: [x * (1.1 if n < 2 else 1.0) for x in first[c]] for n, c in enumerate(cases)}
    same, moved = repeatability("cpp", first, first, []), repeatability("cpp", first, slower, [])
    window = _window(_window([], ["A0", "B0"], [same]), ["A1", "B1"], [moved])
    assert window[-1]["agreement"]["cpp"] == {
        "within_5pct": 0.5,
        "one_pool": [[rounds, share] for rounds, share in moved.one_pool],
    }
    report = {
        "runs": ["A1", "B1"], "seconds": 60, "drawn_from": "S", "per_lang": 4, "seed": 14,
        "profile": "standard", "compare": {"alpha": 0.05, "min_effect": 0.05},
        "languages": [{"lang": "cpp", "cases": 4, "timed": 4, "within_5pct": 0.5, "within_10pct": 1.0,
                       "drift": 1.0, "within_5pct_of_drift": 0.5, "changed": 0.0, "judged": 4}],
    }  # fmt: skip
    row = "cpp: times within ±5% pair by pair (from one pool)"
    shown = dict(report_page_rows(report | {"window": window}))
    pools = same.one_pool[0][1], moved.one_pool[0][1]
    assert shown[row] == f"A0 / B0: 100.0% ({pools[0]:.1%}); A1 / B1: 50.0% ({pools[1]:.1%})"
    # A pair from before they were kept is left out; with none kept, there is no row.
    older = [{k: v for k, v in pair.items() if k != "agreement"} for pair in window]
    assert dict(report_page_rows(report | {"window": [older[0], window[1]]}))[row].startswith(
        "A1 / B1: 50.0%"
    )
    assert row not in dict(report_page_rows(report | {"window": older}))


def test_pairs_of_other_cases_or_another_machine_are_not_pooled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    previous = {"machine": "m", "drawn_from": "S1", "window": [{"runs": ["A", "B"]}]}
    out = tmp_path / "repeatability.json"
    assert _carried(previous, "m", "S1", out) == previous["window"]
    assert _carried(previous, "m", "S2", out) == [] and _carried(previous, "n", "S1", out) == []
    assert "not pooled" in capsys.readouterr().out


def test_the_noise_read_is_the_pooled_one_where_the_report_pools(tmp_path: Path) -> None:
    languages = [{"lang": "cpp", "moved_95": 0.08, "moved_95_bound": 0.15, "time_moved_95": 0.04}]
    cpp: dict[str, float] = {"cases": 240, "moved_95_bound": 0.2, "time_moved_95": 0.05}
    pooled = {"pairs": [["R1", "R2"], ["R3", "R4"]], "languages": {"cpp": cpp}}
    path = tmp_path / "repeatability.json"
    report = {"runs": ["R3", "R4"], "machine": "m", "languages": languages, "pooled": pooled}
    path.write_text(json.dumps(report))
    found = noise(path)
    assert found is not None and found.moved_95 == {"cpp": 0.2} and found.ties == {"cpp": 0.05}
    assert found.describe() == "runs of 2 repeatability pairs (R1 / R2, R3 / R4)"
    assert found.ties_of == TIMES  # a pool from before the ratios
    # Where the pool has the ratios of two libraries' times on one comparison, ties are theirs.
    cpp |= {"ratios": 300, "ratio_moved_95": 0.07}
    pooled["ratio_pairs"] = [["R3", "R4"]]  # the pair before them kept none
    path.write_text(json.dumps(report))
    found = noise(path)
    assert found is not None and found.ties == {"cpp": 0.07} and found.ties_of == RATIOS
    assert found.describe(ties=True) == "repeatability runs R3 and R4"
    assert found.describe() == "runs of 2 repeatability pairs (R1 / R2, R3 / R4)"  # compare's


def test_a_broken_report_at_out_stops_the_benchmark_before_it_measures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = _source_store(tmp_path)
    (results / "published").mkdir(parents=True)
    (results / "published" / "repeatability.json").write_text("{not json")
    args = ["--results", str(results), "--timeout", "20", "--from", "SOURCE"]
    assert main(args, stand_in_suites(tmp_path)) == 2
    assert "move it away or pass another --out" in capsys.readouterr().err
    with results_store(tmp_path) as store:
        assert [run.id for run in store.runs()] == ["SOURCE"]  # nothing measured


def test_a_report_whose_window_is_malformed_is_refused_before_measuring(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = _source_store(tmp_path)
    (results / "published").mkdir(parents=True)
    window = [{"runs": ["A", "B"], "moved": {"cpp": [0.1]}}]  # no time_moved
    (results / "published" / "repeatability.json").write_text(json.dumps({"window": window}))
    args = ["--results", str(results), "--timeout", "20", "--from", "SOURCE"]
    assert main(args, stand_in_suites(tmp_path)) == 2
    assert "not a repeatability report" in capsys.readouterr().err


def _source_store(tmp_path: Path) -> Path:
    """A results folder whose store holds one run, SOURCE, to draw cases from."""
    results = tmp_path / "results"
    with Store.open(results / "serbench.sqlite") as store:
        new_run(store, "SOURCE", MACHINE)
        ingest_testdata(store, "SOURCE")
    return results
