"""pyperf benchmarks of every registered adapter on every dataset.

    bench --out DIR [--profile quick|full] [--library NAME] [--dataset NAME]

Writes pyperf's JSON to DIR/python.json, one benchmark per case, named by the
canonical case id. Every adapter's round trip is checked before it is timed; a
wrong one is refused, reported on stderr, and makes the exit status 1.

pyperf re-runs this script as worker processes, each timing one case. Workers
get the same options back (see _worker_args) and repeat the same selection and
round-trip checks, so their task numbers line up with the manager's.
"""

import argparse
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pyperf

from serbench_py.adapter import Adapter
from serbench_py.cases import Case
from serbench_py.model import User, load_users
from serbench_py.registry import ADAPTERS
from serbench_py.roundtrip import RoundTripError, check_round_trip

RESULT_FILE = "python.json"
DATASETS: dict[str, Callable[[], list[User]]] = {"user": load_users}
# pyperf options per profile: quick is a smoke run of a few seconds per case.
PROFILES: dict[str, list[str]] = {
    "quick": ["--processes", "3", "--values", "3", "--min-time", "0.05"],
    "full": [],
}
# Workers only see the variables pyperf copies (PATH, PYTHONPATH, ...); these
# pick the protobuf backend and locate the runfiles, so workers need them too.
INHERITED_ENV = "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION,RUNFILES_DIR,RUNFILES_MANIFEST_FILE"


def parse_cli(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Splits argv into this suite's options and pyperf's own (passed through)."""
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    parser.add_argument("--out", type=Path, required=True, help="directory for python.json")
    parser.add_argument("--library", choices=sorted({a.lib for a in ADAPTERS}))
    parser.add_argument("--dataset", choices=sorted(DATASETS))
    opts, harness_args = parser.parse_known_args(argv)
    # Under `bazel run` the working directory is the runfiles tree, not the caller's.
    opts.out = Path(os.environ.get("BUILD_WORKING_DIRECTORY", "."), opts.out).absolute()
    return opts, harness_args


def _worker_args(opts: argparse.Namespace) -> list[str]:
    args = ["--profile", opts.profile, "--out", str(opts.out)]
    for name in ("library", "dataset"):
        if getattr(opts, name):
            args += [f"--{name}", getattr(opts, name)]
    return args


def _manager_args(opts: argparse.Namespace, harness_args: list[str]) -> list[str]:
    out_file = opts.out / RESULT_FILE
    opts.out.mkdir(parents=True, exist_ok=True)
    # pyperf refuses to overwrite; a new run replaces the previous result.
    out_file.unlink(missing_ok=True)
    return [
        *PROFILES[opts.profile],
        "--inherit-environ",
        INHERITED_ENV,
        "--output",
        str(out_file),
        *harness_args,
    ]


def _operations(
    adapter: Adapter, users: list[User], payload: bytes
) -> dict[str, Callable[[], object]]:
    """The timed function of each op, bound to inputs built before timing."""

    def roundtrip() -> object:
        return adapter.decode(adapter.encode(users))

    return {
        "encode": functools.partial(adapter.encode, users),
        "decode": functools.partial(adapter.decode, payload),
        "roundtrip": roundtrip,
    }


def _metadata(case: Case, adapter: Adapter, payload: bytes) -> dict[str, str | int]:
    metadata = case.metadata()
    metadata["lib_version"] = adapter.version
    metadata["wire_bytes"] = len(payload)
    if adapter.capabilities:
        metadata["capabilities"] = ",".join(sorted(c.value for c in adapter.capabilities))
    return metadata


def bench_adapter(
    runner: pyperf.Runner, adapter: Adapter, dataset: str, users: list[User], report: bool
) -> bool:
    """Times every op of one adapter; False (nothing timed) if its round trip is wrong."""
    try:
        check_round_trip(adapter, users)
    except RoundTripError as error:
        if report:
            print(f"REFUSED dataset={dataset} {error}", file=sys.stderr)
        return False
    payload = adapter.encode(users)
    for op, func in _operations(adapter, users, payload).items():
        case = Case.of(adapter, op, dataset, len(users))
        if report:
            print(f"running {case.id}", file=sys.stderr, flush=True)
        runner.bench_func(case.id, func, metadata=_metadata(case, adapter, payload))
    return True


def main(argv: list[str]) -> int:
    opts, harness_args = parse_cli(argv)
    worker = "--worker" in harness_args
    runner = pyperf.Runner(add_cmdline_args=lambda cmd, _: cmd.extend(_worker_args(opts)))
    runner.parse_args(harness_args if worker else _manager_args(opts, harness_args))
    adapters = [a for a in ADAPTERS if opts.library in (None, a.lib)]
    datasets = [d for d in DATASETS if opts.dataset in (None, d)]
    refused = 0
    for dataset in datasets:
        users = DATASETS[dataset]()
        for adapter in adapters:
            if not bench_adapter(runner, adapter, dataset, users, report=not worker):
                refused += 1
    if refused and not worker:
        print(f"{refused} adapter(s) refused, see REFUSED above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
