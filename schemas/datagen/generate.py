"""Writes the canonical fixtures of one synthetic dataset, every size, after
checking each record against the contract.

    generate --dataset NAME --out-dir DIR     # writes DIR/NAME_<size>.json, every size of the catalog
"""

import argparse
import sys
from pathlib import Path

from schemas.datagen import contract, fixture_io
from schemas.datagen.common import Record, rng_for
from schemas.datagen.registry import DATASETS, SIZES, record_maker


def records(dataset: str, count: int) -> list[Record]:
    """Records 0..count-1; record i depends only on (dataset, i)."""
    make = record_maker(dataset)
    return [make(rng_for(dataset, i), i) for i in range(count)]


def file_name(dataset: str, size: int) -> str:
    return f"{dataset}_{size}.json"


def write_all(dataset: str, out_dir: Path) -> list[Path]:
    """Generates the largest size once and writes each size as its prefix."""
    every = records(dataset, max(SIZES))
    errors = contract.check_records(dataset, every)
    if errors:
        raise contract.ContractError(f"generated {dataset} breaks the contract:\n" + "\n".join(errors))
    paths = []
    for size in SIZES:
        path = out_dir / file_name(dataset, size)
        fixture_io.write_atomic(path, fixture_io.dumps(every[:size]))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--out-dir", required=True, type=Path)
    args = parser.parse_args(argv)
    if args.dataset not in DATASETS:
        print(f"generate: unknown dataset {args.dataset!r}; known: {', '.join(DATASETS)}", file=sys.stderr)
        return 2
    write_all(args.dataset, args.out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
