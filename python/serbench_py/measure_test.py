"""Isolation and interleaving of the measurement protocol (serbench_py/measure.py)."""

import gc
import time
from collections.abc import Callable

from serbench_py import measure
from serbench_py.suite import Prepared

_HEAVY_CALL = 100_000  # small containers alive until the call returns: the GC runs during it
_OTHER_OBJECTS = 2_000_000


def _heavy() -> Prepared:
    """A synthetic allocation-heavy case."""
    return Prepared(lambda n: [[i] for i in range(n)], _HEAVY_CALL, {}, False)


def _other() -> Prepared:
    """Another case whose input is many tracked objects."""
    return Prepared(len, [[i] for i in range(_OTHER_OBJECTS)], {}, False)


def _best(build: Callable[[], Prepared] = _heavy, samples: int = 5) -> float:
    return min(min(measure.sample(build, 4, warmup=True).seconds) for _ in range(samples))


def test_a_sample_leaves_none_of_its_objects_behind() -> None:
    """After another case's sample, the process tracks no more objects than before."""
    gc.collect()
    before = len(gc.get_objects())
    measure.sample(_other, 1, warmup=False)
    gc.collect()
    assert len(gc.get_objects()) < before + 1_000


def test_timing_does_not_depend_on_the_case_that_ran_before() -> None:
    alone = _best()
    measure.sample(_other, 1, warmup=False)
    after = _best()
    # Min of five samples on a shared machine: a generous bound. The test above
    # shows, exactly, that nothing of the other case is left to walk.
    assert after < 1.5 * alone, (alone, after)


def test_every_round_has_every_case_once_in_its_own_order() -> None:
    cases = [f"case{i}" for i in range(12)]
    orders = measure.round_orders(cases, 10, 7)
    assert len(orders) == 10
    assert all(sorted(order) == sorted(cases) for order in orders)
    assert len({tuple(order) for order in orders}) == 10  # shuffled per round
    assert orders == measure.round_orders(cases, 10, 7)  # the seed replays them
    assert orders != measure.round_orders(cases, 10, 8)


def test_gc_off_cases_run_with_the_collector_disabled() -> None:
    seen: list[bool] = []

    def build() -> Prepared:
        return Prepared(lambda _: seen.append(gc.isenabled()), None, {}, True)

    taken = measure.sample(build, 3, warmup=True)
    assert seen == [False] * 4 and gc.isenabled() and len(taken.seconds) == 1


def test_calibration_reaches_the_minimum_time() -> None:
    found = measure.calibrate(_heavy, 0.02, traced_below=1.0)
    assert found.loops * found.per_call >= 0.02 or found.loops == measure.MAX_LOOPS
    assert found.peak_heap_bytes is not None and found.peak_heap_bytes > _HEAVY_CALL * 8


def test_samples_count_this_process_cpu_time_and_child_work_the_wall_clock() -> None:
    def sleeper() -> Prepared:
        # Sleeping costs no CPU: a CPU-timed sample of it is near zero.
        return Prepared(lambda _: time.sleep(0.01), None, {}, False)

    assert max(measure.sample(sleeper, 2, warmup=False).seconds) < 0.002
    in_child = Prepared(len, (), {}, False, in_child=True)
    assert measure.clock(in_child) is time.perf_counter_ns


def test_a_self_timed_case_is_the_time_its_calls_report_and_gets_no_tracing_pass() -> None:
    def child(_: object) -> int:
        time.sleep(0.001)  # no CPU in this process: the sample is what the call reports
        return 3_000_000

    def reporting() -> Prepared:
        return Prepared(child, None, {}, False, self_timed=True)

    taken = measure.sample(reporting, 2, warmup=False)
    assert taken.seconds == (0.003,)
    found = measure.calibrate(reporting, 0.005, traced_below=1.0)
    assert found.loops == 2 and found.peak_heap_bytes is None


def test_every_case_of_a_comparison_gets_the_same_loops_per_sample() -> None:
    per_call = {
        "dataset=user/size=1/op=encode/format=json/lib=a": 0.0001,
        "dataset=user/size=1/op=encode/format=json/lib=b": 0.0019,
        "dataset=user/size=1000/op=encode/format=json/lib=a": 0.0005,
        "dataset=user/size=1000/op=encode/format=json/lib=b": 0.05,  # one slow call: all one loop
        "dataset=user/size=1000/op=decode/format=json/lib=a": 0.0005,
    }
    found = measure.repeats(per_call, 3, 0.002)
    assert [found[case] for case in per_call] == [3, 3, 1, 1, 3]


def test_a_stretched_loop_lasts_at_least_its_minimum_time() -> None:
    assert measure.stretched(1, 0.005, 0.02) == 4
    assert measure.stretched(1, 0.003, 0.02) == 7  # 21 ms: never under the minimum
    assert measure.stretched(8, 0.005, 0.02) == 8  # the calibration's loops already last longer
    assert measure.stretched(2, 0.05, 0.0) == 2  # no minimum: the calibration's loops


def test_after_settle_the_collector_walks_only_what_came_later() -> None:
    """What the worker held when it settled is frozen: timings do not depend on it."""
    held = [[i] for i in range(_OTHER_OBJECTS)]  # e.g. a large library's import
    try:
        measure.settle()
        assert gc.get_freeze_count() >= _OTHER_OBJECTS
        # gc.get_objects() lists what a collection walks: the held objects are not in it.
        assert len(gc.get_objects()) < _OTHER_OBJECTS // 10
    finally:
        gc.unfreeze()
        del held
