"""Benchmarks of every registered library on every dataset, in interleaved rounds.

    bench --out DIR [--profile quick|standard|full] [--library NAME] [--dataset NAME]
          [--cases FILE] [--seed N] [--payloads DIR] [--rounds N] [--document PATH]
          [--proto-descriptors FILE --message NAME] [--paired-base BIN --paired-out DIR]

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
--document PATH replaces every dataset with that one JSON document, named by --dataset
(default "mine"): the runner's `mine` command measures a user's own data this way. With
--proto-descriptors FILE (a FileDescriptorSet protoc wrote, imports included) --message NAME
(its full name), protobuf also measures the document as that message, binary and JSON
(serbench_py/user_proto.py). With --paired-base BIN --paired-out DIR, the suite binary BIN
(another commit's build) measures the same cases in the same rounds, each of its samples
taken right beside this build's (bench/rounds.py), and its files go to DIR: `runner check`
pairs a base and a head this way. BIN serves the cases this build plans, so a case whose
library BIN registers elsewhere or not at all is recorded there as not measured.

Isolation: every (library variant, dataset) -- and every extra case -- is served
by a worker process of its own (this script with --serve), started fresh for
that dataset; a worker builds each sample's input afresh and drops it after,
except a short call's, built once and kept frozen (bench/worker.py). Rounds: the
cases of one dataset (every size, op and library: each comparison's cases among
them) are sampled once per round, in an order shuffled per round from the seed
recorded in the metadata.
"""

import argparse
import os
from pathlib import Path

from bench.profiles import PROFILES
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES, Source, UserProto, user_document

# The dataset name of a --document run without --dataset.
DOCUMENT = "mine"


def parse_cli(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    parser.add_argument("--out", type=Path, help="directory for the JSON files")
    parser.add_argument("--library", choices=sorted({a.lib for a in LIBRARIES}))
    parser.add_argument("--dataset", help=f"one of: {', '.join(sorted(SOURCES))}")
    parser.add_argument("--cases", type=Path, help="a file of case ids, one a line: only these")
    parser.add_argument("--seed", type=int, help="the shuffle seed (default: a random one)")
    parser.add_argument("--payloads", type=Path, help="directory for each encode case's payload")
    parser.add_argument("--rounds", type=int, help="samples per case (default: the profile's)")
    parser.add_argument("--document", type=Path, help="measure this JSON document instead")
    parser.add_argument("--proto-descriptors", type=Path, help="descriptor set of --message")
    parser.add_argument("--message", help="the full name of the document's message")
    parser.add_argument("--paired-base", type=Path, help="another build's suite binary, paired")
    parser.add_argument("--paired-out", type=Path, help="directory for --paired-base's files")
    # Internal: serve one unit's cases as a worker process.
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.serve is None and opts.out is None:
        parser.error("--out is required")
    if opts.rounds is not None and opts.rounds < 1:
        parser.error("--rounds must be at least 1")
    proto = opts.proto_descriptors is not None
    if proto != (opts.message is not None) or (proto and opts.document is None):
        parser.error("--proto-descriptors FILE and --message NAME go together, with --document")
    if (opts.paired_base is None) != (opts.paired_out is None):
        parser.error("--paired-base BIN and --paired-out DIR go together")
    if opts.document is None and opts.dataset not in (None, *SOURCES):
        parser.error(f"unknown --dataset {opts.dataset!r} (known: {', '.join(sorted(SOURCES))})")
    here = Path(os.environ.get("BUILD_WORKING_DIRECTORY", "."))
    # Under `bazel run` the working directory is the runfiles tree, not the caller's.
    for name in (
        "out",
        "cases",
        "payloads",
        "document",
        "proto_descriptors",
        "paired_base",
        "paired_out",
    ):
        if getattr(opts, name) is not None:
            setattr(opts, name, Path(here, getattr(opts, name)).absolute())
    return opts


def rounds(opts: argparse.Namespace) -> int:
    """Samples per case: --rounds, else the profile's."""
    return int(opts.rounds or PROFILES[opts.profile].rounds)


def sources(opts: argparse.Namespace) -> dict[str, Source]:
    """The datasets the run may measure: the catalog's, or only --document."""
    if opts.document is None:
        return SOURCES
    name = opts.dataset or DOCUMENT
    return {name: user_document(name, opts.document, _proto(opts))}


def _proto(opts: argparse.Namespace) -> UserProto | None:
    if opts.message is None:
        return None
    return UserProto(opts.proto_descriptors, opts.message)


def worker_arguments(opts: argparse.Namespace) -> list[str]:
    """What a worker process needs of this command line besides its unit: the document."""
    if opts.document is None:
        return []
    arguments = ["--document", str(opts.document), "--dataset", opts.dataset or DOCUMENT]
    if opts.message is not None:
        arguments += ["--proto-descriptors", str(opts.proto_descriptors), "--message", opts.message]
    return arguments
