"""How one sample of a case is taken, and the order of the rounds.

A sample is `repeat` calibrated loops of a case's timed call `func(arg)`, a pass over
the round apart (bench/rounds.py; the runner keeps the fastest loop as the round's value:
runner.ingest.native's fastest_per_round; one loop for a comparison with a slow call:
`repeats`), each timed by
the worker thread's CPU time (CLOCK_THREAD_CPUTIME_ID, the clock of every
suite; GC pauses included, the cyclic GC running on this thread): on a shared
2-core machine the wall clock also
counts the milliseconds other processes run while the loop is preempted, which
made 5 ms samples spread up to 5x. A case whose work runs in a child process
(`in_child`: the import cases) is timed by the wall clock; a `self_timed` case's calls
return the CPU time their work took in the child that ran it (the gc cases). The case's
input is built afresh for every loop and dropped after it (a short call's, with
a warmup call before its loop, is built once in its worker and kept frozen:
bench/worker.py), and a full collection runs just before the clock starts, so
the timing never pays for another case's objects: at its start the collector
sees the interpreter, the imported libraries, the library's codec and this
case's input only (a kept input frozen), and the cyclic GC's generations are
empty. What the worker held once its cases were
checked (interpreter, library, codec, payloads) is frozen (`settle`), so the
collector, before the clock or during a timed loop, walks only the objects
the case made. A `gc_off` case runs its loop with the collector disabled.

Rounds: in round r every case of a group gets one sample, in an order shuffled
per round from a recorded seed, so a burst of noise hits every library alike.
"""

import gc
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from serbench_py.suite import Prepared, peak_heap_bytes

MAX_LOOPS = 2**20


@dataclass(frozen=True)
class Sample:
    seconds: tuple[float, ...]  # per call, over each of the round's calibrated loops
    warmup: float | None  # the one untimed-for-the-result call before them, if any


def clock(prepared: Prepared) -> Callable[[], int]:
    """The clock a case is timed by, in ns."""
    return time.perf_counter_ns if prepared.in_child else time.thread_time_ns


def _loop(prepared: Prepared, loops: int) -> float:
    """Seconds per call of `loops` calls, the GC disabled only for a gc_off case."""
    func, arg, now = prepared.func, prepared.arg, clock(prepared)
    if prepared.self_timed:
        return _self_timed(func, arg, loops)
    if prepared.gc_off:
        gc.disable()
    try:
        start = now()
        for _ in range(loops):
            func(arg)
        elapsed = now() - start
    finally:
        gc.enable()
    return elapsed / loops / 1e9


def _self_timed(func: Callable[[Any], object], arg: Any, loops: int) -> float:
    """Seconds per call of a case whose calls return the ns their work took (in a child)."""
    total = 0
    for _ in range(loops):
        reported = func(arg)
        if not isinstance(reported, int):
            raise TypeError(f"a self-timed call returned {reported!r}, not its ns")
        total += reported
    return total / loops / 1e9


def settle() -> None:
    """Moves every object the worker holds now into the collector's permanent generation
    (gc.freeze): after its cases are checked, before anything is timed, and after it builds
    an input it keeps (bench/worker.py). Unfrozen,
    every full collection walked the 24-40 thousand objects of the interpreter and the
    imported library (2.6-9 ms by library): the one before each loop (about half of the
    suite's time), and any that fell inside a timed loop, so a library's import size weighed
    on its timings (msgspec's encode of 1,000 orders: 0.8-1.3 ms per round unfrozen,
    0.63-0.66 ms frozen). `--profile standard
    --library msgspec --dataset order`: 32.6 s -> 19.9 s, and two runs agreed within +-5% on
    69% of its 105 cases against 46%."""
    gc.collect()
    gc.freeze()


def sample(build: Callable[[], Prepared], loops: int, warmup: bool) -> Sample:
    """Builds the case, times one loop of it (after a warm-up call, if asked), and drops
    everything it built (the next loop's collection then frees any cycles it left). A
    round's sample is `repeat` of these, a pass over the round apart (bench/rounds.py)."""
    prepared = build()
    first = _loop(prepared, 1) if warmup else None
    gc.collect()  # every generation empty when the clock starts
    seconds = _loop(prepared, loops)
    del prepared
    return Sample((seconds,), first)


