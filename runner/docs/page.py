"""A generated page and its charts: what every page builder returns."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


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
