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

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

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
    store: Store,
    profile: str,
    filters: str,
    langs: Sequence[str],
    published: Mapping[str, float],
    start: float,
) -> Schedule:
    """The schedule of a run of `profile` and `filters` begun at `start` (time.monotonic())
    over `langs`; `published`: each suite's and step's seconds in the published run when that
    run was of the same profile and filters, else {}."""
    budget = BUDGETS.get(profile)
    if budget is None:
        return Schedule(None)
    expected = {
        lang: store.last_duration(lang, profile, filters, exact=True) or published.get(lang, 0.0)
        for lang in langs
    }
    return Schedule(start + budget, expected)
