"""The landing page's answer: per language and typical use, which library to use, judged
across the data, with ties called ties.

A use is defined by what the user's program gets (Use.what, printed under the table), and
a library entry (lib, variant, format) qualifies only if it delivers it: typed JSON must be
the fixture's tree of objects keyed by field name (the runner's check of every JSON payload,
runner/ingest/json_shape.py); lazy work is ranked only against lazy work.

A verdict is judged on every synthetic dataset at VERDICT_SIZES records (the comparisons).
Entries are ranked by the geometric mean of their time relative to the fastest entry of
each comparison; an entry measured on only part of the comparisons is not ranked. The lead
of the best library over another is the geometric mean of their paired ratios over the
comparisons, with its 95% CI (runner.stats.geometric_mean_ratio). A library is the answer
only when that CI's lower end lies above 1 by more than the language's run-to-run noise
(the repeatability report's `ratio_moved_95`, pooled over its latest pairs: how far the
ratio of two libraries' times on one comparison moves from run to run; `time_moved_95`,
the times' own, in reports before it); otherwise every library within the noise is named
as a tie. A lead must also hold across the data, not only on average: when another library
is faster beyond the noise on any comparison (its paired ratio's CI), the answer depends
on the data, and names the leader and every such library with where each is faster.
"""

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from runner import stats
from runner.compare import MIN_EFFECT
from runner.docs.results import (
    CONDITION_SUFFIXES,
    DASH,
    FORMAT_NAMES,
    LANG_NAMES,
    LANGS,
    SYNTHETIC,
    RatioCI,
    Result,
    Results,
    fmt_ratio,
    fmt_ratio_ci,
    listed,
    ratio_of,
)
from runner.ingest.json_shape import KEYED_METRIC
from schemas.catalog import catalog

VERDICT_SIZES = (100, 1000)
# The chart each language's answer shows: one of the comparisons, a typical API payload.
DATASET, SIZE = "order", 100
ACROSS = "geometric mean of paired ratios"
# Snapshots from before the runner checked JSON shapes: the entries known to write another
# shape, with what they write. A snapshot that carries KEYED_METRIC is never looked up here.
SHAPE_FALLBACK: dict[tuple[str, str, str], str] = {
    ("python", "msgspec", "struct_array"): "each record as a positional array (array_like=True)",
}

Entry = tuple[str, str, str]  # (lib, variant, format) within one language
Side = tuple[str, bool]  # (op, lazy)
LAZY_READ = "access_lazy"


def entry_of(result: Result) -> Entry:
    return (result.case.lib, result.case.variant or "", result.case.format)


def _schemaless(result: Result) -> bool:
    return bool((result.case.capabilities or {}).get("schemaless")) or result.case.variant == "schemaless"


class Shapes:
    """Which JSON entries write the fixture's keyed tree, from their encode payloads'
    KEYED_METRIC (or SHAPE_FALLBACK for a snapshot without it)."""

    def __init__(self, results: Results) -> None:
        # (lang, entry) -> dataset -> whether every payload of it was keyed
        self.checked: dict[tuple[str, Entry], dict[str, bool]] = {}
        for r in results.measured():
            if r.case.op == "encode" and KEYED_METRIC in r.case.metrics:
                found = self.checked.setdefault((r.case.lang, entry_of(r)), {})
                found[r.case.dataset] = found.get(r.case.dataset, True) and bool(r.case.metrics[KEYED_METRIC])

    def other_shape(self, lang: str, entry: Entry) -> str | None:
        """Why the entry's JSON is not the keyed tree; None when it is."""
        if not self.checked:
            return SHAPE_FALLBACK.get((lang, entry[0], entry[1]))
        found = self.checked.get((lang, entry))
        if found is None:
            return "its JSON shape was not checked (no payload)"
        other = sorted(dataset for dataset, keyed in found.items() if not keyed)
        return f"not the fixture's tree of objects keyed by field name on {listed(other)}" if other else None


@dataclass(frozen=True)
class Use:
    name: str
    what: str  # the definition printed under the table
    op: str  # the op a verdict is judged on
    keep: Callable[[Result], bool]
    lazy: bool = False  # ranks lazy work, and sets it against the best full read
    keyed: bool = False  # JSON must be the fixture's keyed tree


