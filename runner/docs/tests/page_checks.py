"""Checks of generated pages that hold for any snapshot: run on the synthetic docs and on
the committed ones."""

from collections.abc import Iterator, Mapping

from runner.docs.results import LAZY_MARK

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
