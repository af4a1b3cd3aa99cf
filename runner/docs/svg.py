"""The timing charts as hand-written SVG: sized for the docs' content column, so text is
drawn at its stated pixel size, and cheap (a chart is a string, not a matplotlib figure:
the whole site's charts take about a second).

Every chart is one comparison in one unit: a bar chart is one (dataset, op, size), each
group fastest first (bars: each case's fastest round, whiskers: its median's 95% CI), a
linear axis unless the values span more than LOG_SPREAD; a line chart has at most
MAX_SERIES lines. Every chart carries its provenance (run, profile, machine, commit) in its
<title> and in two footer lines, so a chart shared on its own still says where it came from.
The same input always gives the same bytes.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from runner.docs.page import Provenance
from runner.docs.results import significant, time_unit

WIDTH = 680  # px: the content column of the docs' theme at 1280 px is 688
FONT = 12  # px: labels and values
SMALL = 11  # px: ticks, axis titles, the footer; never below the browser test's 10 px
ROW = 20  # px per bar
LOG_SPREAD = 30.0  # a linear axis squeezes the fast bars to nothing beyond this span
MAX_SERIES = 12
LABEL_SHARE = 0.45  # of the width, at most, for bar labels
CHAR = 0.56  # a character's mean width, in font sizes (DejaVu Sans / the theme's sans)
TEXT = "#222222"
MUTED = "#666666"
GRID = "#e2e2e2"
FLOOR = "#777777"


@dataclass(frozen=True)
class Bar:
    label: str
    value_ns: float  # the case's time: its fastest round
    ci_low_ns: float  # the median's 95% CI; NaN without an interval
    ci_high_ns: float
    colour: str
    note: str  # printed after the bar's value (in the chart's unit): its multiple of the fastest


@dataclass(frozen=True)
class Group:
    title: str  # "" for the chart's first group
    bars: tuple[Bar, ...]  # in drawing order: fastest first


@dataclass(frozen=True)
class Series:
    label: str
    colour: str
    dashed: bool
    points: tuple[tuple[int, float], ...]  # (size, the case's time in ns)


def _width(text: str, size: int = FONT) -> float:
    return len(text) * size * CHAR


def _fit(text: str, width: float, size: int = FONT) -> str:
    """text cut with an ellipsis to fit width px (the tables give every label in full)."""
    room = int(width / (size * CHAR))
    return text if len(text) <= room else text[: max(room - 1, 1)] + "\u2026"


def _num(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(
    x: float,
    y: float,
    text: str,
    size: int = FONT,
    colour: str = TEXT,
    anchor: str = "start",
    weight: str = "",
) -> str:
    bold = ' font-weight="bold"' if weight else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" fill="{colour}" '
        f'text-anchor="{anchor}"{bold}>{escape(text)}</text>'
    )


def _line(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1.0, dash: str = "") -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" stroke="{colour}" '
        f'stroke-width="{_num(width)}"{dashes}/>'
    )


# The footer's second line, below the height the chart's body asked for.
FOOTER_LINE = 14


def _document(title: str, height: float, body: list[str], provenance: Provenance) -> str:
    lines = enumerate(provenance.lines())
    footer = "".join(_text(4, height - 6 + i * FOOTER_LINE, line, SMALL, MUTED) for i, line in lines)
    height += FOOTER_LINE
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{_num(height)}" '
        f'viewBox="0 0 {WIDTH} {_num(height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
        f"<title>{escape(title)} ({escape(provenance.line())})</title>"
        f'<rect width="{WIDTH}" height="{_num(height)}" fill="#ffffff"/>'
        + "".join(body)
        + footer
        + "</svg>\n"
    )


# Axes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Axis:
    low: float
    high: float
    log: bool
    x0: float  # px of low
    x1: float  # px of high

    def at(self, value: float) -> float:
        if self.log:
            value = max(value, self.low)
            share = math.log10(value / self.low) / math.log10(self.high / self.low)
        else:
            share = (value - self.low) / (self.high - self.low)
        return self.x0 + share * (self.x1 - self.x0)

    def ticks(self) -> list[float]:
        if self.log:
            first, last = math.floor(math.log10(self.low)), math.floor(math.log10(self.high) + 1e-9)
            # Within two decades powers of ten alone leave the axis almost bare: add 2 and 5.
            steps = (1, 2, 5) if last - first < 2 else (1,)
            found = [m * 10.0**k for k in range(first, last + 1) for m in steps]
            return [t for t in found if self.low * (1 - 1e-9) <= t <= self.high]
        step = _nice_step(self.high - self.low)
        return [i * step for i in range(int(self.high / step + 1e-9) + 1)]


def _nice_step(span: float) -> float:
    """A round step (1, 2 or 5 x 10^k) giving four to eight ticks over span."""
    raw = span / 5
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def axis_for(values: Sequence[float], x0: float, x1: float) -> Axis:
    """Linear from 0 when the positive values span less than LOG_SPREAD, else log10."""
    positive = [v for v in values if v > 0 and not math.isnan(v)] or [1.0]
    low, high = min(positive), max(positive)
    if high / low <= LOG_SPREAD:
        step = _nice_step(high)
        return Axis(0.0, math.ceil(high / step - 1e-9) * step, False, x0, x1)
    # From the power of ten below the fastest to just past the slowest: no empty decade.
    return Axis(10.0 ** math.floor(math.log10(low)), high * 1.15, True, x0, x1)


def _tick(value: float) -> str:
    """The tick's value as written, never rounded to a neighbour (1.5 stays 1.5)."""
    text = f"{value:,.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _tick_text(x: float, y: float, value: float, anchor: str) -> str:
    """A tick label, classed so a page check can read the axis back."""
    return _text(x, y, _tick(value), SMALL, MUTED, anchor).replace("<text ", '<text class="tick" ', 1)