USES = (
    Use(
        "typed JSON API payloads",
        "JSON objects keyed by field name (the payload an API client reads: checked against "
        "the fixture's tree) to and from the library's typed classes, validated where the "
        "library validates",
        "roundtrip",
        lambda r: r.case.format == "json" and not _schemaless(r),
        keyed=True,
    ),
    Use(
        "schema-less JSON",
        "JSON to and from the language's generic tree (maps, lists, strings, numbers)",
        "roundtrip",
        lambda r: r.case.format == "json" and _schemaless(r),
    ),
    Use(
        "compact binary",
        "any binary format, to and from fully built objects",
        "roundtrip",
        lambda r: r.case.format not in ("json", "python"),
    ),
    Use(
        "zero-copy reads",
        "the named fields of every record read in place from the bytes (lazy), set against "
        "the runner-up lazy read and the best full decode-and-read of the same fields "
        "(op `access_full`)",
        LAZY_READ,
        lambda r: True,
        lazy=True,
    ),
)


class Comparisons:
    """One language's results on a set of comparisons (by default the verdict's):
    (dataset, size) -> entry -> result, per op, full work and lazy work apart."""

    def __init__(self, found: Iterable[Result], lang: str) -> None:
        self.lang = lang
        self.by_op = _by_op(found)

    @classmethod
    def verdict(cls, results: Results, lang: str) -> "Comparisons":
        """The language's results on every synthetic dataset at VERDICT_SIZES."""
        chosen = [
            r
            for r in results.measured()
            if r.case.lang == lang and r.case.dataset in SYNTHETIC and r.case.size in VERDICT_SIZES
        ]
        return cls(chosen, lang)

    def of(self, op: str, lazy: bool = False) -> dict[tuple[str, int], dict[Entry, Result]]:
        return self.by_op.get((op, lazy), {})

    def paired(
        self, slow: Entry, fast: Entry, slow_side: Side, fast_side: Side
    ) -> dict[tuple[str, int], RatioCI]:
        """slow's time over fast's, each on its side's op, on each comparison both have."""
        slow_at, fast_at = self.of(*slow_side), self.of(*fast_side)
        return {
            key: ratio_of([slow_at[key][slow]], [fast_at[key][fast]])
            for key in sorted(slow_at.keys() & fast_at.keys())
            if slow in slow_at[key] and fast in fast_at[key]
        }

    def lead(self, slow: Entry, fast: Entry, slow_side: Side, fast_side: Side) -> RatioCI | None:
        """slow's time over fast's across the comparisons both have; None when they share none."""
        ratios = self.paired(slow, fast, slow_side, fast_side).values()
        return across([stats.RatioCI(r.ratio, r.lo, r.hi, r.n) for r in ratios])


def _by_op(found: Iterable[Result]) -> dict[tuple[str, bool], dict[tuple[str, int], dict[Entry, Result]]]:
    """(op, lazy) -> (dataset, size) -> entry -> result, timed work only: a measurement
    condition (the GC-off twins) is no way to use a library."""
    by_op: dict[tuple[str, bool], dict[tuple[str, int], dict[Entry, Result]]] = {}
    for r in found:
        c = r.case
        if r.timed and not (c.variant or "").endswith(CONDITION_SUFFIXES):
            by_op.setdefault((c.op, bool(r.lazy)), {}).setdefault((c.dataset, c.size), {})[entry_of(r)] = r
    return by_op


def across(ratios: Sequence[stats.RatioCI]) -> RatioCI | None:
    if not ratios:
        return None
    found = stats.geometric_mean_ratio(ratios)
    return RatioCI(found.ratio, found.lo, found.hi, found.n, ACROSS)


def rank(table: Mapping[tuple[str, int], Mapping[Entry, Result]], entries: Iterable[Entry]) -> list[Entry]:
    """entries fastest first: by the geometric mean of their time relative to each
    comparison's fastest of them."""
    chosen = list(entries)

    def score(entry: Entry) -> float:
        logs = [math.log(at[entry].time / min(at[e].time for e in chosen)) for at in table.values()]
        return math.exp(sum(logs) / len(logs))

    return sorted(chosen, key=lambda e: (score(e), e))


