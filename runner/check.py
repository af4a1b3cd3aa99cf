"""`runner check --base REF [--head REF]`: did a change make the selected cases slower?

Builds the suite of the chosen language at both commits (a git worktree each, under a
temporary folder removed afterwards), then measures both on this machine in `--invocations`
invocations of `--rounds` rounds, round i of base's invocation j paired with round i of
head's. A suite that can time another build beside its own (Python's) measures both sides
in each invocation, a case's base and head samples of a round back to back; the others
alternate one process a side: base, head, head, base, base, ...
The verdict (runner/check_verdict.py) calls a case slower or faster only when its paired
ratio head / base is significant after Benjamini-Hochberg false-discovery control, its 95%
interval excludes 1, and the move exceeds the noise of its language and size measured in the same check
(each side's invocations against each other).
It prints a Markdown summary fit for a pull-request comment (also written to --summary)
and exits 1 when a case got slower, 0 otherwise, 2 when it could not judge.
"""

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runner.caseid import CaseIdentity
from runner.check_verdict import FDR, ROUND_STRIDE, Rounds, judge, markdown
from runner.ingest import payloads
from runner.ingest.load import ingest_suite
from runner.machine import Machine, machine_class, runtime_metadata, this_machine
from runner.paths import UsageError, user_path
from runner.run import run_suite
from runner.stats import Verdict
from runner.store import Store
from runner.suites import SUITES, Invocation, Suite, suite_command
from schemas.catalog import catalog

SIDES = ("base", "head")
# (invocations, rounds) unless given, by whether the suite pairs: the settings that were
# measured telling a planted 15% slowdown from noise here (runner/README.md).
DEFAULT_SHAPE = {True: (6, 10), False: (8, 5)}
TIMEOUT_S = 3600.0
WORKSPACE = "serbench"  # the Bazel workspace's name, the first part of a suite's runfile


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base", required=True, metavar="REF", help="the commit judged against (e.g. main)")
    parser.add_argument("--head", default="HEAD", metavar="REF", help="the commit judged (default HEAD)")
    parser.add_argument("--lang", required=True, choices=[s.lang for s in SUITES], help="the language")
    parser.add_argument("--library", help="only this library")
    parser.add_argument("--dataset", choices=catalog.DATASETS, help="only this dataset")
    parser.add_argument("--op", help="judge only this op (every op is measured)")
    parser.add_argument(
        "--cases", type=Path, help="measure only the case ids listed in this file, one a line"
    )
    parser.add_argument("--profile", choices=catalog.PROFILES, default="quick", help="suite profile (quick)")
    parser.add_argument(
        "--invocations", type=int, help="suite invocations (6 for a suite that pairs, else 8 a side)"
    )
    parser.add_argument(
        "--rounds", type=int, help="rounds per invocation (10 for a suite that pairs, else 5)"
    )
    parser.add_argument("--summary", type=Path, help="write the Markdown summary here too")
    parser.add_argument(
        "--keep-store",
        type=Path,
        metavar="FILE",
        help="keep the check's own SQLite store (every invocation as a run: base-0, head-0, ...) here",
    )
    parser.add_argument("--workspace", type=Path, help="the git checkout (default: the bazel workspace)")


@dataclass(frozen=True)
class Checkout:
    side: str
    commit: str
    binary: Path


