"""Checks of generated pages that hold for any snapshot: run on the synthetic docs and on
the committed ones."""

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from runner.caseid import MEMCPY_LIB
from runner.docs.results import LANG_NAMES, LANGS, LAZY_MARK, SYNTHETIC
from runner.docs.snapshot import Snapshot
from runner.records import Unmeasured

LAZY_GROUP = "Lazy work"


def _ranked_tables(text: str) -> Iterator[tuple[str, list[str]]]:
    """(title, first cell of every row) of each timing table: a table with a median column,
    titled by the bold line above it."""
    title, in_table = "", False
    rows: list[str] = []
    header: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("**") and line.endswith("**"):
            title = line.strip("*")
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if not in_table:
                in_table, rows, header = True, [], cells
            elif not cells[0].startswith("---") and "median" in header:
                rows.append(cells[0])
        elif in_table:
            in_table = False
            if "median" in header:
                yield title, rows


def lazy_in_full_rankings(files: Mapping[str, bytes]) -> list[str]:
    """Every place a lazy (LAZY_MARK) result is ranked with full ones: a timing table not
    titled lazy, a chart's full group (the lazy group follows its LAZY_GROUP heading)."""
    found = []
    for name, content in files.items():
        text = content.decode()
        if name.endswith(".md"):
            for title, rows in _ranked_tables(text):
                marked = [row for row in rows if LAZY_MARK in row]
                lazy_title = "lazy" in title
                if marked and not lazy_title:
                    found.append(f"{name}: {title}: {', '.join(marked)}")
                if lazy_title and len(marked) != len(rows):
                    found.append(f"{name}: {title}: a full result in the lazy group")
        elif name.endswith(".svg") and LAZY_MARK in text.split(LAZY_GROUP)[0]:
            found.append(f"{name}: a lazy label among the chart's full ops")
    return found


_TICK = re.compile(
    r'<text class="tick" x="([\d.-]+)" y="([\d.-]+)"[^>]* text-anchor="(\w+)"[^>]*>([^<]+)</text>'
)
_AXIS_UNIT = re.compile(r"time per operation \((\w+)")
_TIME = re.compile(r">[^<]*?\b\d[\d,.]* (ns|µs|ms|s)\b")


def _fits(positions: Sequence[float], values: Sequence[float]) -> bool:
    """Whether the positions are an affine function of the values, to 0.6 px."""
    if len(set(values)) != len(values):
        return False
    if len(values) < 3:
        return True
    slope = (positions[1] - positions[0]) / (values[1] - values[0])
    return all(
        abs(positions[0] + slope * (v - values[0]) - p) <= 0.6 for p, v in zip(positions, values, strict=True)
    )


def wrong_ticks(files: Mapping[str, bytes]) -> list[str]:
    """Every chart axis whose tick labels are not their values: labels of one axis (a row
    of centred labels, or a column of right-aligned ones) must be distinct and placed on a
    linear or a log scale by the numbers they print ("0 0.5 1 2 2" fails both)."""
    found = []
    for name, content in files.items():
        if not name.endswith(".svg"):
            continue
        axes: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for x, y, anchor, label in _TICK.findall(content.decode()):
            key, position = (("y", y), float(x)) if anchor == "middle" else (("x", x), float(y))
            axes.setdefault(key, []).append((position, float(label.replace(",", ""))))
        for ticks in axes.values():
            positions, values = [p for p, _ in ticks], [v for _, v in ticks]
            logs = [math.log10(v) for v in values] if min(values) > 0 else values
            if not (_fits(positions, values) or _fits(positions, logs)):
                found.append(f"{name}: ticks {' '.join(f'{v:g}' for v in values)}")
    return found


def mixed_units(files: Mapping[str, bytes]) -> list[str]:
    """Every chart that prints a time in another unit than its axis's."""
    found = []
    for name, content in files.items():
        text = content.decode() if name.endswith(".svg") else ""
        axis = set(_AXIS_UNIT.findall(text))
        units = axis | set(_TIME.findall(text))
        if len(units) > 1:
            found.append(f"{name}: axis in {', '.join(sorted(axis))}, values in {', '.join(sorted(units))}")
    return found


def _column_values(text: str, column: str) -> dict[str, str]:
    """First cell -> the named column's cell, in every table of the page that has it."""
    found, index = {}, None
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")] if line.startswith("|") else []
        if not cells:
            index = None
        elif column in cells:
            index = cells.index(column)
        elif index is not None and not cells[0].startswith("---"):
            found[cells[0]] = cells[index]
    return found


def _number(cell: str) -> int:
    return int(cell.replace(",", ""))


def _shown(files: Mapping[str, bytes]) -> list[str]:
    """The languages with pages (a language the run left out has none)."""
    return [lang for lang in LANGS if f"{lang}/index.md" in files]


def inconsistent_counts(files: Mapping[str, bytes]) -> list[str]:
    """Every language whose measured cases the landing page, the methodology and the
    language's own page (the sum of its dataset pages) count differently."""
    landing = _column_values(files["index.md"].decode(), "cases measured")
    method = _column_values(files["methodology.md"].decode(), "cases measured")
    found = []
    for lang in _shown(files):
        per_page = _column_values(files[f"{lang}/index.md"].decode(), "cases measured")
        counts = {
            "landing": _number(landing[LANG_NAMES[lang]]),
            "methodology": _number(method[LANG_NAMES[lang]]),
            "dataset pages": sum(map(_number, per_page.values())),
        }
        if len(set(counts.values())) != 1:
            found.append(f"{lang}: {counts}")
    return found


