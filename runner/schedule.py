"""A run's hour: how long a profile's run is meant to take on this machine, and what
re-measurement, the one part of a run that can give way, may still spend of it.

The standard profile is meant to end within an hour here, in a noisy phase of the host too.
The suites' first passes take what they take; after each, the runner re-measures its most
spread cases (runner/all.py: remeasure) within a share of that pass's time, and here no more
than what is left of the hour once the suites and steps still to run have taken their
expected time: the one they took the last time this store saw them end ok in a run of the
same profile and selection, else the one they took in the published run when it was one (a
fresh machine's first full run), else nothing (the hour is only as good as what is known).
"""

import gzip
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from runner.store import Store

# Seconds a run of the profile is meant to take (profiles not named here have no limit).
BUDGETS = {"standard": 3600.0}


@dataclass(frozen=True)
class Schedule:
    deadline: float | None  # time.monotonic() by which the run should end; None: no limit
    expected: Mapping[str, float] = field(default_factory=dict)  # a suite's or step's seconds

    def spare(self, rest: Iterable[str], now: float | None = None) -> float | None:
        """Seconds left of the hour once the suites and steps of `rest` have taken their
        expected time (negative: the run is late); None when the profile has no limit."""
        if self.deadline is None:
            return None
        moment = time.monotonic() if now is None else now
        return self.deadline - moment - sum(self.expected.get(lang, 0.0) for lang in rest)


def schedule(
    store: Store, profile: str, filters: str, langs: Sequence[str], published: Path, start: float
) -> Schedule:
    """The schedule of a run of `profile` begun at `start` (time.monotonic()) over `langs`."""
    budget = BUDGETS.get(profile)
    if budget is None:
        return Schedule(None)
    before = published_seconds(published, profile, filters)
    expected = {
        lang: store.last_duration(lang, profile, filters, exact=True) or before.get(lang, 0.0)
        for lang in langs
    }
    return Schedule(start + budget, expected)


def published_seconds(path: Path, profile: str, filters: str) -> dict[str, float]:
    """Each suite's and step's seconds in the published run (the snapshot's first line) when
    that run was of `profile` and `filters` (its selection); {} without a readable snapshot."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            header = json.loads(lines.readline())
    except (OSError, EOFError, ValueError):  # missing, not gzip, cut short, not JSON
        return {}
    run = header.get("run", {})
    if (run.get("profile"), run.get("filters")) != (profile, filters):
        return {}
    return {s["lang"]: float(s["seconds"]) for s in header.get("suites", []) if s.get("seconds") is not None}