# Bar charts -----------------------------------------------------------------------


def _values(bars: Sequence[Bar]) -> list[float]:
    return [v for b in bars for v in (b.value_ns, b.ci_low_ns, b.ci_high_ns) if not math.isnan(v)]


def _value(bar: Bar, scale: float, unit: str) -> str:
    """The bar's value in the chart's one unit (a lazy group's 3 µs reads 0.003 ms on an
    ms axis), then its note."""
    return f"{significant(bar.value_ns / scale)} {unit}{bar.note}"


def _group(
    group: Group,
    top: float,
    label_width: float,
    scale: float,
    unit: str,
    floor_ns: float | None,
    measure: str,
) -> tuple[list[str], float]:
    """One group's bars, whiskers, values and axis from y=top; returns (elements, bottom)."""
    body: list[str] = []
    y = top
    if group.title:
        body.append(_text(4, y + 14, group.title, FONT, TEXT, weight="bold"))
        y += 22
    values = [_value(b, scale, unit) for b in group.bars]
    value_width = max((_width(v, SMALL) for v in values), default=0)
    # The axis fits the bars; the memcpy floor is drawn only where it falls on it, named
    # in a line of its own above the bars.
    axis = axis_for([v / scale for v in _values(group.bars)], label_width + 8, WIDTH - value_width - 14)
    floor = floor_ns / scale if floor_ns and axis.low <= floor_ns / scale <= axis.high else None
    y += 14 if floor is not None else 0
    rows_top = y
    for bar, value in zip(group.bars, values, strict=True):
        middle = y + ROW / 2
        body.append(_text(label_width, middle + 4, _fit(bar.label, label_width), FONT, TEXT, "end"))
        start = axis.at(axis.low)
        length = axis.at(bar.value_ns / scale) - start
        body.append(
            f'<rect x="{_num(start)}" y="{_num(y + 3)}" width="{_num(length)}" height="{ROW - 6}" '
            f'fill="{bar.colour}"/>'
        )
        right = axis.at(bar.value_ns / scale)
        if not math.isnan(bar.ci_low_ns):
            low, high = axis.at(bar.ci_low_ns / scale), axis.at(bar.ci_high_ns / scale)
            body += [
                _line(low, middle, high, middle, TEXT),
                _line(low, middle - 4, low, middle + 4, TEXT),
                _line(high, middle - 4, high, middle + 4, TEXT),
            ]
            right = max(right, high)
        body.append(_text(right + 4, middle + 4, value, SMALL))
        y += ROW
    for tick in axis.ticks():
        x = axis.at(tick)
        body.append(_line(x, rows_top, x, y, GRID, 0.8))
        body.append(_tick_text(x, y + 13, tick, "middle"))
    if floor is not None:
        x = axis.at(floor)
        body += [
            _line(x, rows_top - 2, x, y, FLOOR, 1.2, "4 3"),
            _text(x, rows_top - 4, "memcpy", SMALL, FLOOR),
        ]
    scale_name = ", log scale" if axis.log else ""
    whiskers = "; whiskers: median's 95% CI" if any(not math.isnan(b.ci_low_ns) for b in group.bars) else ""
    body.append(_text(axis.x0, y + 28, f"{measure} ({unit}{scale_name}){whiskers}", SMALL, MUTED))
    return body, y + 36


