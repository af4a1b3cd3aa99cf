"""`runner export`: the store as CSV, JSON lines or Parquet, for notebooks and other tools.

Three tables: `results` (one row per case per run: identity, lazy reason,
capabilities, self-check flags, the fastest round (the figure the docs show), the median
with its 95% CI, and every metric),
`samples` (one row per raw sample with its round, warmups and calibration included
and labelled by kind) and `unmeasured` (failed and not-applicable cases with the reason).
"""

import argparse
import csv
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from runner.paths import UsageError, store_path, user_path
from runner.stats import median_ci
from runner.store import Store
from runner.store_reads import (
    Row,
    measured_by_result,
    metrics_by_result,
    result_rows,
    sample_rows,
    unmeasured_rows,
)


def results_table(store: Store, run_ids: Sequence[str]) -> list[Row]:
    rows = result_rows(store, run_ids)
    samples = measured_by_result(store, run_ids)
    metrics = metrics_by_result(store, run_ids)
    metric_names = sorted({name for found in metrics.values() for name in found})
    for row in rows:
        result_id = int(str(row.pop("result_id")))
        summary = median_ci(samples.get(result_id, []))
        row |= {
            "n": summary.n,
            "fastest_ns": summary.fastest,
            "median_ns": summary.median,
            "ci_low_ns": summary.ci_low,
            "ci_high_ns": summary.ci_high,
        }
        row |= {name: metrics.get(result_id, {}).get(name) for name in metric_names}
    return rows


TABLES: dict[str, Callable[[Store, Sequence[str]], list[Row]]] = {
    "results": results_table,
    "samples": sample_rows,
    "unmeasured": unmeasured_rows,
}


def _clean(value: object) -> object:
    # NaN (an interval too wide to state) is not valid JSON and reads badly in CSV.
    return None if isinstance(value, float) and value != value else value


def write_csv(rows: list[Row], path: Path) -> None:
    with path.open("w", newline="") as handle:
        if rows:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows({k: _clean(v) for k, v in row.items()} for row in rows)


def write_jsonl(rows: list[Row], path: Path) -> None:
    with path.open("w") as handle:
        for row in rows:
            handle.write(json.dumps({k: _clean(v) for k, v in row.items()}) + "\n")


def write_parquet(rows: list[Row], path: Path) -> None:
    # Imported here: pyarrow takes a second to load and only this format needs it.
    import pyarrow as pa  # type: ignore[import-untyped]  # no type information
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    columns = list(rows[0]) if rows else []
    table = pa.table({name: [_clean(row[name]) for row in rows] for name in columns})
    pq.write_table(table, path)


WRITERS: dict[str, Callable[[list[Row], Path], None]] = {
    ".csv": write_csv,
    ".jsonl": write_jsonl,
    ".parquet": write_parquet,
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        help=f"file to write; its suffix picks the format ({', '.join(WRITERS)})",
    )
    parser.add_argument("--table", choices=sorted(TABLES), default="results")
    parser.add_argument(
        "--run",
        action="append",
        default=[],
        help="only this run (id, prefix, latest or previous; repeatable); default every run",
    )


def main(args: argparse.Namespace) -> int:
    out = user_path(args.out)
    writer = WRITERS.get(out.suffix)
    if writer is None:
        raise UsageError(f"{out}: unknown suffix (use one of {', '.join(WRITERS)})")
    with Store.open(store_path(args.store, args.results)) as store:
        run_ids = [store.resolve_run(ref).id for ref in args.run]
        rows = TABLES[args.table](store, run_ids)
    out.parent.mkdir(parents=True, exist_ok=True)
    writer(rows, out)
    print(f"runner export: {len(rows)} {args.table} row(s) -> {out}")
    return 0
