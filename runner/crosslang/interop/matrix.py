"""The cross-language interop matrix: every producer language encodes the
canonical fixture with its reference library, every consumer language decodes
those bytes and compares them with the fixture field by field.

    matrix [--lang python=CMD ...] --out matrix.json [--known-failures FILE]
           [--formats protobuf,json] [--datasets user,order] [--sizes 1,100]

Without --lang, the wired binaries (//<lang>/interop:interop, in this
target's runfiles) are used.

CMD is an interop binary obeying the protocol (schemas/interop/protocol.py,
schemas/README.md): `CMD encode|decode --format F --dataset D --size N
--out|--in FILE`, exit 0 ok, 1 failed or different, 2 usage, 3 not applicable;
the matrix sends those steps to `CMD serve`, one process a language a worker.
Each cell of the JSON written is ok, failed (with the message) or
not_applicable (with the reason). Exit 1 if a cell failed that the
known-failures file does not list, or a listed cell no longer fails (the list
only shrinks: remove the line), or a cell has a status outside those three.
"""

import argparse
import hashlib
import json
import os
import queue
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from runner.crosslang.interop.schema import SCHEMA
from schemas.catalog import catalog
from schemas.interop.protocol import STATUSES, Case, Outcome, Server, lang_commands

FORMATS = catalog.INTEROP_FORMATS
DATASETS = catalog.SYNTHETIC_DATASETS
SIZES = catalog.SIZES
# Interop binaries wired into //runner/crosslang/interop:matrix, by runfiles path.
# A language without an interop program ("" in the catalog) is not wired.
WIRED = {lang.name: lang.interop for lang in catalog.load().languages if lang.interop}
_WORKERS = os.cpu_count() or 2
# What every ok cell means: the consumer decoded the producer's bytes to values
# equal to the canonical fixture (not merely that it decoded them).
COMPARISON = "consumer decoded the producer's bytes and compared every field with the canonical fixture"


@dataclass
class Cell:
    producer: str
    consumer: str
    format: str
    dataset: str
    size: int
    status: str
    message: str
    comparison: str
    payload_bytes: int | None
    payload_sha256: str | None


def cell_id(cell: Cell) -> str:
    return f"{cell.producer}->{cell.consumer} {cell.format}/{cell.dataset}/{cell.size}"


def _cell(producer: str, consumer: str, case: Case, outcome: Outcome, payload: Path | None) -> Cell:
    data = payload.read_bytes() if payload is not None and payload.exists() else None
    return Cell(
        producer, consumer, case.format, case.dataset, case.size, outcome.status, outcome.message,
        COMPARISON, None if data is None else len(data),
        None if data is None else hashlib.sha256(data).hexdigest(),
    )  # fmt: skip


def producer_row(name: str, servers: dict[str, Server], case: Case, work: Path) -> list[Cell]:
    """The cells of one producer for one case: its encode, then every consumer's decode."""
    payload = work / f"{name}-{case.format}-{case.dataset}-{case.size}.bin"
    encoded = servers[name].step("encode", case, payload)
    if encoded.status != "ok":
        message = (
            encoded.message if encoded.status == "not_applicable" else f"producer {name} {encoded.message}"
        )
        return [_cell(name, c, case, Outcome(encoded.status, message), None) for c in servers]
    return [_cell(name, c, case, s.step("decode", case, payload), payload) for c, s in servers.items()]


@contextmanager
def server_sets(langs: dict[str, list[str]], count: int) -> Iterator["queue.Queue[dict[str, Server]]"]:
    """count sets of one server a language, each used by one producer row at a time."""
    sets = [{name: Server(command) for name, command in langs.items()} for _ in range(count)]
    free: queue.Queue[dict[str, Server]] = queue.Queue()
    for servers in sets:
        free.put(servers)
    try:
        yield free
    finally:
        for server in (s for servers in sets for s in servers.values()):
            server.close()


