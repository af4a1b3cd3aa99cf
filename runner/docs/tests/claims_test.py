import dataclasses
from pathlib import Path
from typing import Any

import pytest

from runner.docs import claims
from runner.docs.claims import Verdict
from runner.docs.results import Results
from runner.docs.snapshot import Case
from runner.docs.tests.synthetic import snapshot as synthetic
from runner.records import Outcome, Unmeasured

# Every claim id of ../shared/CLAIMS.md: the claims page must list each one.
CLAIMS_MD_IDS = {
    "py-validate-pydantic2",
    "py-validate-cattrs",
    "py-validate-mashumaro",
    "py-validate-pydantic1",
    "py-json-stdlib",
    "py-json-orjson",
    "py-msgpack",
    "py-large-json",
    "py-struct-create",
    "py-struct-eq",
    "py-gc",
    "py-libsize",
    "py-flat-nested",
    "py-proto-vs-json",
    "py-flatbuffers-access",
    "size-fb-vs-proto",
    "py-proto-backends",
    "net-order",
    "net-alloc",
}


def _results(*cases: Case) -> Results:
    return Results(dataclasses.replace(synthetic(), cases=cases))


def _case(lib: str, median: float, **fields: Any) -> Case:
    base = dict(
        lang="python",
        lib=lib,
        format="json",
        op="decode",
        dataset="user",
        size=100,
        variant="",
        lib_version="1",
        capabilities=None,
        samples_ns=(median,) * 7,
        metrics={},
    )
    return Case(**(base | fields))  # type: ignore[arg-type]


CONDITIONS = {"ops": "o", "volume": "v", "gc": "g"}


def _ratio_claim(**check: Any) -> dict[str, Any]:
    return {
        "id": "c",
        "source": "s",
        "claim": "x",
        "work": "w",
        "conditions": CONDITIONS,
        "base": {"lang": "python", "op": "decode", "dataset": "user", "size": 100},
        "check": [{"what": "w", "fast": {"lib": "a"}, "slow": {"lib": "b"}, **check}],
    }


def _order_claim(*libs: str) -> dict[str, Any]:
    return {
        "id": "o",
        "source": "s",
        "claim": "x",
        "work": "w",
        "base": {"op": "decode"},
        "conditions": CONDITIONS,
        "check": [{"what": "w", "order": [{"lib": lib} for lib in libs]}],
    }


def test_every_claim_of_claims_md_is_encoded_once() -> None:
    ids = [c["id"] for c in claims.load()]
    assert sorted(ids) == sorted(CLAIMS_MD_IDS)


def test_every_claim_gets_a_verdict_on_real_shaped_data() -> None:
    found = claims.check_all(Results(synthetic()), claims.load())
    assert len(found) == len(CLAIMS_MD_IDS)
    assert {c.id for c in found if c.verdict is Verdict.NOT_MEASURABLE} == set()
    libsize = next(c for c in found if c.id == "py-libsize")
    assert libsize.verdict is Verdict.REPRODUCED, libsize.checks


def _spread(median: float, spread: float = 0.02, n: int = 12) -> tuple[float, ...]:
    """n samples evenly spread around median (+- spread): a tight 95% CI."""
    return tuple(median * (1 - spread + 2 * spread * i / (n - 1)) for i in range(n))


@pytest.mark.parametrize(
    ("slow", "verdict"),
    [
        (10.0, Verdict.REPRODUCED),
        (7.0, Verdict.REPRODUCED),
        (14.0, Verdict.REPRODUCED),
        (5.5, Verdict.INCONCLUSIVE),
        (17.0, Verdict.INCONCLUSIVE),
        (4.0, Verdict.CONTRADICTED),
        (30.0, Verdict.CONTRADICTED),
        (0.5, Verdict.CONTRADICTED),
    ],
)
def test_ratio_verdict_from_its_ci(slow: float, verdict: Verdict) -> None:
    """Claimed 10x: reproduced within [6.67, 15], contradicted outside [5, 20] or below 1."""
    results = _results(_case("a", 1.0, samples_ns=_spread(1.0)), _case("b", slow, samples_ns=_spread(slow)))
    (found,) = claims.check_all(results, [_ratio_claim(ratio=10.0)])
    assert found.verdict is verdict, found.checks[0].detail


