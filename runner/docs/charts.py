"""SVG charts, byte-for-byte reproducible: the same data always gives the same file.

matplotlib stamps SVGs with a date and random element ids; both are fixed here
(metadata Date=None, svg.hashsalt), and text stays text (svg.fonttype none) so
files are small and searchable. Its output is then compacted (_compact): coordinates
rounded to 0.1 pt, no indentation, no metadata or unreferenced group ids; that
halves the docs folder and changes no pixel a reader can see.
"""

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib

matplotlib.use("svg")  # no display here; chosen before pyplot is imported

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator
from matplotlib.typing import RcKeyType

from runner.docs.results import fmt_time, time_unit

_STYLE: dict[RcKeyType, Any] = {
    "svg.hashsalt": "serbench-docs",
    "svg.fonttype": "none",
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
}
# Colour-blind-safe categorical palette (Okabe-Ito, then Tableau's 10), reused in order.
# (Okabe-Ito's yellow is left out: it vanishes on white.)
PALETTE = (
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#4E79A7", "#F28E2B",
    "#E15759", "#76B7B2", "#59A14F", "#B07AA1", "#FF9DA7", "#9C755F", "#BAB0AC", "#333333",
)
# A colour used twice on one chart (one library in two formats or languages) is told apart
# by lighter tints of it for bars (hatching would cost ~100 KB of SVG per chart) and by
# dashes for lines.
TINTS = (0.0, 0.45, 0.65, 0.8)
LINESTYLES = ("-", "--", ":", "-.")
# Beyond this spread of values a linear axis squeezes the fast ones to nothing.
LOG_SPREAD = 30.0
FLOOR_COLOUR = "#777777"


def colours(names: Sequence[str]) -> dict[str, str]:
    """One fixed colour per name, given every name there is (sorted), so a library has
    the same colour on every chart of the site."""
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(sorted(names))}


@dataclass(frozen=True)
class Bar:
    label: str
    median_ns: float
    ci_low_ns: float  # NaN when the run had too few samples for an interval
    ci_high_ns: float
    colour: str


@dataclass(frozen=True)
class Panel:
    title: str
    bars: tuple[Bar, ...]
    floor_ns: float | None = None  # the memcpy floor, drawn as a dashed line


@dataclass(frozen=True)
class Series:
    label: str
    colour: str
    points: tuple[tuple[int, float], ...]  # (size, median ns)


@dataclass(frozen=True)
class Stack:
    label: str
    parts: tuple[tuple[str, int], ...]  # (category, count), drawn left to right


_NUMBER = re.compile(r"-?\d+\.\d{2,}")
_ATTRIBUTE = re.compile(r'="([^"]*)"')
_DROPPED = (
    re.compile(r"<metadata>.*?</metadata>\s*", re.S),
    re.compile(r'(?<=<g) id="[^"]*"'),  # groups are never referenced, only clip paths and markers
    re.compile(r' transform="rotate\(-0 [^"]*\)"'),
)


def _rounded(match: re.Match[str]) -> str:
    text = f"{float(match.group()):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _unwrapped(svg: str) -> str:
    """Drops every attribute-less <g> and its </g>: matplotlib nests one per artist."""
    kept: list[str] = []
    bare: list[bool] = []  # per open <g>: whether it is dropped
    last = 0
    for tag in re.finditer(r"<(/?)g\b[^>]*>", svg):
        closing, self_closing = tag.group(1) == "/", tag.group().endswith("/>")
        if self_closing:
            continue
        drop = bare.pop() if closing else tag.group() == "<g>"
        if not closing:
            bare.append(drop)
        if drop:
            kept.append(svg[last : tag.start()])
            last = tag.end()
    return "".join(kept) + svg[last:]


