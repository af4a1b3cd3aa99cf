import dataclasses
from typing import Any

import pytest

from runner.docs import claims
from runner.docs.claims import Verdict
from runner.docs.results import Results
from runner.docs.snapshot import Case
from runner.docs.tests.synthetic import snapshot as synthetic

# Every claim id of ../shared/CLAIMS.md: the claims page must list each one.
CLAIMS_MD_IDS = {
    "py-validate-pydantic2", "py-validate-cattrs", "py-validate-mashumaro", "py-validate-pydantic1",
    "py-json-stdlib", "py-json-orjson", "py-msgpack", "py-large-json", "py-struct-create", "py-struct-eq",
    "py-gc", "py-libsize", "py-flat-nested", "py-proto-vs-json", "py-flatbuffers-access", "size-fb-vs-proto",
    "py-proto-backends", "net-order", "net-alloc",
}


def _results(*cases: Case) -> Results:
    return Results(dataclasses.replace(synthetic(), cases=cases))


def _case(lib: str, median: float, **fields: Any) -> Case:
    base = dict(lang="python", lib=lib, format="json", op="decode", dataset="user", size=100, variant="",
                lib_version="1", capabilities=None, samples_ns=(median,) * 7, metrics={})
    return Case(**(base | fields))  # type: ignore[arg-type]


def _ratio_claim(**check: Any) -> dict[str, Any]:
    return {"id": "c", "source": "s", "claim": "x", "work": "w",
            "base": {"lang": "python", "op": "decode", "dataset": "user", "size": 100},
            "check": [{"what": "w", "fast": {"lib": "a"}, "slow": {"lib": "b"}, **check}]}


def test_every_claim_of_claims_md_is_encoded_once() -> None:
    ids = [c["id"] for c in claims.load()]
    assert sorted(ids) == sorted(CLAIMS_MD_IDS)


def test_every_claim_gets_a_verdict_on_real_shaped_data() -> None:
    found = claims.check_all(Results(synthetic()), claims.load())
    assert len(found) == len(CLAIMS_MD_IDS)
    assert {c.id for c in found if c.verdict is Verdict.NOT_MEASURABLE} == set()
    libsize = next(c for c in found if c.id == "py-libsize")
    assert libsize.verdict is Verdict.REPRODUCED, libsize.checks


@pytest.mark.parametrize(
    ("slow", "verdict"),
    [(10.0, Verdict.REPRODUCED), (5.5, Verdict.REPRODUCED), (3.0, Verdict.NOT_REPRODUCED),
     (30.0, Verdict.NOT_REPRODUCED), (0.5, Verdict.NOT_REPRODUCED)],
)
def test_ratio_within_tolerance(slow: float, verdict: Verdict) -> None:
    results = _results(_case("a", 1.0), _case("b", slow))
    (found,) = claims.check_all(results, [_ratio_claim(ratio=10.0)])
    assert found.verdict is verdict


def test_range_claim_and_direction_only() -> None:
    results = _results(_case("a", 1.0), _case("b", 50.0))
    (in_range,) = claims.check_all(results, [_ratio_claim(ratio_range=[4.0, 30.0])])
    (direction,) = claims.check_all(results, [_ratio_claim(direction_only=True)])
    assert in_range.verdict is Verdict.REPRODUCED and direction.verdict is Verdict.REPRODUCED


def test_missing_case_is_not_measured_rather_than_an_error() -> None:
    (found,) = claims.check_all(_results(_case("a", 1.0)), [_ratio_claim(ratio=2.0)])
    assert found.verdict is Verdict.NOT_MEASURED
    assert "no case matching lang=python/lib=b" in found.checks[0].detail


def test_a_time_median_of_few_samples_is_flagged_indicative_and_keeps_its_verdict() -> None:
    few = _results(_case("a", 1.0, samples_ns=(1.0, 1.0)), _case("b", 10.0))
    (flagged,) = claims.check_all(few, [_ratio_claim(ratio=10.0)])
    assert flagged.verdict is Verdict.REPRODUCED
    assert "indicative only: a median of 2 sample(s)" in flagged.checks[0].detail
    (enough,) = claims.check_all(_results(_case("a", 1.0), _case("b", 10.0)), [_ratio_claim(ratio=10.0)])
    assert "indicative" not in enough.checks[0].detail
    order = {"id": "o", "source": "s", "claim": "x", "work": "w", "base": {"op": "decode"},
             "check": [{"what": "w", "order": [{"lib": "a"}, {"lib": "b"}]}]}
    (ordered,) = claims.check_all(_results(_case("a", 1.0), _case("b", 2.0, samples_ns=(2.0,))), [order])
    assert "a median of 1 sample(s)" in ordered.checks[0].detail


def test_order_claim() -> None:
    claim = {"id": "o", "source": "s", "claim": "x", "work": "w", "base": {"op": "decode"},
             "check": [{"what": "w", "order": [{"lib": "a"}, {"lib": "b"}, {"lib": "absent"}]}]}
    (good,) = claims.check_all(_results(_case("a", 1.0), _case("b", 2.0)), [claim])
    (bad,) = claims.check_all(_results(_case("a", 3.0), _case("b", 2.0)), [claim])
    assert good.verdict is Verdict.REPRODUCED and "absent" in good.checks[0].detail
    assert bad.verdict is Verdict.NOT_REPRODUCED


def test_metric_claims_compare_the_metric() -> None:
    results = _results(
        _case("a", 9.0, metrics={"wire_bytes": 100.0}), _case("b", 1.0, metrics={"wire_bytes": 250.0})
    )
    (found,) = claims.check_all(results, [_ratio_claim(metric="wire_bytes", ratio_range=[2.0, 3.0])])
    assert found.verdict is Verdict.REPRODUCED
    assert found.checks[0].measured == "2.50\u00d7"


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
    assert found.verdict is Verdict.REPRODUCED and found.checks[0].measured == "15.0\u00d7"


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
        _case("a", 1.0), _case("b", 2.0),
    )
    claim = _ratio_claim(metric="peak_heap_bytes", ratio=4.0)
    (python,) = claims.check_all(results, [claim])
    claim["base"] = claim["base"] | {"lang": "cpp"}
    (measured,) = claims.check_all(results, [claim])
    assert measured.verdict is Verdict.REPRODUCED and measured.checks[0].measured == "4.00\u00d7"
    assert python.verdict is Verdict.NOT_MEASURED
    assert "has no peak_heap_bytes" in python.checks[0].detail


def test_an_unknown_metric_is_refused() -> None:
    with pytest.raises(claims.ClaimsError, match="unknown metric 'peak_heap'"):
        claims.check_all(_results(_case("a", 1.0)), [_ratio_claim(metric="peak_heap", ratio=2.0)])