def test_paired_rounds_give_the_ratio_ci_when_the_run_has_rounds() -> None:
    # Both drift together round by round: unpaired intervals overlap, the paired ratio is 1.3.
    drift = [1.0 + 0.5 * i for i in range(10)]
    fast = _case("a", 1.0, samples_ns=tuple(drift), rounds=tuple(range(10)))
    slow = _case("b", 1.3, samples_ns=tuple(1.3 * d for d in drift), rounds=tuple(range(10)))
    (found,) = claims.check_all(_results(fast, slow), [_ratio_claim(ratio=1.3)])
    assert found.verdict is Verdict.REPRODUCED
    assert found.checks[0].measured == "1.30\u00d7 [1.30, 1.30]"
    assert "paired rounds" in found.checks[0].detail


def test_without_rounds_or_enough_samples_the_verdict_is_inconclusive_and_says_why() -> None:
    (found,) = claims.check_all(
        _results(_case("a", 1.0, samples_ns=(1.0,) * 3), _case("b", 10.0)), [_ratio_claim(ratio=10.0)]
    )
    assert found.verdict is Verdict.INCONCLUSIVE
    assert "no 95% CI with n=3" in found.checks[0].detail
    assert "no rounds in this run" in found.checks[0].detail


def test_summed_ops_add_each_side_encode_and_decode() -> None:
    results = _results(
        _case("a", 1.0, samples_ns=_spread(1.0)),
        _case("a", 2.0, op="encode", samples_ns=_spread(2.0)),
        _case("b", 10.0, samples_ns=_spread(10.0)),
        _case("b", 20.0, op="encode", samples_ns=_spread(20.0)),
    )
    claim = _ratio_claim(ratio=10.0, ops=["encode", "decode"])
    (found,) = claims.check_all(results, [claim])
    assert found.verdict is Verdict.REPRODUCED and found.checks[0].measured.startswith("10.0\u00d7")


def _words(text: str) -> set[Verdict]:
    return {v for v in claims.JUDGED if v.value in text}


@pytest.mark.parametrize("claimed", [1.3, 4.2, 85.0])
def test_the_detail_names_its_verdict_and_no_other(claimed: float) -> None:
    """Across measured ratios from far below to far above the claim, with and without CIs."""
    for step in range(-40, 41):
        slow = claimed * 1.15**step
        for fast_samples in (_spread(1.0), (1.0,) * 3):
            results = _results(
                _case("a", 1.0, samples_ns=fast_samples), _case("b", slow, samples_ns=_spread(slow))
            )
            checks = ({"ratio": claimed}, {"ratio_range": [claimed, claimed * 2]}, {"direction_only": True})
            for check in checks:
                (found,) = claims.check_all(results, [_ratio_claim(**check)])
                (result,) = found.checks
                assert _words(result.detail) == {result.verdict}, (slow, check, result.detail)
                assert result.detail.startswith(f"{result.verdict}:")


def test_an_ordering_whose_results_overlap_is_indistinguishable() -> None:
    order = _order_claim("a", "b")
    overlap = _results(
        _case("a", 100.0, samples_ns=_spread(103.0, 0.08)), _case("b", 110.0, samples_ns=_spread(107.0, 0.06))
    )
    (found,) = claims.check_all(overlap, [order])
    assert found.verdict is Verdict.INDISTINGUISHABLE
    assert _words(found.checks[0].detail) == {Verdict.INDISTINGUISHABLE}
    reversed_ = _results(_case("a", 2.0, samples_ns=_spread(2.0)), _case("b", 1.0, samples_ns=_spread(1.0)))
    (found,) = claims.check_all(reversed_, [order])
    assert found.verdict is Verdict.CONTRADICTED


def test_every_check_records_the_source_conditions(tmp_path: Path) -> None:
    for claim in claims.load():
        for check in claim.get("check", []):
            given = claim.get("conditions", {}) | check.get("conditions", {})
            assert set(claims.CONDITIONS) <= set(given), (claim["id"], check["what"])
    bad = tmp_path / "claims.toml"
    bad.write_text(
        '[[claim]]\nid = "c"\nsource = "s"\nclaim = "x"\nwork = "w"\n'
        '[[claim.check]]\nwhat = "w"\nfast = {lib = "a"}\nslow = {lib = "b"}\nratio = 2.0\n'
    )
    with pytest.raises(claims.ClaimsError, match="no source condition ops, volume, gc"):
        claims.load(bad)


