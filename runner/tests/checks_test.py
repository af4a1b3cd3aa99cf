"""runner/checks.py: each self-check flag on synthetic samples."""

from runner.caseid import CaseIdentity, parse_case_id
from runner.checks import (
    REMEASURE_ROUND,
    Samples,
    last_pass,
    remeasured_flag,
    second_pass,
    self_checks,
    spread,
    spread_cases,
    within_budget,
)
from runner.records import Sample, SampleKind

CASE = "dataset=order/size={size}/op={op}/format=json/lib=msgspec/variant=struct"


def _case(op: str, size: int = 100) -> CaseIdentity:
    return parse_case_id(CASE.format(op=op, size=size), "python")


def _around(center: float, n: int = 12, width: float = 0.02) -> list[float]:
    """n steady samples within ±width of center."""
    return [center * (1 - width + 2 * width * k / (n - 1)) for k in range(n)]


def _flags(
    samples: Samples, remeasured: tuple[CaseIdentity, ...] = ()
) -> dict[tuple[CaseIdentity, str], str]:
    return {(f.identity, f.flag): f.detail for f in self_checks(samples, remeasured)}


def test_a_round_trip_slower_than_encode_plus_decode_allows_is_flagged() -> None:
    encode, decode, trip = _case("encode"), _case("decode"), _case("roundtrip")
    consistent = {encode: _around(2000), decode: _around(3000), trip: _around(5100)}
    assert _flags(consistent) == {}
    # filetree/1,000 msgspec in an earlier run: round trip 8.6 ms against encode + decode 5.6 ms.
    flags = _flags({**consistent, trip: _around(8600)})
    detail = flags[(trip, "roundtrip_mismatch")]
    assert "roundtrip 8.6 us" in detail and "encode + decode 5 us" in detail
    assert (trip, "roundtrip_mismatch") in _flags({**consistent, trip: _around(3000)})  # faster too


def test_a_round_trip_is_not_judged_without_cis() -> None:
    encode, decode, trip = _case("encode"), _case("decode"), _case("roundtrip")
    assert _flags({encode: [2000.0] * 3, decode: [3000.0] * 3, trip: [9000.0] * 3}) == {}


def test_time_per_record_outside_half_to_double_from_100_to_1000_records_is_flagged() -> None:
    small, large = _case("encode", 100), _case("encode", 1000)
    assert _flags({small: _around(100_000), large: _around(1_000_000)}) == {}
    assert _flags({small: _around(100_000), large: _around(1_900_000)}) == {}
    slow = _flags({small: _around(100_000), large: _around(3_770_000)})
    assert "x3.77 from size 100 to 1,000" in slow[(large, "scaling")]
    assert (large, "scaling") in _flags({small: _around(100_000), large: _around(400_000)})
    assert (small, "scaling") not in slow  # the flag goes on the 1,000-record case


def test_a_round_trip_of_a_real_document_is_not_judged() -> None:
    # Decode reads the published file; the round trip decodes the library's own output.
    ops = ("encode", "decode", "roundtrip")
    case = "dataset=citm_catalog/size=1/op={}/format=json/lib=nlohmann"
    doc = [parse_case_id(case.format(op), "cpp") for op in ops]
    assert _flags({doc[0]: _around(4000), doc[1]: _around(6700), doc[2]: _around(6050)}) == {}


def test_a_lazy_op_is_not_judged_on_scaling_and_memcpy_explains_a_cache_step() -> None:
    small, large = _case("decode", 100), _case("decode", 1000)
    constant = {small: _around(50.0), large: _around(54.0)}  # a view: the same time at any size
    assert (large, "scaling") in _flags(constant)
    assert {f.flag for f in self_checks(constant, (), {large})} == set()
    memcpy = [CaseIdentity("python", "memcpy", "raw", "memcpy", "order", n) for n in (100, 1000)]
    step = {small: _around(100_000), large: _around(2_400_000)}
    step |= {memcpy[0]: _around(400), memcpy[1]: _around(7500)}
    assert _flags(step)[(large, "scaling")].endswith("; memcpy of the payload x1.88 over the same sizes")


def test_a_spread_above_1_3_is_unstable_and_says_whether_it_was_re_measured() -> None:
    case = _case("decode")
    assert spread([100.0, 129.0, 110.0]) == 1.29
    assert _flags({case: [100.0, 129.0, 110.0]}) == {}
    wide = {case: [13.0, 105.3, 120.9]}  # msgspec decode of canada in an earlier run
    assert spread_cases(wide) == [case]
    assert _flags(wide)[(case, "unstable")] == "max/min 9.30 over 3 samples, not re-measured"
    assert "after one re-measure" in _flags(wide, (case,))[(case, "unstable")]


def test_a_re_measurement_over_its_budget_takes_the_widest_spread_first() -> None:
    a, b, c = (_case(op) for op in ("decode", "encode", "roundtrip"))
    samples = {a: [100.0, 140.0], b: [100.0, 300.0], c: [100.0, 200.0]}
    assert within_budget(samples, [a, b, c], 2) == sorted([b, c])
    assert within_budget(samples, [a, b, c], 5) == sorted([a, b, c])
    assert within_budget(samples, [a, b, c], 0) == []


def test_the_remeasured_flag_records_both_spreads() -> None:
    flag = remeasured_flag(_case("decode"), [13.0, 105.3, 120.9], [100.0, 101.0, 102.0, 103.0])
    assert flag.flag == "remeasured"
    assert flag.detail == "max/min 9.30 over 3 samples; re-measured once: 1.03 over 4 samples (both kept)"


def test_a_re_measured_case_is_judged_on_its_second_pass_and_keeps_both() -> None:
    case = _case("decode")
    first = {0: 13.0, 1: 105.3, 2: 120.9}
    second = {round_ + REMEASURE_ROUND: value for round_, value in enumerate([100.0, 101.0, 103.0])}
    assert last_pass(first) == []
    assert last_pass(first | second) == [100.0, 101.0, 103.0]
    both = {case: [*first.values(), *second.values()]}
    assert (case, "unstable") in _flags(both, (case,))  # over all six samples
    found = self_checks(both, (case,), last={case: last_pass(first | second)})
    assert not any(f.flag == "unstable" for f in found)
    moved = second_pass(Sample(SampleKind.MEASURE, 1.0, 1, 3))
    assert (
        moved.round == REMEASURE_ROUND + 3 and second_pass(Sample(SampleKind.MEASURE, 1.0, 1)).round is None
    )
