"""The landing page's answer: per language and typical use, the library this run found
fastest, with how much faster it is than the runner-up (the fastest other library) and
than the language's default JSON library (the catalog's `default_json`), each a ratio
with its 95% CI (results.ratio_of). Everything is picked from the snapshot; only the
uses, their filters and the one comparison they are judged on are fixed here.
"""

from collections.abc import Callable
from dataclasses import dataclass

from runner.docs.results import (
    CONDITION_SUFFIXES,
    DASH,
    LANGS,
    RatioCI,
    Result,
    Results,
    by_speed,
    fmt_ratio_ci,
    fmt_spread,
    ratio_of,
)
from schemas.catalog import catalog

# The one comparison every use is judged on: a typical API payload.
DATASET, SIZE = "order", 100


def _schemaless(result: Result) -> bool:
    return bool((result.case.capabilities or {}).get("schemaless")) or result.case.variant == "schemaless"


@dataclass(frozen=True)
class Use:
    name: str
    what: str
    op: str  # the op ranked
    keep: Callable[[Result], bool]
    lazy: bool = False  # ranks lazy work (and sets it against the default's full work)
    default_op: str = ""  # the default library's op, when not `op`

    @property
    def compared_op(self) -> str:
        return self.default_op or self.op


USES = (
    Use(
        "typed JSON API payloads",
        "JSON to and from the library's typed classes (validated where the library validates)",
        "roundtrip",
        lambda r: r.case.format == "json" and not _schemaless(r),
    ),
    Use(
        "schema-less JSON",
        "JSON to and from plain maps and lists",
        "roundtrip",
        lambda r: r.case.format == "json" and _schemaless(r),
    ),
    Use(
        "compact binary",
        "any binary format, full decode",
        "roundtrip",
        lambda r: r.case.format not in ("json", "python"),
    ),
    Use(
        "zero-copy reads",
        "read the named fields of every record in place (lazy), against the default's "
        "full decode and read of the same fields",
        "access_lazy",
        lambda r: True,
        lazy=True,
        default_op="access_full",
    ),
)


@dataclass(frozen=True)
class Answer:
    lang: str
    use: Use
    best: Result
    runner_up: Result | None
    runner_up_ratio: RatioCI | None
    default: Result | None
    default_ratio: RatioCI | None

    def row(self) -> dict[str, str]:
        """The answer as a detail table's row."""
        return {
            "use": self.use.name,
            "best": f"**{self.best.marked_label}** · {self.best.case.format}",
            "median": fmt_spread(self.best.summary),
            "runner_up": _versus(self.runner_up, self.runner_up_ratio),
            "default": "is the default"
            if self.default is self.best
            else _versus(self.default, self.default_ratio),
        }

    def cell(self) -> str:
        """The answer in one cell of the landing page's first table."""
        ratio = self.runner_up_ratio
        versus = (
            f"{fmt_ratio_ci(ratio)} vs {self.runner_up.label}"
            if self.runner_up and ratio
            else ("no other library measured")
        )
        return f"**{self.best.marked_label}** · {self.best.case.format}<br>{versus}"


def _versus(other: Result | None, ratio: RatioCI | None) -> str:
    if other is None or ratio is None:
        return DASH
    tie = " (CI holds 1: a tie)" if ratio.has_ci and ratio.lo <= 1 else ""
    return f"{fmt_ratio_ci(ratio)} {other.label}{tie}"


def _candidates(results: Results, lang: str, op: str) -> list[Result]:
    return [
        r
        for r in results.measured()
        if r.case.lang == lang
        and r.case.op == op
        and r.case.dataset == DATASET
        and r.case.size == SIZE
        and r.timed
        and not r.case.variant.endswith(CONDITION_SUFFIXES)
    ]


def _default(results: Results, lang: str, use: Use) -> Result | None:
    """The language's default JSON library on the use's comparison: its fastest variant
    that fits the use, else its fastest variant."""
    name = catalog.language(lang).default_json
    found = [r for r in _candidates(results, lang, use.compared_op) if r.case.lib == name and not r.lazy]
    fitting = [r for r in found if use.keep(r)]
    return next(iter(by_speed(fitting or found)), None)


def answer(results: Results, lang: str, use: Use) -> Answer | None:
    ranked = by_speed(
        r for r in _candidates(results, lang, use.op) if use.keep(r) and bool(r.lazy) == use.lazy
    )
    if not ranked:
        return None
    best = ranked[0]
    runner_up = next((r for r in ranked if r.case.lib != best.case.lib), None)
    default = _default(results, lang, use)
    return Answer(
        lang,
        use,
        best,
        runner_up,
        ratio_of([runner_up], [best]) if runner_up else None,
        default,
        ratio_of([default], [best]) if default and default is not best else None,
    )


def answers(results: Results) -> list[Answer]:
    found = (answer(results, lang, use) for lang in LANGS for use in USES)
    return [a for a in found if a is not None]


def headline(lang: str) -> str:
    """The chart each language's answer points to: every library on the one comparison."""
    return f"charts/{lang}/{DATASET}-roundtrip-{SIZE}.svg"
