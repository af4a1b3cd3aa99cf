"""The .NET steady-state check's latest report, as the methodology page shows it: ten cases
timed by the standard profile and by stock BenchmarkDotNet (its default job, a process of its
own per case), interleaved. `bazel run //dotnet/stock -- --out DIR --publish` writes it
(dotnet/stock/StockReport.cs) beside the published snapshot, results/published/dotnet-stock.json,
so running the check again and regenerating the docs updates the page without publishing a run.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runner.docs.results import DASH, fmt_time, significant
from runner.repeatability import read

NAME = "dotnet-stock.json"
FORMAT = "serbench-dotnet-stock"
VERSION = 1


@dataclass(frozen=True)
class Case:
    """One case's row: each side's median over the blocks and the paired ratio, formatted."""

    case: str
    standard: str
    stock: str
    ratio: str
    paired: str
    verdict: str
    within: bool  # the ratio of the medians within the tolerance


@dataclass(frozen=True)
class Report:
    finished: str
    blocks: int
    tolerance: str
    machine: str
    load: str
    cases: list[Case]

    @property
    def within(self) -> int:
        return sum(c.within for c in self.cases)

    @property
    def apart(self) -> list[Case]:
        """The cases whose medians lie beyond the tolerance."""
        return [c for c in self.cases if not c.within]


def load(folder: Path) -> Report | None:
    """The report in folder (the published snapshot's), None when there is none."""
    return read(folder / NAME, parse, "a .NET steady-state report")


def parse(report: dict[str, Any]) -> Report:
    if report["format"] != FORMAT or report["version"] != VERSION:
        raise ValueError(f"format {report['format']!r} version {report['version']!r}, not {FORMAT} {VERSION}")
    tolerance = float(report["tolerance"])
    machine = report["machine"]
    return Report(
        finished=str(report["finished"]),
        blocks=int(report["blocks"]),
        tolerance=f"{tolerance:.0%}",
        machine=f"{machine['cpu']}, {machine['cores']} cores, {machine['runtime']}",
        load="; ".join(f"{b['before']} before, {b['after']} after" for b in report["load"]),
        cases=[_case(c, tolerance) for c in report["cases"]],
    )


def _case(found: dict[str, Any], tolerance: float) -> Case:
    standard, stock = found["standard_ns"], found["stock_ns"]
    ratio = standard / stock if standard is not None and stock else None
    ci = found["paired_ci"]
    return Case(
        case=str(found["case"]),
        standard=fmt_time(standard),
        stock=fmt_time(stock),
        ratio=DASH if ratio is None else f"{ratio:.2f}",
        paired=DASH if ci is None else f"{ci[0]:.2f} [{significant(ci[1])}, {significant(ci[2])}]",
        verdict=str(found["verdict"]),
        within=ratio is not None and abs(ratio - 1) <= tolerance,
    )
