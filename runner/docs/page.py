"""A generated page and its charts: what every page builder returns."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Provenance:
    """Where a chart's numbers come from: every SVG says it in its title and footer."""

    run: str
    profile: str
    machine: str
    commit: str

    def lines(self) -> tuple[str, str]:
        """The run, its profile and commit; then the machine (a chart's two footer lines:
        a full CPU model does not fit beside the rest in one)."""
        return f"serbench run {self.run} · {self.profile} profile · commit {self.commit[:12]}", self.machine

    def line(self) -> str:
        return " · ".join(self.lines())


@dataclass(frozen=True)
class Chart:
    path: str  # relative to the docs folder
    render: Callable[[], str]


@dataclass
class Page:
    path: str
    template: str
    context: dict[str, Any]
    charts: list[Chart] = field(default_factory=list)