@dataclass(frozen=True)
class Verdict:
    lang: str
    use: Use
    noise: float  # the language's run-to-run noise, a share
    labels: dict[Entry, str]  # every ranked entry -> its label
    ranked: list[Entry]  # one entry per library, fastest first
    leads: dict[Entry, RatioCI | None]  # each other library's time over the best's
    # each other library -> the comparisons on which it is faster than the best beyond the noise
    beaten: dict[Entry, list[tuple[str, int]]]
    wins: int  # comparisons whose fastest entry is the best library's
    comparisons: int
    behind: float  # the best entry's largest multiple of a comparison's fastest (1: won all)
    ops: dict[str, RatioCI | None] = field(default_factory=dict)  # runner-up lead per op
    default: tuple[str, RatioCI | None] | None = None
    full_read: tuple[str, RatioCI | None] | None = None
    left_out: list[str] = field(default_factory=list)  # entries not ranked, with why

    @property
    def best(self) -> Entry:
        return self.ranked[0]

    @cached_property
    def tied(self) -> list[Entry]:
        """The best library and every other within the noise: its lead's CI reaches down
        to 1 + noise (or has no CI)."""
        return [self.best] + [e for e in self.ranked[1:] if not self.decisive(self.leads.get(e))]

    def decisive(self, lead: RatioCI | None) -> bool:
        return lead is not None and lead.has_ci and lead.lo > 1 + self.noise

    @property
    def splits(self) -> list[Entry]:
        """The libraries faster than the best beyond the noise on some comparison, in rank order."""
        return [e for e in self.ranked[1:] if self.beaten.get(e)]

    @property
    def named(self) -> list[Entry]:
        """What the answer names: the best alone, or with every library tied with it or
        faster than it somewhere."""
        return [self.best] + [e for e in self.ranked[1:] if e in self.tied or e in self.splits]

    @property
    def kind(self) -> str:
        """How the answer reads before its names: "" (one library), "tie: " or "depends on the data: "."""
        if self.splits:
            return "depends on the data: "
        return "tie: " if len(self.named) > 1 else ""

    def _named(self, entries: Sequence[Entry]) -> str:
        return listed([f"**{self.labels[e]}**" for e in entries])

    def _noise_text(self) -> str:
        return f"{LANG_NAMES[self.lang]}'s run-to-run noise ({self.noise:.1%})"

    def _runner_up(self) -> str:
        if len(self.ranked) < 2:
            return "no other library measured on every comparison"
        other = self.ranked[1]
        return f"{_ratio(self.leads[other])} vs {self.labels[other]}"

    def cell(self) -> str:
        """The verdict in one cell of the landing page's matrix."""
        if self.splits:
            faster = listed([f"{e[0]} in {len(self.beaten[e])}" for e in self.splits])
            return (
                f"{self.kind}{self._named(self.named)}<br>{self.best[0]} leads over {self.comparisons} "
                f"comparisons, yet is slower, beyond {self._noise_text()}, than {faster}"
            )
        if len(self.tied) > 1:
            within = f"within {self._noise_text()} over {self.comparisons} comparisons"
            return f"tie: {self._named(self.tied)}<br>{within}"
        lead = self._runner_up()
        return f"{self._named([self.best])}<br>{lead}, fastest in {self.won}"

    @property
    def won(self) -> str:
        """`5 of 12, elsewhere at most 1.34x the fastest`: how far the lead holds across the
        data, the comparisons it lost included."""
        text = f"{self.wins} of {self.comparisons}"
        return (
            text
            if self.wins == self.comparisons
            else f"{text}, elsewhere at most {fmt_ratio(self.behind)} the fastest"
        )

    def notes(self) -> list[str]:
        """What a reader must know beside the row: entries not ranked, and a full read that
        beats every lazy one."""
        found = [f"*{self.use.name}*, not ranked: {'; '.join(self.left_out)}."] if self.left_out else []
        if self.splits:
            where = "; ".join(f"than {e[0]} on {_where(self.beaten[e])}" for e in self.splits)
            found.append(
                f"*{self.use.name}* depends on the data: {self.best[0]} leads across it, yet "
                f"is slower, beyond {self._noise_text()}, {where}."
            )
        if self.full_read and self.full_read[1] and self.full_read[1].has_ci and self.full_read[1].hi < 1:
            found.append(
                f"*{self.use.name}*: in {LANG_NAMES[self.lang]} a full decode-and-read "
                f"({self.full_read[0]}) is faster than every lazy read: reading in place "
                "does not pay off here."
            )
        return found

    def row(self) -> dict[str, str]:
        """The verdict as a row of its language's table."""
        return {
            "use": self.use.name,
            "best": self.kind + self._named(self.named),
            "runner_up": self._runner_up(),
            "won": self.won,
            **{op: _ratio(lead) for op, lead in self.ops.items()},
            # Full uses: the default JSON call; lazy ones: the best full read.
            "baseline": _versus(self.full_read if self.use.lazy else self.default),
        }