def _classed(svg: str) -> str:
    """Each distinct style attribute becomes one CSS class, declared once."""
    classes: dict[str, str] = {}

    def name(match: re.Match[str]) -> str:
        return f'class="{classes.setdefault(match.group(1), f"s{len(classes)}")}"'

    body = re.sub(r'style="([^"]*)"', name, svg)
    rules = "".join(f".{cls}{{{style}}}" for style, cls in classes.items())
    return body.replace("</style>", rules + "</style>", 1)


def _compact(svg: str) -> str:
    """matplotlib's SVG without what no reader sees. Numbers are rounded inside attribute
    values only, so a label such as "0.123 ms" keeps its digits."""
    for pattern in _DROPPED:
        svg = pattern.sub("", svg)
    svg = _ATTRIBUTE.sub(lambda m: '="' + _NUMBER.sub(_rounded, " ".join(m.group(1).split())) + '"', svg)
    svg = re.sub(r">\s+<", "><", svg).strip()
    return _classed(_unwrapped(svg)) + "\n"


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(figure)
    return _compact(buffer.getvalue())


def _plain(value: float, _: object = None) -> str:
    """A log axis tick as a plain number (0.01, 1, 1,000): matplotlib's default 10^x labels
    need its TeX-like parser, which costs most of a chart's rendering time."""
    return f"{value:,.0f}" if value >= 1 else f"{value:g}"


def _log(axis: object) -> None:
    axis.set_major_locator(LogLocator(base=10))  # type: ignore[attr-defined]
    axis.set_major_formatter(FuncFormatter(_plain))  # type: ignore[attr-defined]


def _wide(values: Sequence[float]) -> bool:
    positive = [v for v in values if v > 0]
    return bool(positive) and max(positive) / min(positive) > LOG_SPREAD


def _tinted(colour: str, amount: float) -> str:
    """colour mixed with white: amount 0 is the colour itself, 1 is white."""
    channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)


def _repeats(labels_and_colours: Sequence[tuple[str, str]]) -> dict[str, int]:
    """label -> how many labels before it (in sorted order) share its colour."""
    seen: dict[str, int] = {}
    found = {}
    for label, colour in sorted(labels_and_colours):
        found[label] = seen.get(colour, 0)
        seen[colour] = found[label] + 1
    return found


def _draw_panel(axes: Axes, panel: Panel, order: Sequence[str], repeats: dict[str, int]) -> None:
    position = {label: i for i, label in enumerate(order)}
    values = [b.median_ns for b in panel.bars] + ([panel.floor_ns] if panel.floor_ns else [])
    scale, unit = time_unit(max(values, default=1.0))
    for bar in panel.bars:
        y = position[bar.label]
        tint = TINTS[repeats[bar.label] % len(TINTS)]
        axes.barh(y, bar.median_ns / scale, color=_tinted(bar.colour, tint), height=0.7,
                  edgecolor=bar.colour, linewidth=0.8 if tint else 0)
        top = bar.ci_high_ns if not math.isnan(bar.ci_high_ns) else bar.median_ns
        axes.annotate(
            fmt_time(bar.median_ns), (top / scale, y), xytext=(4, 0), textcoords="offset points",
            fontsize=7, va="center", color="#333333",
        )
        if not math.isnan(bar.ci_low_ns):
            low, high = bar.median_ns - bar.ci_low_ns, bar.ci_high_ns - bar.median_ns
            axes.errorbar(
                bar.median_ns / scale, y, xerr=[[low / scale], [high / scale]],
                fmt="none", ecolor="#333333", elinewidth=0.9, capsize=2.5,
            )
    if panel.floor_ns:
        axes.axvline(panel.floor_ns / scale, color=FLOOR_COLOUR, linestyle="--", linewidth=1)
        axes.annotate(
            "memcpy", (panel.floor_ns / scale, 0.0), xycoords=("data", "axes fraction"),
            xytext=(2, 2), textcoords="offset points", fontsize=7, color=FLOOR_COLOUR, rotation=90,
            ha="left", va="bottom",
        )
    axes.margins(x=0.18)  # room for the value labels
    if _wide(values):
        axes.set_xscale("log")
        _log(axes.xaxis)
        axes.minorticks_off()
    axes.set_xlabel(f"median time per operation ({unit}, log scale)" if _wide(values) else f"median ({unit})")
    axes.set_title(panel.title, fontsize=9, loc="left")
    axes.grid(axis="y", visible=False)