NO_LIBRARY_LEFT_OUT = "No library was left out as a whole"
NOTHING_LEFT_OUT = "nothing was refused, failed, skipped or not applicable"


def _dataset_pages(
    files: Mapping[str, bytes], lang: str, missing: Sequence[Unmeasured]
) -> Iterator[tuple[str, list[Unmeasured]]]:
    """(each dataset page of the language, the run's entries of what it left out)."""
    for name in files:
        page = name.removeprefix(f"{lang}/").removesuffix(".md")
        if name.startswith(f"{lang}/") and name.endswith(".md") and page != "index":
            shown = {page} if page != "real" else {u.dataset for u in missing} - {*SYNTHETIC, None}
            yield name, [u for u in missing if u.dataset in shown]


def false_none_statements(files: Mapping[str, bytes], data: Snapshot) -> list[str]:
    """Every "none" statement the snapshot contradicts: no library left out as a whole
    while one has no measured case; nothing left out of a language or a dataset page
    while the run lists a case of it as not measured."""
    found = []
    for lang in _shown(files):
        measured = {c.lib for c in data.cases if c.lang == lang and c.lib != MEMCPY_LIB}
        missing = [u for u in data.unmeasured if u.lang == lang]
        index = files[f"{lang}/index.md"].decode()
        gone = sorted({u.lib for u in missing if u.lib} - measured)
        if NO_LIBRARY_LEFT_OUT in index and gone:
            found.append(f"{lang}/index.md: no library left out, but {', '.join(gone)} has no measured case")
        if NOTHING_LEFT_OUT in index and missing:
            found.append(f"{lang}/index.md: nothing left out, but {len(missing)} cases are")
        found += [
            f"{name}: nothing left out, but {len(on_page)} cases are"
            for name, on_page in _dataset_pages(files, lang, missing)
            if NOTHING_LEFT_OUT in files[name].decode() and on_page
        ]
    return found


def slug_titles(nav: list[Any]) -> list[str]:
    """Every navigation title of a language's or format's page that is its file name
    capitalized ("Json", "Real") rather than the name the project or the catalog gives it
    (the top pages' names are words: "Interop")."""
    found = []

    def walk(entries: list[Any]) -> None:
        for entry in entries:
            if isinstance(entry, str):
                found.append(f"{entry}: untitled")
                continue
            for title, value in entry.items():
                if isinstance(value, list):
                    walk(value)
                    continue
                folder, _, stem = value.removesuffix(".md").rpartition("/")
                if folder and title in (stem.capitalize(), stem.replace("_", " ").capitalize()):
                    found.append(f"{value}: {title}")

    walk(nav)
    return found


SUMMARY_TITLE = "each library against the best"
_COLLAPSED = re.compile(r"<details.*?</details>", re.S)


def _dataset_page(name: str) -> bool:
    folder, _, page = name.removesuffix(".md").rpartition("/")
    return name.endswith(".md") and folder in LANGS and page != "index"


def long_dataset_pages(files: Mapping[str, bytes]) -> list[str]:
    """Every dataset page with charts that does not open with its summary table (before
    any chart), or that shows more than one chart per section (one size open, the
    others collapsed)."""
    found = []
    for name, content in files.items():
        text = content.decode() if _dataset_page(name) else ""
        if "![" not in text:
            continue
        if SUMMARY_TITLE not in text.split("![")[0]:
            found.append(f"{name}: no summary table before the first chart")
        for section in _COLLAPSED.sub("", text).split("\n## ")[1:]:
            if section.count("![") > 1:
                found.append(f"{name}: {section.splitlines()[0]}: {section.count('![')} charts open")
    return found


_IMAGE = re.compile(r"!\[([^\]]*)\]\(\.\./([^)]+\.svg)\)")


def format_charts_not_across_languages(files: Mapping[str, bytes]) -> list[str]:
    """Every format page chart that is not the one chart of its op and size (a chart per
    dataset repeats the language pages), or that shows fewer than two languages."""
    found = []
    names = [LANG_NAMES[lang] for lang in LANGS]
    for name, content in files.items():
        if not name.startswith("formats/") or name == "formats/index.md":
            continue
        charts = _IMAGE.findall(content.decode())
        paths = [path for _, path in charts]
        found += [f"{name}: {path} drawn twice" for path in set(paths) if paths.count(path) > 1]
        alts = [alt.split(":")[0] for alt, _ in charts]
        found += [f"{name}: {alt}: more than one chart" for alt in set(alts) if alts.count(alt) > 1]
        for path in paths:
            svg = files[path].decode()
            if sum(f">{lang} · " in svg for lang in names) < 2:
                found.append(f"{name}: {path}: fewer than two languages")
    return found


# A labelled list item ("- **Verdict**: ...") that a template glued to the line before it.
_GLUED_ITEM = re.compile(r"\S- \*\*[A-Z][^*]*\*\*:")


def glued_list_items(files: Mapping[str, bytes]) -> list[str]:
    """page: line for each labelled list item that does not start its own line."""
    return [
        f"{name}: {line[:80]}"
        for name, content in files.items()
        if name.endswith(".md")
        for line in content.decode().splitlines()
        if _GLUED_ITEM.search(line)
    ]
