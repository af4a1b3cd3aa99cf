"""Colours of the site's charts, and the robustness page's stacked-share charts (matplotlib;
the timing charts are hand-written SVG, svg.py). Byte-for-byte reproducible: the same data
always gives the same file.

matplotlib stamps SVGs with a date and random element ids; both are fixed here
(metadata Date=None, svg.hashsalt), and text stays text (svg.fonttype none) so
files are small and searchable. Its output is then compacted (_compact): coordinates
rounded to 0.1 pt, no indentation, no metadata or unreferenced group ids; that
halves the docs folder and changes no pixel a reader can see.
"""

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import matplotlib

matplotlib.use("svg")  # no display here; chosen before pyplot is imported

import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.typing import RcKeyType

from runner.docs.page import Provenance

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
# Colour-blind-safe categorical palette (Okabe-Ito, then Tableau's 10, then more distinct
# hues so one language's libraries never share one), reused in order.
# (Okabe-Ito's yellow is left out: it vanishes on white.)
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#4E79A7",
    "#F28E2B",
    "#E15759",
    "#76B7B2",
    "#59A14F",
    "#B07AA1",
    "#FF9DA7",
    "#9C755F",
    "#BAB0AC",
    "#333333",
    "#8C6D31",
    "#17BECF",
    "#BCBD22",
    "#7F3C8D",
    "#11A579",
    "#3969AC",
    "#F2B701",
    "#E73F74",
    "#80BA5A",
    "#A5AA99",
)
# Variants of one library share its hue: the first is the colour itself, later ones
# lighter or darker shades of it (a share of white, or of black when negative).
SHADES = (0.0, 0.4, -0.35, 0.65, -0.55)


def colours(names: Sequence[str]) -> dict[str, str]:
    """One fixed colour per name, given every name there is (sorted), so a library has
    the same colour on every chart of the site."""
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(sorted(names))}


def shade(colour: str, amount: float) -> str:
    """colour mixed with white (amount > 0) or black (amount < 0); 0 is the colour."""
    channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    target = 255 if amount > 0 else 0
    return "#" + "".join(f"{round(c + (target - c) * abs(amount)):02x}" for c in channels)


def variant_colours(entries: Sequence[tuple[str, str, str]]) -> dict[tuple[str, str, str], str]:
    """(language, library, variant) -> colour: the library's hue (hues assigned per language,
    so one language's charts never repeat one), one shade per variant."""
    found = {}
    for lang in sorted({lang for lang, _, _ in entries}):
        hues = colours(sorted({lib for name, lib, _ in entries if name == lang}))
        for lib, hue in hues.items():
            variants = sorted({variant for name, other, variant in entries if (name, other) == (lang, lib)})
            for index, variant in enumerate(variants):
                found[(lang, lib, variant)] = shade(hue, SHADES[index % len(SHADES)])
    return found


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


def stacked_chart(
    stacks: Sequence[Stack],
    colours: dict[str, str],
    names: dict[str, str],
    title: str,
    provenance: Provenance,
) -> str:
    """One horizontal bar per stack, its parts as shares of the whole (100%), categories in
    `colours`' order and colours, named by `names` in the legend; the provenance in the
    SVG's title and footer."""
    with plt.rc_context(_STYLE):
        # Narrow enough that the site shows it at full size: labels stay >= 10 px.
        figure, axes = plt.subplots(figsize=(4.0, 1.1 + 0.28 * max(len(stacks), 1)))
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
        # The footer on two lines: a full CPU model beside the run would widen the chart.
        axes.set_xlabel("\n".join(("share of the decoder's inputs (%)", *provenance.lines())))
        axes.grid(axis="y", visible=False)
        used = [c for c in colours if any(c == category and n for s in stacks for category, n in s.parts)]
        axes.legend(
            handles=[Patch(color=colours[c], label=names[c]) for c in used],
            fontsize=9,
            frameon=False,
            loc="lower left",
            bbox_to_anchor=(0.0, 1.0),
            ncol=min(len(used), 3),
        )
        svg = _svg(figure)
        heading = f"<title>{escape(title)} ({escape(provenance.line())})</title>"
        return re.sub(r"(<svg[^>]*>)", lambda m: m.group(1) + heading, svg, count=1)
