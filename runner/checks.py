"""The self-checks every run gets (issue 14), each a flag stored with the case it concerns.

- `roundtrip_mismatch`: a round trip is an encode then a decode, so its median should lie
  within what encode + decode allow: flagged when the round trip's 95% CI and the CI of the
  sum ([lo_e + lo_d, hi_e + hi_d]) do not overlap. Judged only when all three have a CI.
- `scaling`: time per record from size 100 to 1,000 outside 0.5x-2x (flagged on the
  1,000-record case, with both per-record times).
- `unstable`: max/min over the case's samples above 1.3 (after the one re-measure the runner
  gives such a case, when it could).
- `remeasured`: the runner re-ran the case once because of its spread and kept the new samples
  (made by runner/ingest/load.py when it stores a re-measurement; the others are computed here).
"""

import dataclasses
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from runner.caseid import CaseIdentity
from runner.stats import Summary, format_ns, median_ci

FLAGS = ("roundtrip_mismatch", "scaling", "unstable", "remeasured")
SPREAD_LIMIT = 1.3  # max/min above this: re-measured once, then unstable
SCALING_RANGE = (0.5, 2.0)  # time per record at 1,000 records / at 100
SCALING_SIZES = (100, 1000)

Samples = Mapping[CaseIdentity, Sequence[float]]


@dataclass(frozen=True)
class Flag:
    identity: CaseIdentity
    flag: str  # one of FLAGS
    detail: str


def spread(values: Sequence[float]) -> float:
    """max/min of the samples; 1.0 for fewer than two, inf when one is not positive."""
    if len(values) < 2:
        return 1.0
    low = min(values)
    return max(values) / low if low > 0 else math.inf


def spread_cases(samples: Samples) -> list[CaseIdentity]:
    """The cases whose samples spread more than SPREAD_LIMIT (max/min): re-measure these."""
    return sorted(i for i, values in samples.items() if spread(values) > SPREAD_LIMIT)


def _interval(summary: Summary) -> str:
    return f"{format_ns(summary.median)} [{format_ns(summary.ci_low)}, {format_ns(summary.ci_high)}]"


def roundtrip_flags(samples: Samples) -> list[Flag]:
    flags = []
    for identity in sorted(i for i in samples if i.op == "roundtrip"):
        parts = [samples.get(dataclasses.replace(identity, op=op)) for op in ("encode", "decode")]
        if parts[0] is None or parts[1] is None:
            continue
        trip, encode, decode = (median_ci(v) for v in (samples[identity], parts[0], parts[1]))
        bounds = (trip.ci_low, encode.ci_low, decode.ci_low)
        if any(math.isnan(b) for b in bounds):
            continue  # too few samples for a CI: nothing to judge with
        low, high = encode.ci_low + decode.ci_low, encode.ci_high + decode.ci_high
        if trip.ci_high < low or trip.ci_low > high:
            both = Summary(0, encode.median + decode.median, low, high)
            detail = f"roundtrip {_interval(trip)} vs encode + decode {_interval(both)}"
            flags.append(Flag(identity, "roundtrip_mismatch", detail))
    return flags


def scaling_flags(samples: Samples) -> list[Flag]:
    small, large = SCALING_SIZES
    medians = {i: median_ci(v).median for i, v in samples.items() if i.size in SCALING_SIZES}
    flags = []
    for identity in sorted(i for i in medians if i.size == large):
        before = medians.get(dataclasses.replace(identity, size=small))
        if before is None or before <= 0:
            continue
        per_small, per_large = before / small, medians[identity] / large
        ratio = per_large / per_small
        if not SCALING_RANGE[0] <= ratio <= SCALING_RANGE[1]:
            detail = (
                f"time per record x{ratio:.2f} from size {small:,} to {large:,} "
                f"({format_ns(per_small)} -> {format_ns(per_large)}; expected 0.5x-2x)"
            )
            flags.append(Flag(identity, "scaling", detail))
    return flags


def unstable_flags(samples: Samples, remeasured: Collection[CaseIdentity]) -> list[Flag]:
    flags = []
    for identity in spread_cases(samples):
        again = "after one re-measure" if identity in remeasured else "not re-measured"
        detail = f"max/min {spread(samples[identity]):.2f} over {len(samples[identity])} samples, {again}"
        flags.append(Flag(identity, "unstable", detail))
    return flags


def remeasured_flag(identity: CaseIdentity, before: Sequence[float], after: Sequence[float]) -> Flag:
    detail = (
        f"max/min {spread(before):.2f} over {len(before)} samples; "
        f"re-measured once: {spread(after):.2f} over {len(after)} samples (kept)"
    )
    return Flag(identity, "remeasured", detail)


def self_checks(samples: Samples, remeasured: Iterable[CaseIdentity]) -> list[Flag]:
    """Every computed flag of a run's cases (all but `remeasured`, which records an event)."""
    return roundtrip_flags(samples) + scaling_flags(samples) + unstable_flags(samples, set(remeasured))
