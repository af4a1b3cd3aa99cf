"""A run's hour: how long a profile's run is meant to take on this machine, and what gives
way when the host is too slow for it.

The standard profile is meant to end within an hour here, in a noisy phase of the host too.
Two things give way, in this order:

- Rounds. Before each suite starts, the runner asks whether the hour still holds if this
  suite and every suite and step after it take their expected time at the profile's rounds,
  at the pace this run has kept so far (its suites' times over their expected ones). If not,
  this suite takes CUT_ROUNDS rounds, and says so in its `rounds` setting. The first suites
  are cut first: the later ones then start with the time the cut saved, and keep the
  profile's rounds when it suffices.
- Re-measurement: after each suite, the runner re-measures its most spread cases
  (runner/all.py: remeasure) within a share of that pass's time, and here no more than what
  is left of the hour once the suites and steps still to run have taken their expected time.

A suite's expected time is the one it took the last time this store saw it end ok in a run
of the same profile and selection, else the one it took in the published run when it was
one (a fresh machine's first full run), else nothing (the hour is only as good as what is
known); a time taken with cut rounds is scaled back to the profile's rounds (ROUND_SHARE).
"""

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from runner.store import Store

# Seconds a run of the profile is meant to take (profiles not named here have no limit).
BUDGETS = {"standard": 3600.0}
# The profile's rounds in every language's suite (python/bench/profiles.py and its peers).
FULL_ROUNDS = {"standard": 9}
# The rounds of a suite cut short of time: six, the fewest with a 95% interval of the median
# (runner/stats.py). Seven or eight would cost more for an interval no narrower: theirs is
# the whole range of the rounds too.
CUT_ROUNDS = 6
# The share of a suite's time that grows with its rounds (the rest: loading and checking the
# fixtures, calibrating, starting processes, writing the payloads): each suite timed on one
# synthetic dataset (order) and one real document (twitter; Mono runs only the synthetic
# ones) with 9 and with 6 rounds, back to back, the saving times 3 over the 9-round time.
# Python 0.59 and 0.71, .NET 0.72 and 0.50, C++ 0.82 and 0.78, Mono 0.99; weighted by time,
# rounded down.
ROUND_SHARE = {"python": 0.6, "dotnet": 0.7, "cpp": 0.8, "mono": 0.9}


def at_rounds(seconds: float, lang: str, rounds: int, full: int) -> float:
    """A suite's `seconds` at the profile's `full` rounds, scaled to `rounds` of them."""
    share = ROUND_SHARE.get(lang, 1.0)
    return seconds * (1.0 - share + share * rounds / full)


def taken_rounds(setting: str | None) -> int | None:
    """The rounds a suite's `rounds` setting says it took; None without one."""
    head = (setting or "").split(" ", 1)[0]
    return int(head) if head.isdigit() else None


def full_seconds(seconds: float, lang: str, profile: str, setting: str | None) -> float:
    """A suite's time as it would have been at the profile's rounds, from the time it took and
    its `rounds` setting (none: it took the profile's)."""
    full, rounds = FULL_ROUNDS.get(profile), taken_rounds(setting)
    if full is None or rounds is None or rounds >= full:
        return seconds
    return seconds / at_rounds(1.0, lang, rounds, full)


@dataclass(frozen=True)
class Schedule:
    deadline: float | None  # time.monotonic() by which the run should end; None: no limit
    # A suite's or step's seconds at the profile's rounds
    expected: Mapping[str, float] = field(default_factory=dict)
    full_rounds: int | None = None  # the profile's rounds, when they may be cut

    def spare(self, rest: Iterable[str], now: float | None = None) -> float | None:
        """Seconds left of the hour once the suites and steps of `rest` have taken their
        expected time (negative: the run is late); None when the profile has no limit."""
        if self.deadline is None:
            return None
        moment = time.monotonic() if now is None else now
        return self.deadline - moment - self.needed(rest)

    def needed(self, names: Iterable[str], pace: float = 1.0) -> float:
        """Seconds the suites and steps `names` are expected to take at the run's `pace`."""
        return pace * sum(self.expected.get(name, 0.0) for name in names)

    def rounds(
        self, lang: str, rest: Sequence[str], pace: float = 1.0, now: float | None = None
    ) -> int | None:
        """The rounds the suite `lang` is to take, then `rest`: None (the profile's) when the
        hour holds if all take their expected time at the run's `pace` (its suites' times over
        their expected ones), else CUT_ROUNDS."""
        if self.deadline is None or self.full_rounds is None or lang not in ROUND_SHARE:
            return None
        if not self.expected.get(lang):
            return None  # nothing known of its time: nothing to cut by
        moment = time.monotonic() if now is None else now
        return None if self.deadline - moment >= self.needed([lang, *rest], pace) else CUT_ROUNDS

    def pace(self, taken: Mapping[str, tuple[float, int | None]]) -> float:
        """This run's pace: the seconds its suites took over what they were expected to take at
        the rounds they took (`taken`: lang -> seconds, rounds or None for the profile's); 1.0
        before any suite with an expected time has ended."""
        expected = 0.0
        for lang, (_, rounds) in taken.items():
            seconds = self.expected.get(lang, 0.0)
            full = self.full_rounds
            expected += seconds if rounds is None or full is None else at_rounds(seconds, lang, rounds, full)
        took = sum(seconds for lang, (seconds, _) in taken.items() if self.expected.get(lang))
        return took / expected if expected > 0 else 1.0


def schedule(
    store: Store,
    profile: str,
    filters: str,
    langs: Sequence[str],
    published: Mapping[str, float],
    start: float,
) -> Schedule:
    """The schedule of a run of `profile` and `filters` begun at `start` (time.monotonic())
    over `langs`; `published`: each suite's and step's seconds at the profile's rounds in the
    published run when that run was of the same profile and filters, else {}."""
    budget = BUDGETS.get(profile)
    if budget is None:
        return Schedule(None)
    expected = {}
    for lang in langs:
        last = store.last_suite_time(lang, profile, filters)
        expected[lang] = full_seconds(last[0], lang, profile, last[1]) if last else published.get(lang, 0.0)
    return Schedule(start + budget, expected, FULL_ROUNDS.get(profile))
