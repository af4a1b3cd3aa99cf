"""A worker's side of the protocol, in process: check, calibrate and sample one unit."""

import gc
from pathlib import Path
from typing import Any

from bench.profiles import PROFILES
from bench.worker import Served, _prepare_extra, answer
from serbench_py import roundtrip, suite
from serbench_py.registry import LIBRARIES
from serbench_py.suite import payload_file_name

_JSON = next(i for i, a in enumerate(LIBRARIES) if (a.lib, a.variant) == ("json", "schemaless"))
_ENCODE = "dataset=order/size=1/op=encode/format=json/lib=json/variant=schemaless"
_DECODE = "dataset=order/size=1/op=decode/format=json/lib=json/variant=schemaless"


def test_a_checked_case_is_calibrated_and_sampled_and_its_payload_written(tmp_path: Path) -> None:
    served = Served(f"library/{_JSON}/order", tmp_path)
    profile = PROFILES["quick"]
    checked = answer(served, profile, {"do": "check", "cases": [_ENCODE, _DECODE]})["checked"]
    assert {checked[c]["status"] for c in (_ENCODE, _DECODE)} == {"measured"}
    metadata = checked[_ENCODE]["metadata"]
    assert metadata["op"] == "encode" and metadata["wire_bytes"] > 0
    assert metadata["timer"].startswith("thread CPU time")
    payload = tmp_path / payload_file_name(_ENCODE)
    assert payload.stat().st_size == metadata["wire_bytes"]
    found = answer(served, profile, {"do": "calibrate", "case": _DECODE})
    assert found["loops"] >= 1 and found["per_call"] > 0
    request = {"do": "sample", "case": _DECODE, "loops": 2, "warmup": True}
    taken = answer(served, profile, request)
    assert len(taken["seconds"]) == 1 and taken["warmup"] is not None


def test_a_short_calls_input_is_built_once_and_frozen_a_long_calls_every_sample() -> None:
    served = Served(f"library/{_JSON}/order")
    assert served.check(_ENCODE)["status"] == "measured"
    frozen = gc.get_freeze_count()
    try:
        kept = served.sample_input(_ENCODE, warmup=True)
        assert kept().arg is served.sample_input(_ENCODE, warmup=True)().arg
        assert gc.get_freeze_count() > frozen  # the collector never walks the kept input
        fresh = served.sample_input(_ENCODE, warmup=False)
        assert fresh().arg is not fresh().arg
        assert fresh().arg is not kept().arg
    finally:
        gc.unfreeze()


def test_a_case_that_was_never_checked_fails_its_sample_and_says_why() -> None:
    served = Served(f"library/{_JSON}/order")
    request = {"do": "sample", "case": _DECODE, "loops": 1, "warmup": False}
    assert answer(served, PROFILES["quick"], request)["failed"].startswith("timing raised KeyError")


def test_an_extra_unit_is_timed_by_the_wall_clock_when_its_work_runs_in_a_child() -> None:
    from serbench_py.extras import extras

    index, extra = next((i, e) for i, e in enumerate(extras()) if e.in_child)
    checked = Served(f"extra/{index}").check(extra.case.id)
    assert checked["status"] == "measured"
    assert checked["metadata"]["timer"].startswith("wall clock")


def test_a_later_workers_check_only_encodes_and_gives_the_same_case(monkeypatch: Any) -> None:
    verified = Served(f"library/{_JSON}/order").check(_ENCODE)
    monkeypatch.setattr(suite, "check_round_trip", _not_called)
    request = {"do": "check", "cases": [_ENCODE], "verify": False}
    later = answer(Served(f"library/{_JSON}/order"), PROFILES["quick"], request)
    assert later == {"checked": {_ENCODE: verified}}
    # verify (the default) still verifies
    assert Served(f"library/{_JSON}/order").check(_DECODE)["status"] == "refused"


def _not_called(*_: object) -> None:
    raise roundtrip.RoundTripError("the round trip was verified again")


def test_an_extras_facts_are_measured_when_it_is_verified_only() -> None:
    from serbench_py.cases import Case
    from serbench_py.extras import Extra

    measured: list[str] = []

    def facts() -> dict[str, str | int]:
        measured.append("once")
        return {"gc_memory_bytes": 1}

    case = Case("plain", "python", "gc", "objects", 1, None)
    extra = Extra(case, lambda: ((lambda: None), {}), "1", facts=facts)
    assert _prepare_extra(extra, verify=True)[1]["gc_memory_bytes"] == 1
    assert "gc_memory_bytes" not in _prepare_extra(extra, verify=False)[1]
    assert measured == ["once"]
