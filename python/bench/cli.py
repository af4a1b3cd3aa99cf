"""Benchmarks of every registered library on every dataset, in interleaved rounds.

    bench --out DIR [--profile quick|standard|full] [--library NAME] [--dataset NAME]
          [--cases FILE] [--seed N] [--payloads DIR] [--rounds N]

Writes DIR/python.json (pyperf's JSON: one benchmark per measured case, named by
its canonical case id; runs[i] is round i, with run metadata "round": i, and
holds that round's `repeat` loops as values, of which the runner keeps the fastest),
DIR/python-cases.json (every case with its status: measured, refused,
not_applicable, failed, not_measured), DIR/python-calibration.json (the
calibration workloads at the start and end), and for a whole-suite or
one-library run DIR/python-extra.json (sizes in bytes). With --payloads DIR, each
measured encode case's payload (the bytes its round trip check verified, written
once by its worker, untimed) goes to DIR/<case id, "/" as ",">.bin. --rounds N replaces
the profile's number of rounds (the runner's re-measure asks for fewer).

Isolation: every (library variant, dataset) -- and every extra case -- is served
by a worker process of its own (this script with --serve), started fresh for
that dataset; a worker builds each sample's input afresh and drops it after
(serbench_py/measure.py). Rounds: the cases of one dataset (every size, op and
library: each comparison's cases among them) are sampled once per round, in an
order shuffled per round from the seed recorded in the metadata.
"""

import argparse
import os
from pathlib import Path

from bench.profiles import PROFILES
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES


def parse_cli(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    parser.add_argument("--out", type=Path, help="directory for the JSON files")
    parser.add_argument("--library", choices=sorted({a.lib for a in LIBRARIES}))
    parser.add_argument("--dataset", choices=sorted(SOURCES))
    parser.add_argument("--cases", type=Path, help="a file of case ids, one a line: only these")
    parser.add_argument("--seed", type=int, help="the shuffle seed (default: a random one)")
    parser.add_argument("--payloads", type=Path, help="directory for each encode case's payload")
    parser.add_argument("--rounds", type=int, help="samples per case (default: the profile's)")
    # Internal: serve one unit's cases as a worker process.
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.serve is None and opts.out is None:
        parser.error("--out is required")
    if opts.rounds is not None and opts.rounds < 1:
        parser.error("--rounds must be at least 1")
    here = Path(os.environ.get("BUILD_WORKING_DIRECTORY", "."))
    # Under `bazel run` the working directory is the runfiles tree, not the caller's.
    for name in ("out", "cases", "payloads"):
        if getattr(opts, name) is not None:
            setattr(opts, name, Path(here, getattr(opts, name)).absolute())
    return opts


def rounds(opts: argparse.Namespace) -> int:
    """Samples per case: --rounds, else the profile's."""
    return int(opts.rounds or PROFILES[opts.profile].rounds)