def bar_chart(panels: Sequence[Panel], order: Sequence[str]) -> str:
    """Horizontal bars of median with 95% CI whiskers, one panel per size, sharing one
    label axis in `order` (fastest at the top)."""
    with plt.rc_context(_STYLE):
        height = 0.9 + 0.28 * max(len(order), 1)
        figure, grid = plt.subplots(
            1, len(panels), figsize=(3.4 * len(panels) + 1.6, height), sharey=True, squeeze=False
        )
        axes = list(grid[0])
        repeats = _repeats(sorted({(b.label, b.colour) for p in panels for b in p.bars}))
        for ax, panel in zip(axes, panels, strict=True):
            _draw_panel(ax, panel, order, repeats)
        axes[0].set_yticks(range(len(order)), labels=list(order))
        axes[0].invert_yaxis()
        # Fixed spacing: tight_layout would cost another full layout pass per chart.
        figure.subplots_adjust(wspace=0.3)
        return _svg(figure)


def scaling_chart(series: Sequence[Series]) -> str:
    """Median time against payload size, log-log: a straight line of slope 1 is linear cost."""
    with plt.rc_context(_STYLE):
        figure, axes = plt.subplots(figsize=(7.0, 3.6))
        top = max((ns for s in series for _, ns in s.points), default=1.0)
        scale, unit = time_unit(top)
        repeats = _repeats([(line.label, line.colour) for line in series])
        # Legend from the slowest down, the order the lines stack in at the right edge.
        for line in sorted(series, key=lambda s: (-s.points[-1][1], s.label)):
            sizes = [size for size, _ in line.points]
            axes.plot(
                sizes, [ns / scale for _, ns in line.points], marker="o", markersize=3.5,
                linewidth=1.3, color=line.colour, label=line.label,
                linestyle=LINESTYLES[repeats[line.label] % len(LINESTYLES)],
            )
        axes.set_xscale("log")
        axes.set_yscale("log")
        _log(axes.yaxis)
        sizes = sorted({size for s in series for size, _ in s.points})
        axes.set_xticks(sizes, labels=[f"{size:,}" for size in sizes])
        axes.minorticks_off()
        axes.set_xlabel("records per payload (log scale)")
        axes.set_ylabel(f"median time per operation ({unit}, log)")
        axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        return _svg(figure)


def stacked_chart(stacks: Sequence[Stack], colours: dict[str, str], names: dict[str, str]) -> str:
    """One horizontal bar per stack, its parts as shares of the whole (100%), categories in
    `colours`' order and colours, named by `names` in the legend."""
    with plt.rc_context(_STYLE):
        figure, axes = plt.subplots(figsize=(7.0, 1.1 + 0.28 * max(len(stacks), 1)))
        for y, stack in enumerate(stacks):
            total = sum(count for _, count in stack.parts) or 1
            left = 0.0
            for category, count in stack.parts:
                share = 100.0 * count / total
                axes.barh(y, share, left=left, color=colours[category], height=0.7, linewidth=0)
                left += share
        axes.set_yticks(range(len(stacks)), labels=[s.label for s in stacks])
        axes.invert_yaxis()
        axes.set_xlim(0, 100)
        axes.set_xlabel("share of the decoder's inputs (%)")
        axes.grid(axis="y", visible=False)
        used = [c for c in colours if any(c == category and n for s in stacks for category, n in s.parts)]
        axes.legend(
            handles=[Patch(color=colours[c], label=names[c]) for c in used], fontsize=7, frameon=False,
            loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=min(len(used), 6),
        )
        return _svg(figure)
