"""Where each language's time goes in `runner mine`, printed after its suite ends: what
comes before the first sample (the process starting, the document loaded, every library's
round-trip check, calibration and warm-up), the samples (the rounds, the only part that
measures), and what comes after the last (writing the results, the process ending, the
runner storing them). Read from the suite's own output as it streams, by the clock."""

import time
from dataclasses import dataclass, field

from runner.progress import clock


@dataclass
class Phases:
    lang: str
    started: float = field(default_factory=time.monotonic)
    first_line: float | None = None
    first_sample: float | None = None
    last_sample: float | None = None
    samples: int = 0

    def listen(self, line: str, progress: bool) -> None:
        """Takes one line of the suite's output; progress: it reported a sample."""
        now = time.monotonic()
        if self.first_line is None:
            self.first_line = now
        if progress:
            self.first_sample = self.first_sample or now
            self.last_sample = now
            self.samples += 1

    def line(self, ended: float) -> str:
        """One line: the total and its parts, each part's share."""
        total = ended - self.started
        if self.first_sample is None or self.last_sample is None:
            return f"runner mine: {self.lang}: {clock(total)}, no sample taken"
        parts = [
            ("before the first sample", self.first_sample - self.started),
            (f"{self.samples} samples", self.last_sample - self.first_sample),
            ("after the last", ended - self.last_sample),
        ]
        shown = ", ".join(f"{name} {clock(seconds)} ({seconds / total:.0%})" for name, seconds in parts)
        first = ""
        if self.first_line is not None:
            first = f"; first output after {self.first_line - self.started:.1f} s"
        return f"runner mine: {self.lang}: {clock(total)}: {shown}{first}"