@dataclass(frozen=True)
class Unranked:
    """A use with libraries measured in the language, none of which qualifies on every
    comparison: the cell says so, the notes say why."""

    lang: str
    use: Use
    left_out: list[str]

    def cell(self) -> str:
        return f"none qualifies ({len(self.left_out)} measured: see {LANG_NAMES[self.lang]}'s notes)"

    def notes(self) -> list[str]:
        return [f"*{self.use.name}*, no library qualifies: {'; '.join(self.left_out)}."]


def _where(comparisons: Sequence[tuple[str, int]]) -> str:
    """[("game", 100), ("game", 1000), ("user", 100)] -> "game at 100 and 1,000 records and
    user at 100"."""
    sizes: dict[str, list[str]] = {}
    for dataset, size in comparisons:
        sizes.setdefault(dataset, []).append(f"{size:,}")
    parts = [f"{dataset} at {listed(found)}" for dataset, found in sizes.items()]
    return listed([f"{parts[0]} records", *parts[1:]])


def _ratio(lead: RatioCI | None) -> str:
    return DASH if lead is None else fmt_ratio_ci(lead)


def _versus(found: tuple[str, RatioCI | None] | None) -> str:
    """A baseline's cell: its lead over the best (or how the best is faster), or the text
    that stands in for a ratio."""
    if found is None:
        return DASH
    label, lead = found
    if lead is None:
        return label
    if lead.has_ci and lead.hi < 1:
        inverse = RatioCI(1 / lead.ratio, 1 / lead.hi, 1 / lead.lo, lead.n, lead.method)
        return f"{label} is faster: {fmt_ratio_ci(inverse)}"
    return f"{fmt_ratio_ci(lead)} vs {label}"


def _entries(
    table: Mapping[tuple[str, int], Mapping[Entry, Result]], keep: Callable[[Result], bool]
) -> tuple[list[Entry], list[Entry]]:
    """(entries measured on every comparison of table, entries measured on only part)."""
    counts: dict[Entry, int] = {}
    for at in table.values():
        for entry, result in at.items():
            if keep(result):
                counts[entry] = counts.get(entry, 0) + 1
    full = sorted(e for e, n in counts.items() if n == len(table))
    return full, sorted(set(counts) - set(full))


def _per_library(ranked: list[Entry]) -> list[Entry]:
    """The fastest entry of each library, in rank order."""
    first: dict[str, Entry] = {}
    for entry in ranked:
        first.setdefault(entry[0], entry)
    return list(first.values())


def _wins(table: Mapping[tuple[str, int], Mapping[Entry, Result]], entries: list[Entry], lib: str) -> int:
    return sum(min(entries, key=lambda e: at[e].time)[0] == lib for at in table.values())


def _behind(
    table: Mapping[tuple[str, int], Mapping[Entry, Result]], entries: list[Entry], best: Entry
) -> float:
    return max(at[best].time / min(at[e].time for e in entries) for at in table.values())


def _qualifying(
    use: Use, lang: str, labels: Mapping[Entry, str], shapes: Shapes
) -> tuple[Callable[[Result], bool], list[str]]:
    """The use's filter, and for a keyed use the JSON entries it leaves out, with why."""
    if not use.keyed:
        return use.keep, []
    other = {e: shapes.other_shape(lang, e) for e in labels if e[2] == "json"}
    left_out = [f"{labels[e]}: {why}" for e, why in sorted(other.items()) if why]
    return (lambda r: use.keep(r) and not other.get(entry_of(r))), left_out


