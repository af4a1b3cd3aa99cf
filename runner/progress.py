"""The runner's progress display, fed by the suites' `progress:` lines.

Suites print `progress: <done>/<total> <case id>` as each case finishes (total 0
when unknown). The estimate of time left starts from how long the same suite took
in the last completed run (same profile, and same filters when such a run exists)
and moves to the ratio done/total as cases finish: early ratios swing wildly (a
resumed .NET suite once said 2:54:14, then 1:28:12, then 59:25), last time's
duration does not.

A suite that measures in several worker processes one after another (C++: one per dataset)
prints each worker's own counts, so a count that falls back means a new worker: the counts of
the finished ones are kept and added. The total then grows as workers start, so while it is
incomplete the estimate leans on last time's duration, when there is one. Without one, no
estimate is shown before RATIO_FROM of the cases are done: a first count that follows a
minute of checks would predict hours for minutes of work. A re-measurement's expected
duration is the first pass's time per sample times its samples.
"""

import re
import sys
import time
from dataclasses import dataclass, field

# What follows the counts names the case (a case id, or e.g. "python msgspec json" for the
# robustness driver).
_PROGRESS = re.compile(r"\bprogress: (\d+)/(\d+)(?: (.+))?")
RATIO_FROM = 0.02  # share of the cases done before the ratio alone gives an estimate


def clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass
class SuiteProgress:
    lang: str
    position: str  # e.g. "2/3": which suite of the run this is
    expected_seconds: float | None = None  # the suite's duration last time, if known
    started: float = field(default_factory=time.monotonic)
    done: int = 0
    total: int = 0
    last_case: str = ""
    earlier_done: int = 0  # the finished workers' counts (see the module doc)
    earlier_total: int = 0

    def feed(self, line: str) -> bool:
        """Takes one line of suite output; True if it was a progress line (now shown)."""
        match = _PROGRESS.search(line)
        if match is None:
            return False
        done, total = int(match[1]), int(match[2])
        if done < self.done - self.earlier_done:  # a new worker's first count
            self.earlier_done, self.earlier_total = self.done, self.total
        self.done, self.total = self.earlier_done + done, self.earlier_total + total
        self.last_case = (match[3] or "").strip()
        print(self.render(time.monotonic()), file=sys.stderr, flush=True)
        return True

    def seconds_left(self, now: float) -> float | None:
        elapsed = now - self.started
        expected = self.expected_seconds
        last_time = None if expected is None else max(expected - elapsed, 0.0)
        if not (self.done and self.total >= self.done):
            return last_time
        by_ratio = elapsed / self.done * (self.total - self.done)
        if expected is None or last_time is None:
            return by_ratio if self.done >= RATIO_FROM * self.total else None
        # The share of cases done is how far the ratio is trusted over last time's duration;
        # with later workers still to come, the share of last time's duration elapsed.
        complete = not self.earlier_total
        weight = self.done / self.total if complete else min(elapsed / max(expected, 1.0), 1.0)
        return (1 - weight) * last_time + weight * by_ratio

    def render(self, now: float) -> str:
        cases = f"{self.done}/{self.total}" if self.total else f"{self.done}"
        left = self.seconds_left(now)
        estimate = f", ~{clock(left)} left" if left is not None else ""
        return (
            f"runner: [{self.position} {self.lang}] {cases} cases, {clock(now - self.started)} elapsed"
            f"{estimate}  {self.last_case}"
        ).rstrip()