# The claims quoted from msgspec's validation and encoding scripts, checked on their work.
_SOURCE_WORK = ("py-validate-", "py-json-", "py-msgpack")


def test_msgspecs_script_claims_are_checked_on_their_work_with_the_gc_off() -> None:
    found = [c for c in claims.load() if c["id"].startswith(_SOURCE_WORK)]
    assert len(found) == 7
    for claim in found:
        assert claim["base"]["dataset"] == "msgspec_fs" and claim["differences"], claim["id"]
        for check in claim["check"]:
            sides = (check["fast"]["variant"], check["slow"]["variant"])
            assert all(v.endswith("_gcoff") for v in sides), claim["id"]  # timeit's GC off
            assert check["ops"] == ["encode", "decode"], claim["id"]  # the total column


def test_order_claim() -> None:
    claim = _order_claim("a", "b", "absent")
    (good,) = claims.check_all(_results(_case("a", 1.0), _case("b", 2.0)), [claim])
    (bad,) = claims.check_all(_results(_case("a", 3.0), _case("b", 2.0)), [claim])
    assert good.verdict is Verdict.REPRODUCED and "absent" in good.checks[0].detail
    assert bad.verdict is Verdict.CONTRADICTED


def test_order_check_base_narrows_to_one_runtime_and_never_mixes_two() -> None:
    claim = _order_claim("a", "b")
    results = _results(
        _case("a", 1.0), _case("b", 2.0), _case("a", 3.0, lang="mono"), _case("b", 2.0, lang="mono")
    )
    claim["check"][0]["base"] = {"lang": "mono"}
    (found,) = claims.check_all(results, [claim])
    assert found.verdict is Verdict.CONTRADICTED  # mono's a is the slower: python's cases were not used
    claim["check"][0]["order"][1]["lang"] = "python"
    with pytest.raises(claims.ClaimsError, match="one language per check"):
        claims.check_all(results, [claim])


def test_range_claim_and_direction_only() -> None:
    results = _results(_case("a", 1.0), _case("b", 40.0))  # the band of [4, 30]: [2.67, 45]
    (in_range,) = claims.check_all(results, [_ratio_claim(ratio_range=[4.0, 30.0])])
    (direction,) = claims.check_all(results, [_ratio_claim(direction_only=True)])
    assert in_range.verdict is Verdict.REPRODUCED and direction.verdict is Verdict.REPRODUCED


def test_missing_case_is_not_measured_rather_than_an_error() -> None:
    (found,) = claims.check_all(_results(_case("a", 1.0)), [_ratio_claim(ratio=2.0)])
    assert found.verdict is Verdict.NOT_MEASURED
    assert "no case matching lang=python/lib=b" in found.checks[0].detail


def test_metric_claims_compare_the_metric() -> None:
    results = _results(
        _case("a", 9.0, metrics={"wire_bytes": 100.0}), _case("b", 1.0, metrics={"wire_bytes": 250.0})
    )
    (found,) = claims.check_all(results, [_ratio_claim(metric="wire_bytes", ratio_range=[2.0, 3.0])])
    assert found.verdict is Verdict.REPRODUCED
    assert found.checks[0].measured == "2.50\u00d7 [2.50, 2.50]"


def test_a_list_of_selectors_sums_their_metric() -> None:
    size = {"op": "installed_size", "metrics": {"installed_size_bytes": 0.0}}
    results = _results(
        _case("a", 1.0, **(size | {"metrics": {"installed_size_bytes": 100.0}})),
        _case("b", 1.0, **(size | {"metrics": {"installed_size_bytes": 600.0}})),
        _case("b_core", 1.0, **(size | {"metrics": {"installed_size_bytes": 900.0}})),
    )
    claim = _ratio_claim(metric="installed_size_bytes", ratio=15.0)
    claim["base"]["op"] = "installed_size"
    claim["check"][0]["slow"] = [{"lib": "b"}, {"lib": "b_core"}]
    (found,) = claims.check_all(results, [claim])
    assert found.verdict is Verdict.REPRODUCED and found.checks[0].measured == "15.0\u00d7 [15.0, 15.0]"