def verdict(results: Results, lang: str, use: Use, noise: float, shapes: Shapes) -> Verdict | Unranked | None:
    """The use's verdict in the language; Unranked when libraries were measured for it but none
    qualifies on every comparison; None when none was measured."""
    data = Comparisons.verdict(results, lang)
    ranked_on: Side = (use.op, use.lazy)
    table = {k: v for k, v in data.of(*ranked_on).items() if any(use.keep(r) for r in v.values())}
    labels = {
        entry_of(r): f"{r.marked_label} · {format_title(r.case.format)}"
        for at in table.values()
        for r in at.values()
    }
    keep, left_out = _qualifying(use, lang, {e: labels[e] for e in labels if _kept(table, e, use)}, shapes)
    full, partial = _entries(table, keep)
    left_out += [f"{labels[e]}: measured on part of the comparisons" for e in partial]
    if not full:
        return Unranked(lang, use, left_out) if left_out else None
    ranked = rank(table, full)
    libraries = _per_library(ranked)
    best = libraries[0]
    runner_up = libraries[1] if len(libraries) > 1 else None
    return Verdict(
        lang,
        use,
        noise,
        labels,
        libraries,
        leads={e: data.lead(e, best, ranked_on, ranked_on) for e in libraries[1:]},
        beaten={e: _faster(data.paired(best, e, ranked_on, ranked_on), noise) for e in libraries[1:]},
        wins=_wins(table, ranked, best[0]),
        comparisons=len(table),
        behind=_behind(table, ranked, best),
        ops={op: data.lead(runner_up, best, (op, False), (op, False)) for op in ("encode", "decode")}
        if runner_up and not use.lazy
        else {},
        default=None if use.lazy else _default_lead(data, use, best),
        full_read=_full_read(data, best) if use.lazy else None,
        left_out=left_out,
    )


def _faster(best_over_other: Mapping[tuple[str, int], RatioCI], noise: float) -> list[tuple[str, int]]:
    """The comparisons on which the other library is faster than the best beyond the noise:
    the best's time over its, CI and all, above 1 + noise."""
    return [key for key, r in best_over_other.items() if r.has_ci and r.lo > 1 + noise]


def _kept(table: Mapping[tuple[str, int], Mapping[Entry, Result]], entry: Entry, use: Use) -> bool:
    return any(entry in at and use.keep(at[entry]) for at in table.values())


def _default_lead(data: Comparisons, use: Use, best: Entry) -> tuple[str, RatioCI | None] | None:
    """The language's default JSON call over the best entry, on the use's op."""
    language = catalog.language(data.lang)
    default: Entry = (language.default_json, language.default_call, "json")
    if default == best:
        return ("is the default", None)
    lead = data.lead(default, best, (use.op, False), (use.op, False))
    return (_label(default), lead) if lead else (f"{_label(default)}: not in this run", None)


def _full_read(data: Comparisons, best: Entry) -> tuple[str, RatioCI | None] | None:
    """The fastest full decode-and-read (access_full) over the best lazy read."""
    table = data.of("access_full")
    full, _ = _entries(table, lambda r: r.case.format != "python")
    if not full:
        return None
    fastest = rank(table, full)[0]
    return (_label(fastest), data.lead(fastest, best, ("access_full", False), (LAZY_READ, True)))


def _label(entry: Entry) -> str:
    lib, variant, fmt = entry
    return f"{lib}{f' ({variant})' if variant else ''} · {format_title(fmt)}"


def format_title(name: str) -> str:
    """A format as its project spells it (the catalog's title)."""
    return FORMAT_NAMES.get(name, name)


def noise_of(lang: str, noise: Mapping[str, float]) -> float:
    """The language's run-to-run noise, at least the runner's default minimum effect."""
    return max(MIN_EFFECT, noise.get(lang, 0.0))


def judged(results: Results, noise: Mapping[str, float]) -> list[Verdict | Unranked]:
    """Every language's verdict on every use with a measured library."""
    shapes = Shapes(results)
    found = (verdict(results, lang, use, noise_of(lang, noise), shapes) for lang in LANGS for use in USES)
    return [v for v in found if v is not None]


def verdicts(results: Results, noise: Mapping[str, float]) -> list[Verdict]:
    return [v for v in judged(results, noise) if isinstance(v, Verdict)]


def headline(lang: str) -> str:
    """The chart each language's answer shows: every library on one of the comparisons."""
    return f"charts/{lang}/{DATASET}-roundtrip-{SIZE}.svg"