def run_matrix(langs: dict[str, list[str]], cases: list[Case], progress: bool = True) -> list[Cell]:
    """Every cell, in a fixed order; producer rows run in parallel, each on a free set of servers."""
    rows = [(case, name) for case in cases for name in langs]
    cells: list[Cell] = []

    def row(case: Case, name: str, work: Path) -> list[Cell]:
        servers = free.get()
        try:
            return producer_row(name, servers, case, work)
        finally:
            free.put(servers)

    with (
        tempfile.TemporaryDirectory(prefix="serbench-matrix-") as tmp,
        server_sets(langs, _WORKERS) as free,
        ThreadPoolExecutor(_WORKERS) as pool,
    ):
        futures = [pool.submit(row, case, name, Path(tmp)) for case, name in rows]
        for done, ((case, name), future) in enumerate(zip(rows, futures, strict=True), 1):
            cells += future.result()
            if progress:
                print(
                    f"progress: {done}/{len(rows)} {name}/{case.format}/{case.dataset}/{case.size}",
                    file=sys.stderr,
                )
    return cells


def bad_cells(cells: list[Cell]) -> list[Cell]:
    """Failed cells and any with a status outside the protocol's three."""
    return [c for c in cells if c.status not in ("ok", "not_applicable")]


def read_known_failures(path: Path) -> set[str]:
    """Cell ids, one a line; `#` starts a comment (say why the cell fails)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


def regressions(cells: list[Cell], known: set[str]) -> tuple[list[Cell], list[str]]:
    """(bad cells not listed as known, listed cells that no longer fail)."""
    bad = bad_cells(cells)
    bad_ids = {cell_id(c) for c in bad}
    ran = {cell_id(c) for c in cells}
    return [c for c in bad if cell_id(c) not in known], sorted((known & ran) - bad_ids)


def wired_langs() -> dict[str, list[str]]:
    """The wired binaries present in this target's runfiles (working directory)."""
    return {name: [os.path.abspath(path)] for name, path in WIRED.items() if Path(path).exists()}


def report(cells: list[Cell]) -> dict[str, object]:
    counts = Counter(c.status for c in cells)
    return {
        "schema": SCHEMA,
        "comparison": COMPARISON,
        "counts": {s: counts.get(s, 0) for s in STATUSES},
        "cells": [asdict(c) for c in cells],
    }


def _csv(text: str, known: tuple[str, ...]) -> list[str]:
    chosen = [t for t in text.split(",") if t]
    unknown = [t for t in chosen if t not in known]
    if unknown:
        raise SystemExit(f"matrix: unknown {', '.join(unknown)}; known: {', '.join(known)}")
    return chosen


def _verdict(cells: list[Cell], known: set[str]) -> int:
    """Prints what breaks the run; 1 if anything does."""
    unexpected, fixed = regressions(cells, known)
    for c in unexpected:
        print(f"FAILED {cell_id(c)}: {c.message}", file=sys.stderr)
    for line in fixed:
        print(f"FIXED {line}: passes now, remove it from the known-failures file", file=sys.stderr)
    return 1 if unexpected or fixed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--lang", action="append", default=[], help="NAME=COMMAND of a interop binary")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--known-failures", type=Path, help="cell ids allowed to fail, one a line")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--datasets", default=",".join(DATASETS))
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = parser.parse_args(argv)
    langs = lang_commands(args.lang, "matrix") if args.lang else wired_langs()
    if not langs:
        print("matrix: no interop binary given (--lang NAME=COMMAND) or wired", file=sys.stderr)
        return 2
    sizes = [int(s) for s in _csv(args.sizes, tuple(map(str, SIZES)))]
    formats, datasets = _csv(args.formats, FORMATS), _csv(args.datasets, DATASETS)
    cells = run_matrix(langs, [Case(f, d, n) for f in formats for d in datasets for n in sizes])
    result = report(cells)
    # Under `bazel run`, a relative --out is the caller's path.
    out = Path(os.environ.get("BUILD_WORKING_DIRECTORY", ".")) / args.out
    # Written whole or not at all: the runner ingests this file.
    partial = out.with_name(out.name + ".partial")
    partial.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(out)
    print(f"matrix: {result['counts']} -> {out}")
    return _verdict(cells, read_known_failures(args.known_failures) if args.known_failures else set())


if __name__ == "__main__":
    sys.exit(main())