FASTEST = "time/op, fastest round"


def bar_chart(
    title: str,
    groups: Sequence[Group],
    floor_ns: float | None,
    provenance: Provenance,
    measure: str = FASTEST,
) -> str:
    """Horizontal bars, one group under another (each on its own axis, all in one unit),
    each axis titled by what the bars measure."""
    bars = [b for g in groups for b in g.bars]
    scale, unit = time_unit(max((b.value_ns for b in bars), default=1.0))
    label_width = min(max((_width(b.label) for b in bars), default=0) + 4, LABEL_SHARE * WIDTH)
    body = [_text(4, 16, title, FONT + 1, TEXT, weight="bold")]
    y = 26.0
    for index, group in enumerate(g for g in groups if g.bars):
        elements, y = _group(group, y, label_width, scale, unit, floor_ns if index == 0 else None, measure)
        body += elements
    return _document(title, y + 16, body, provenance)


# Line charts ----------------------------------------------------------------------


def line_chart(title: str, series: Sequence[Series], provenance: Provenance) -> str:
    """Median time against records per payload, log-log, one line per series (at most
    MAX_SERIES: the caller groups), the legend at the right in the order the lines end."""
    lines = sorted(series, key=lambda s: (-s.points[-1][1], s.label))[:MAX_SERIES]
    scale, unit = time_unit(max((ns for s in lines for _, ns in s.points), default=1.0))
    legend_width = min(max((_width(s.label, SMALL) for s in lines), default=0) + 28, WIDTH * 0.4)
    top, bottom = 30.0, 30.0 + max(220.0, 18.0 * len(lines))
    sizes = sorted({size for s in lines for size, _ in s.points})
    x_axis = Axis(
        min(sizes, default=1) / 1.5, max(sizes, default=1) * 1.5, True, 64, WIDTH - legend_width - 12
    )
    y_axis = axis_for([ns / scale for s in lines for _, ns in s.points], bottom, top)
    if not y_axis.log:  # a log-log chart: straight lines of slope 1 are linear cost
        y_axis = Axis(
            10.0 ** math.floor(math.log10(max(y_axis.high / LOG_SPREAD, 1e-9))),
            y_axis.high,
            True,
            bottom,
            top,
        )
    body = [_text(4, 16, title, FONT + 1, TEXT, weight="bold")]
    for tick in y_axis.ticks():
        y = y_axis.at(tick)
        body += [
            _line(x_axis.x0, y, x_axis.x1, y, GRID, 0.8),
            _tick_text(x_axis.x0 - 4, y + 4, tick, "end"),
        ]
    for size in sizes:
        x = x_axis.at(size)
        body += [
            _line(x, top, x, bottom, GRID, 0.8),
            _tick_text(x, bottom + 14, size, "middle"),
        ]
    for s in lines:
        points = " ".join(f"{_num(x_axis.at(size))},{_num(y_axis.at(ns / scale))}" for size, ns in s.points)
        dash = ' stroke-dasharray="5 3"' if s.dashed else ""
        body.append(f'<polyline points="{points}" fill="none" stroke="{s.colour}" stroke-width="1.6"{dash}/>')
        body += [
            f'<circle cx="{_num(x_axis.at(size))}" cy="{_num(y_axis.at(ns / scale))}" r="2.5" '
            f'fill="{s.colour}"/>'
            for size, ns in s.points
        ]
    for index, s in enumerate(lines):
        y = top + 8 + 18 * index
        dash = "5 3" if s.dashed else ""
        body += [
            _line(WIDTH - legend_width, y, WIDTH - legend_width + 18, y, s.colour, 2, dash),
            _text(WIDTH - legend_width + 24, y + 4, _fit(s.label, legend_width - 28, SMALL), SMALL),
        ]
    body.append(
        _text(
            x_axis.x0,
            bottom + 30,
            f"records per payload (log) against time, fastest round ({unit}, log)",
            SMALL,
            MUTED,
        )
    )
    return _document(title, bottom + 56, body, provenance)


