"""`bazel run //runner:all`: run every suite and keep each one's native output.

Each suite runs as its own process and writes its harness's JSON under
results/raw/<run id>/<lang>/; results/raw/<run id>/manifest.json records, after
every suite, what ran, how it ended and the sha256 of every file it wrote.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

from runner.run import SuiteResult, run_suite
from runner.suites import SUITES, Suite


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="runner all", description=__doc__)
    parser.add_argument("--profile", choices=("quick", "full"), default="quick")
    parser.add_argument("--lang", action="append", choices=[s.lang for s in SUITES],
                        help="run only this language (repeatable)")
    parser.add_argument("--library", help="run only this library (name as in the case ids)")
    parser.add_argument("--dataset", help="run only this dataset")
    parser.add_argument("--results", type=Path, help="results folder (default: <workspace>/results)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds allowed per suite")
    return parser.parse_args(argv)


def results_root(explicit: Path | None) -> Path:
    if explicit is not None:
        return explicit.resolve()
    workspace = os.environ.get("BUILD_WORKSPACE_DIRECTORY")
    if not workspace:
        sys.exit("runner: not started by `bazel run`; pass --results DIR")
    return Path(workspace) / "results"


def runfiles_root() -> Path:
    root = os.environ.get("RUNFILES_DIR")
    if root:
        return Path(root)
    return Path(sys.argv[0] + ".runfiles")


def suite_argv(suite: Suite, args: argparse.Namespace, out_dir: Path) -> list[str]:
    argv = [str(runfiles_root() / suite.runfile), "--profile", args.profile, "--out", str(out_dir)]
    if args.library:
        argv += ["--library", args.library]
    if args.dataset:
        argv += ["--dataset", args.dataset]
    return argv


def git_commit(workspace: Path) -> str:
    probe = subprocess.run(["git", "-C", str(workspace), "rev-parse", "HEAD"],
                           capture_output=True, text=True, check=False)
    return probe.stdout.strip() or "unknown"


def write_manifest(path: Path, header: dict[str, object], results: list[SuiteResult]) -> None:
    # Written after every suite, atomically, so an interrupted run keeps what finished.
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({**header, "suites": [asdict(r) for r in results]}, indent=2))
    tmp.replace(path)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    root = results_root(args.results)
    run_id = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    run_dir = root / "raw" / run_id
    run_dir.mkdir(parents=True, exist_ok=False)
    header: dict[str, object] = {"run_id": run_id, "profile": args.profile,
                                 "git_commit": git_commit(root.parent)}
    suites = [s for s in SUITES if not args.lang or s.lang in args.lang]
    results: list[SuiteResult] = []
    start = time.monotonic()
    for index, suite in enumerate(suites, 1):
        print(f"runner: [{index}/{len(suites)}] {suite.lang} suite ({suite.harness}), "
              f"profile {args.profile}", file=sys.stderr, flush=True)
        result = run_suite(suite.lang, suite_argv(suite, args, run_dir / suite.lang),
                           run_dir / suite.lang, args.timeout)
        results.append(result)
        write_manifest(run_dir / "manifest.json", header, results)
        print(f"runner: {suite.lang}: {result.status} in {result.seconds:.0f}s"
              + (f" ({result.reason})" if result.reason else ""), file=sys.stderr, flush=True)
    print_summary(results, run_dir, time.monotonic() - start)
    return 0 if all(r.status == "ok" for r in results) else 1


def print_summary(results: list[SuiteResult], run_dir: Path, seconds: float) -> None:
    print(f"\nrun {run_dir.name} finished in {seconds:.0f}s")
    for r in results:
        detail = f"{len(r.files)} file(s)" if r.status == "ok" else r.reason
        print(f"  {r.lang:<7} {r.status:<8} {r.seconds:6.0f}s  {detail}")
    print(f"native results: {run_dir}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