def test_an_ambiguous_selector_names_the_variants_to_choose_from() -> None:
    results = _results(_case("a", 1.0), _case("b", 5.0, variant="x"), _case("b", 6.0, variant="y"))
    (found,) = claims.check_all(results, [_ratio_claim(ratio=5.0)])
    assert found.verdict is Verdict.NOT_MEASURED
    assert "2 cases matching" in found.checks[0].detail
    assert "variants measured: 'x', 'y'" in found.checks[0].detail


def test_peak_heap_is_a_claims_metric_only_cases_reporting_it_measure() -> None:
    cpp = {"lang": "cpp", "format": "protobuf"}
    results = _results(
        _case("a", 9.0, **cpp, metrics={"peak_heap_bytes": 1000.0}),
        _case("b", 1.0, **cpp, metrics={"peak_heap_bytes": 4000.0}),
        _case("a", 1.0),
        _case("b", 2.0),
    )
    claim = _ratio_claim(metric="peak_heap_bytes", ratio=4.0)
    (python,) = claims.check_all(results, [claim])
    claim["base"] = claim["base"] | {"lang": "cpp"}
    (measured,) = claims.check_all(results, [claim])
    # A peak heap is taken once; its resolution (+-2.5%) is its interval.
    assert measured.verdict is Verdict.REPRODUCED and measured.checks[0].measured == "4.00\u00d7 [3.80, 4.21]"
    assert python.verdict is Verdict.NOT_MEASURED
    assert "has no peak_heap_bytes" in python.checks[0].detail


def test_an_unknown_metric_is_refused() -> None:
    with pytest.raises(claims.ClaimsError, match="unknown metric 'peak_heap'"):
        claims.check_all(_results(_case("a", 1.0)), [_ratio_claim(metric="peak_heap", ratio=2.0)])


def test_every_claim_links_its_source_where_it_is_public(tmp_path: Path) -> None:
    for claim in claims.load():
        assert claim["links"] or claim["unlinked"], claim["id"]
        assert all(url.startswith("https://") for _, url in claim["links"]), claim["id"]
        if "seeds/001" in claim["source"] or "seeds/003" in claim["source"]:
            assert claim["links"], claim["id"]  # msgspec's page, the .NET source's repositories
    text = '[[claim]]\nid = "c"\nsource = "seeds/009"\nclaim = "x"\nwork = "w"\nnot_measurable = "n"\n'
    (tmp_path / "claims.toml").write_text(text)
    with pytest.raises(claims.ClaimsError, match="names none of"):
        claims.load(tmp_path / "claims.toml")


def test_a_library_the_run_did_not_measure_is_named_with_what_the_run_recorded() -> None:
    threw = Unmeasured("python", Outcome.NOT_MEASURED, "Serialize threw", "b", "json", "decode", "user", 100)
    data = dataclasses.replace(synthetic(), cases=(_case("a", 1.0),), unmeasured=(threw,))
    (found,) = claims.check_all(Results(data), [_ratio_claim(ratio=2.0)])
    assert "the run recorded: not measured: Serialize threw" in found.checks[0].detail


def test_a_size_the_text_states_is_the_runs() -> None:
    claim = _ratio_claim(ratio=2.0) | {
        "work": "a {doc} document",
        "sizes": {"doc": {"lib": "a", "op": "encode"}},
    }
    results = _results(_case("a", 1.0, op="encode", metrics={"wire_bytes": 3 * 2.0**20}), _case("b", 2.0))
    (found,) = claims.check_all(results, [claim])
    assert found.work == "a 3.00 MiB document"
    (absent,) = claims.check_all(_results(_case("b", 2.0)), [claim])
    assert absent.work == "a a size not in this run document"


def test_what_differs_from_the_sources_code_is_carried_to_the_page() -> None:
    compared = _ratio_claim(ratio=2.0) | {"differences": ["the clock: wall there, CPU here"]}
    uncompared = _ratio_claim(ratio=2.0) | {"links": (("scripts", "https://example.org"),)}
    results = _results(_case("a", 1.0), _case("b", 2.0))
    found = claims.check_all(results, [compared, uncompared, _ratio_claim(ratio=2.0)])
    assert [c.differences for c in found] == [("the clock: wall there, CPU here",), None, None]
    assert found[1].links and not found[2].links  # the page says "not yet compared" for [1] only
    by_id = {c["id"]: c for c in claims.load()}
    for name in ("py-struct-create", "py-struct-eq", "py-gc"):
        assert by_id[name]["differences"], name