# History charts -------------------------------------------------------------------


@dataclass(frozen=True)
class RunPoint:
    """One run's point in a case's history."""

    label: str  # the run's date
    median_ns: float
    ci_low_ns: float  # NaN without an interval
    ci_high_ns: float
    flagged: bool  # its calibration moved beyond its machine class's noise


STEP_COLOUR = "#c0392b"
FLAGGED_COLOUR = "#e67e22"
# At most this many run dates under the axis.
MAX_RUN_LABELS = 6


def _history_axis(points: Sequence[RunPoint], scale: float, bottom: float, top: float) -> Axis:
    """A linear axis over the points and their intervals, not from 0: steps of a few percent show."""
    values = [
        v / scale for p in points for v in (p.median_ns, p.ci_low_ns, p.ci_high_ns) if not math.isnan(v)
    ]
    low, high = min(values), max(values)
    step = _nice_step(max(high - low, high * 0.02))
    return Axis(math.floor(low / step) * step, math.ceil(high / step) * step, False, bottom, top)


def history_chart(
    title: str, points: Sequence[RunPoint], steps: Sequence[tuple[int, str]], provenance: Provenance
) -> str:
    """A case's median per run, oldest first, with its 95% CI; steps: (index of the first run
    after a marked change point, its label), drawn as a dashed line before that run; runs whose
    calibration moved are drawn hollow."""
    scale, unit = time_unit(max(p.median_ns for p in points))
    top, bottom, x0, x1 = 34.0, 234.0, 64.0, WIDTH - 16.0
    y_axis = _history_axis(points, scale, bottom, top)
    width = (x1 - x0) / len(points)

    def x_of(index: float) -> float:
        return x0 + (index + 0.5) * width

    body = [_text(4, 16, title, FONT + 1, TEXT, weight="bold")]
    for tick in (t for t in y_axis.ticks() if t >= y_axis.low):
        y = y_axis.at(tick)
        body += [_line(x0, y, x1, y, GRID, 0.8), _tick_text(x0 - 4, y + 4, tick, "end")]
    every = max(1, math.ceil(len(points) / MAX_RUN_LABELS))
    body += [
        _text(x_of(i), bottom + 14, p.label, SMALL, MUTED, "middle")
        for i, p in enumerate(points)
        if i % every == 0
    ]
    for index, label in steps:
        body += [
            _line(x_of(index - 0.5), top, x_of(index - 0.5), bottom, STEP_COLOUR, 1.2, "4 3"),
            _text(x_of(index - 0.5) + 3, top + 10, label, SMALL, STEP_COLOUR),
        ]
    line = " ".join(f"{_num(x_of(i))},{_num(y_axis.at(p.median_ns / scale))}" for i, p in enumerate(points))
    body.append(f'<polyline points="{line}" fill="none" stroke="{MUTED}" stroke-width="1"/>')
    for i, p in enumerate(points):
        x, y = x_of(i), y_axis.at(p.median_ns / scale)
        if not math.isnan(p.ci_low_ns):
            body.append(_line(x, y_axis.at(p.ci_low_ns / scale), x, y_axis.at(p.ci_high_ns / scale), TEXT, 1))
        fill = "#ffffff" if p.flagged else TEXT
        stroke = FLAGGED_COLOUR if p.flagged else TEXT
        body.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="2.5" fill="{fill}" stroke="{stroke}"/>')
    body.append(
        _text(
            x0, bottom + 30, f"runs, oldest first, against median time ({unit}) with its 95% CI", SMALL, MUTED
        )
    )
    return _document(title, bottom + 56, body, provenance)