def comparison(case_id: str) -> str:
    """The comparison a case belongs to: its id's dataset, size and op."""
    return "/".join(case_id.split("/")[:3])


def repeats(per_call: Mapping[str, float], repeat: int, below: float) -> dict[str, int]:
    """Loops per sample of each case (id -> seconds per call): every case of one comparison
    gets `repeat` when all its libraries' calls are under `below`, else one, so keeping the
    fastest loop never favours one library over another (a single loop's median sits above
    the fastest of three's, so mixing the two would skew the comparison)."""
    slow = {comparison(case_id) for case_id, seconds in per_call.items() if seconds >= below}
    return {case_id: 1 if comparison(case_id) in slow else repeat for case_id in per_call}


def stretched(loops: int, per_call: float, min_time: float) -> int:
    """The calls of a loop that must last at least `min_time` seconds: the calibration's
    `loops`, or as many calls of `per_call` seconds as fill `min_time`, whichever is more."""
    return max(loops, math.ceil(min_time / per_call)) if per_call > 0 else loops


@dataclass(frozen=True)
class Calibration:
    loops: int  # calls per sample
    per_call: float  # seconds one call took in the calibration's last loop
    peak_heap_bytes: int | None  # None: the call is too slow for the tracing pass


def calibrate(build: Callable[[], Prepared], min_time: float, traced_below: float) -> Calibration:
    """Loops per sample, doubled until one sample takes at least `min_time` (pyperf's
    rule); the calls are also the warmup. Then the allocation pass (tracemalloc,
    never while timed) for a call faster than `traced_below` seconds."""
    prepared = build()
    loops = 1
    while True:
        gc.collect()
        per_call = _loop(prepared, loops)
        if per_call * loops >= min_time or loops >= MAX_LOOPS:
            break
        loops *= 2
    heap = None
    if per_call < traced_below and not prepared.self_timed:  # its work is not in this process
        heap = peak_heap_bytes(prepared.func, prepared.arg)
    del prepared
    return Calibration(loops, per_call, heap)


def round_orders(cases: Sequence[str], rounds: int, seed: int | str) -> list[list[str]]:
    """Per round, every case once, in an order shuffled from (seed, round)."""
    orders = []
    for index in range(rounds):
        order = list(cases)
        random.Random(f"{seed}/{index}").shuffle(order)
        orders.append(order)
    return orders


# Calibration workloads, measured at the start and end of a run (python-calibration.json).
MIB = 1 << 20
LCG_ITERATIONS = 10**5  # Python runs the contract's loop at 10^5 iterations, not 10^6
_MASK = (1 << 64) - 1


def memcpy_1mib(source: bytearray) -> bytes:
    """Copies 1 MiB once."""
    return bytes(source)


def cpu_loop() -> int:
    """A fixed integer loop: LCG_ITERATIONS steps of x = x*6364136223846793005+1442695040888963407
    mod 2^64."""
    x = 1
    for _ in range(LCG_ITERATIONS):
        x = (x * 6364136223846793005 + 1442695040888963407) & _MASK
    return x


def median_ns(func: Callable[[], object], calls: int, samples: int) -> float:
    """The median over `samples` of the ns per call of `calls` calls."""
    values = []
    for _ in range(samples):
        start = time.perf_counter_ns()
        for _ in range(calls):
            func()
        values.append((time.perf_counter_ns() - start) / calls)
    return statistics.median(values)


def calibration_samples(when: str, samples: int = 15) -> list[dict[str, object]]:
    """The two calibration workloads' medians, as python-calibration.json rows."""
    source = bytearray(MIB)
    return [
        {
            "when": when,
            "workload": "memcpy_1mib",
            "ns": median_ns(lambda: memcpy_1mib(source), 20, samples),
            "n": samples,
        },
        {"when": when, "workload": "cpu_loop", "ns": median_ns(cpu_loop, 1, samples), "n": samples},
    ]