def _git(workspace: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(workspace), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise UsageError(f"git {' '.join(args)}: {done.stderr.strip() or done.returncode}")
    return done.stdout.strip()


def _label(suite: Suite) -> tuple[str, Path]:
    """The suite's Bazel label and its binary's path under bazel-bin."""
    path = Path(suite.runfile).relative_to(WORKSPACE)
    return f"//{path.parent}:{path.name}", path


def build(workspace: Path, side: str, ref: str, suite: Suite, folder: Path) -> Checkout:
    """A worktree of ref under folder with the suite built in it (its own Bazel output base,
    the workspace's venv)."""
    commit = _git(workspace, "rev-parse", "--verify", f"{ref}^{{commit}}")
    tree = folder / side
    _git(workspace, "worktree", "add", "--detach", str(tree), commit)
    label, binary = _label(suite)
    # A worktree in a temporary folder has no ../shared beside it: it uses the workspace's
    # venv and datasets mirror (tools/bootstrap, schemas/real/mirror.bzl).
    mirror = os.environ.get("SERBENCH_DATASETS", str(workspace.parent / "shared" / "datasets"))
    env = os.environ | {"SERBENCH_VENV": str(workspace / ".venv"), "SERBENCH_DATASETS": mirror}
    print(f"runner check: building {label} at {side} {commit[:12]}", file=sys.stderr, flush=True)
    built = subprocess.run(
        ["bazel", f"--output_base={folder / (side + '-bazel')}", "build", label],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    subprocess.run(
        ["bazel", f"--output_base={folder / (side + '-bazel')}", "shutdown"], cwd=tree, env=env, check=False
    )
    if built.returncode != 0:
        lines = built.stderr.strip().splitlines()
        first = next((line for line in lines if line.startswith("ERROR:")), lines[-1] if lines else "")
        raise UsageError(f"cannot build {label} at {side} {commit[:12]}: {first}")
    return Checkout(side, commit, tree / "bazel-bin" / binary)


def measure(
    checkouts: dict[str, Checkout], suite: Suite, args: argparse.Namespace, folder: Path, store: Store
) -> dict[str, Rounds]:
    """Both sides' rounds, invocation by invocation (_processes)."""
    facts = (this_machine(), runtime_metadata())
    found: dict[str, dict[CaseIdentity, dict[int, float]]] = {side: {} for side in SIDES}
    for j in range(args.invocations):
        print(f"runner check: invocation {j + 1}/{args.invocations}", file=sys.stderr, flush=True)
        for sides in _processes(suite, j):
            outs = [folder / "raw" / f"{side}-{j}" for side in sides]
            paired = (checkouts[sides[1]].binary, outs[1]) if len(sides) == 2 else None
            call = Invocation(
                checkouts[sides[0]].binary,
                outs[0],
                args.profile,
                (suite.lang,),
                args.library,
                args.dataset,
                every_lang=False,
                cases=user_path(args.cases) if args.cases else None,
                rounds=args.rounds,
                paired=paired,
            )
            process = run_suite(suite.lang, suite_command(call), outs[0], TIMEOUT_S, _quiet)
            if process.status != "ok":
                raise UsageError(f"{' and '.join(sides)} suite {process.status}: {process.reason}")
            for side, out in zip(sides, outs, strict=True):
                for case, by_round in _ingest(
                    store, f"{side}-{j}", checkouts[side], suite, out, args, facts
                ).items():
                    found[side].setdefault(case, {}).update(
                        {j * ROUND_STRIDE + r: v for r, v in by_round.items()}
                    )
    return {side: _only_op(rounds, args.op) for side, rounds in found.items()}


def _processes(suite: Suite, j: int) -> list[tuple[str, ...]]:
    """The suite processes of invocation j, each as the sides it measures. A suite that pairs
    (Suite.pairs) runs head with base beside it: a case's two samples of a round are seconds
    apart. Any other runs one side a process, base first in even invocations and head first in
    odd ones, so neither side always runs warmer; round i of base's invocation j then pairs
    with round i of head's, a process apart."""
    if suite.pairs:
        return [("head", "base")]
    return [(side,) for side in (SIDES if j % 2 == 0 else SIDES[::-1])]


def _ingest(
    store: Store,
    run_id: str,
    checkout: Checkout,
    suite: Suite,
    out: Path,
    args: argparse.Namespace,
    facts: tuple[Machine, dict[str, str]],
) -> dict[CaseIdentity, dict[int, float]]:
    """One side's files of one invocation, stored as run `run_id`; its rounds by case. `facts`:
    this machine and its runtimes (runner/machine.py)."""
    shutil.rmtree(out / payloads.PAYLOAD_DIR, ignore_errors=True)  # sizes are not judged
    chosen = {"langs": [suite.lang], "library": args.library, "dataset": args.dataset}
    store.create_run(run_id, args.profile, chosen, checkout.commit, *facts)
    ingested = ingest_suite(store, run_id, suite, out)
    if ingested.errors:
        raise UsageError(f"{run_id}: {'; '.join(ingested.errors)}")
    return store.rounds(run_id, suite.lang)


def _quiet(line: str) -> bool:
    return line.startswith("progress:")


def _only_op(rounds: Rounds, op: str | None) -> Rounds:
    return {case: r for case, r in rounds.items() if op is None or case.op == op}


def _remove(folder: Path) -> None:
    """Deletes the folder, Bazel's read-only output base included."""
    for root, dirs, _ in os.walk(folder):
        for name in dirs:
            with contextlib.suppress(OSError):
                os.chmod(Path(root) / name, 0o755)
    shutil.rmtree(folder, ignore_errors=True)


def check(args: argparse.Namespace, build_one: Callable[..., Checkout] = build) -> tuple[int, str]:
    """Builds, measures and judges; (exit status, Markdown summary)."""
    workspace = user_path(args.workspace or Path(os.environ.get("BUILD_WORKSPACE_DIRECTORY", ".")))
    suite = next(s for s in SUITES if s.lang == args.lang)
    args = _shaped(args, suite)
    folder = Path(tempfile.mkdtemp(prefix="serbench-check-"))
    try:
        refs = zip(SIDES, (args.base, args.head), strict=True)
        checkouts = {side: build_one(workspace, side, ref, suite, folder) for side, ref in refs}
        with Store.open(folder / "check.sqlite") as store:
            rounds = measure(checkouts, suite, args, folder, store)
        if args.keep_store:
            shutil.copyfile(folder / "check.sqlite", user_path(args.keep_store))
    finally:
        for side in SIDES:
            remove = ["git", "-C", str(workspace), "worktree", "remove", "--force", str(folder / side)]
            subprocess.run(remove, capture_output=True, check=False)
        _remove(folder)
    verdicts = judge(rounds["base"], rounds["head"])
    if not verdicts:
        raise UsageError("no case was measured in enough paired rounds on both sides")
    kind = machine_class(this_machine(), runtime_metadata()).id
    title = f"runner check: {checkouts['head'].commit[:12]} against {checkouts['base'].commit[:12]}"
    context = (
        f"{suite.lang}, profile {args.profile}, {args.invocations} x {args.rounds} paired rounds per case"
        f" ({'a pair seconds apart' if suite.pairs else 'a pair a suite process apart'})"
        f" on machine class {kind}; false-discovery rate {FDR:g} (Benjamini-Hochberg)."
    )
    slower = any(v.verdict is Verdict.SLOWER for v in verdicts)
    return (1 if slower else 0), markdown(verdicts, title, context)


def _shaped(args: argparse.Namespace, suite: Suite) -> argparse.Namespace:
    """args with --invocations and --rounds set (DEFAULT_SHAPE when not given), checked."""
    shaped = argparse.Namespace(**vars(args))
    for name, default in zip(("invocations", "rounds"), DEFAULT_SHAPE[suite.pairs], strict=True):
        if getattr(shaped, name) is None:
            setattr(shaped, name, default)
    if shaped.invocations < 2 or shaped.rounds < 1:
        raise UsageError("--invocations must be at least 2 and --rounds at least 1")
    return shaped


def main(args: argparse.Namespace) -> int:
    status, summary = check(args)
    print(summary)
    if args.summary:
        user_path(args.summary).write_text(summary)
    return status
