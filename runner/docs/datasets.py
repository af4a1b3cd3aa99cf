"""What each dataset is (catalog title, a paragraph, its record schema from the .proto
twin) and how big its payloads are per format (the run's own wire sizes), and where each
library lives on the web (the home page its adapter declares, from the snapshot): the
description a reader needs before reading a chart."""

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from runner.docs.results import DASH, Result, fmt_bytes
from schemas.catalog import catalog

# Runfiles and workspace alike: the schemas sit at schemas/<dataset>/<dataset>.proto.
SCHEMAS = Path(__file__).parent.parent.parent / "schemas"
ABOUT = {d.name: d.about for d in catalog.load().datasets if d.about}
# The Python suite's cases without a payload, listed with the real documents.
HELPERS = {
    "objects": "the Python suite's object cases: creating, comparing and collecting instances of "
    "small record classes (ops create, eq, lt, gc), no serialization",
    "none": "measurements without a payload: installed size and import time",
    "msgspec_fs": "the Python suite's cases of msgspec's own serialization benchmarks: their "
    "message (a file system tree of 1,000 nodes), classes and calls, timed with the GC off",
}
REAL_ABOUT = (
    "Real documents, each one payload of one record: three JSON files of nativejson-benchmark "
    "(an API response, an event catalog, number-heavy GeoJSON), protobuf's own benchmark "
    "messages, and this machine's apt package index as one large JSON document."
)
# Compressed payload sizes, metrics of an encode case when the run has them:
# zlib at level 6 and zstd at level 3 of the bytes that encode wrote, measured once.
COMPRESSED = (("zlib", "wire_zlib6_bytes"), ("zstd", "wire_zstd3_bytes"))


def version_link(home: str | None, version: str) -> str:
    """The version as a Markdown link to the library's home page (plain when unknown)."""
    shown = version or DASH
    return f"[{shown}]({home})" if home else shown


def schema_excerpt(dataset: str) -> str:
    """The dataset's .proto without its header (comments, syntax, package, options)."""
    path = SCHEMAS / dataset / f"{dataset}.proto"
    if not path.exists():
        return ""
    lines = path.read_text().splitlines()
    start = next((i for i, line in enumerate(lines) if re.match(r"(message|enum) ", line)), 0)
    return "\n".join(lines[start:]).strip()


def title(dataset: str) -> str:
    try:
        return catalog.dataset(dataset).title
    except KeyError:
        return HELPERS.get(dataset, dataset)


def _payload(result: Result | None) -> str:
    """One payload's bytes, and after zlib and zstd where the run measured them."""
    if result is None:
        return DASH
    metrics = result.case.metrics
    packed = [f"{name} {fmt_bytes(metrics[m])}" for name, m in COMPRESSED if m in metrics]
    # The compressed sizes on a line of their own keep the table inside the content column.
    return fmt_bytes(metrics["wire_bytes"]) + (f"<br><small>{' · '.join(packed)}</small>" if packed else "")


def wire_sizes(found: Sequence[Result]) -> tuple[list[int], list[dict[str, Any]]]:
    """(sizes, rows): the bytes of one payload per record count, as each library's encoder
    wrote it, and after zlib and zstd where the run measured them (COMPRESSED). Libraries
    (and variants) of a format that wrote the same sizes share one row."""
    encoded = [r for r in found if r.case.op == "encode" and "wire_bytes" in r.case.metrics]
    sizes = sorted({r.case.size for r in encoded})
    several = len({r.case.dataset for r in encoded}) > 1
    by_library: dict[tuple[str, str, str], dict[int, Result]] = {}
    for r in encoded:
        by_library.setdefault((r.case.dataset, r.case.format, r.label), {})[r.case.size] = r
    alike: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
    for (dataset, fmt, label), per_size in sorted(by_library.items()):
        cells = tuple(_payload(per_size.get(size)) for size in sizes)
        alike.setdefault((dataset, fmt, cells), []).append(label)
    return sizes, [
        {"format": f"{d} · {fmt}" if several else fmt, "libraries": ", ".join(names), "cells": list(cells)}
        for (d, fmt, cells), names in alike.items()
    ]
