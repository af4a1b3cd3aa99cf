"""`bazel run //runner:all`: run every suite, ingest what each wrote, summarize.

Each suite runs as its own process and writes its harness's native files under
results/raw/<run id>/<lang>/; as soon as it ends, those files are ingested into
the store (results/serbench.sqlite), one transaction per file. A suite that
crashes, hangs or writes a bad file is recorded as failed, with the reason, and
the others still run. After the suites, the cross-language steps (the interop
matrix, the robustness driver) run the same way, each as its own process with
a time limit, and their files are ingested into their own tables.

Profiles: `standard` (the default and the published one: every case gets 9 rounds, 6 in a
suite the run's hour cannot hold, runner/schedule.py), `quick` (a smoke run, never
published) and `full` (more rounds). After a suite ends, the cases whose samples spread
more than 1.3x (max/min) are measured once more with the suite's `--cases FILE` and keep
the new samples beside the first ones (flagged `remeasured`; still spread in the second
pass: `unstable`), the widest-spread first, as many as 5% of the first pass's time affords
(checks.REMEASURE_BUDGET, each case priced with the suite's fixed costs:
checks.REMEASURE_OVERRUN), and in a standard run no more than what its hour has left
(runner/schedule.py).

Every run gets its own pages in results/local/<run id>/ (its snapshot, docs/ and the
mkdocs.yml that serves them). The published reference (results/published/ and docs/) is
replaced only when asked (`--publish`), and only by a complete, unfiltered standard or
full run.

Resuming: a run interrupted by Ctrl-C or a kill stays "running" in the store.
Started again with the same arguments on the same machine, the runner resumes
it (or `--resume RUN_ID` names one): suites that finished are skipped, a suite
that was cut off is discarded and run again, so nothing is stored twice.
`--new` starts a fresh run instead.

With `--queue URL` nothing runs here: the run's jobs (language x dataset) are queued in
that team store for `runner worker --queue URL` on any number of machines (runner/store_queue.py).
"""

import argparse
import dataclasses
import datetime
import functools
import json
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from types import FrameType

from runner import checks, repeatability, store_queue
from runner.docs import generate, publish, snapshot
from runner.docs.store_snapshot import read_run
from runner.ingest import payloads
from runner.ingest.load import (
    REMEASURE_CASES,
    finish_suite,
    ingest_remeasure,
    ingest_suite,
    refresh_flags,
    write_remeasure_cases,
)
from runner.machine import runtime_metadata, this_machine
from runner.paths import UsageError, add_store_arguments, results_root, runfile, store_path
from runner.progress import SuiteProgress, clock
from runner.run import SuiteResult, run_suite
from runner.schedule import Schedule, full_seconds, schedule, taken_rounds
from runner.store import FINAL_SUITE_STATUSES, ROUNDS_SETTING, Run, Store, StoreError, format_counts
from runner.suites import FUZZ_STEPS, STEPS, SUITES, Invocation, SkippedError, Suite
from schemas.catalog import catalog

# Seconds per suite by profile (the profiles are the catalog's): quick runs take minutes,
# standard ones under an hour per language, full ones hours; past this a suite is taken to
# hang.
# A run's own pages (results/local/<run id>/: snapshot, docs/, mkdocs.yml), never committed;
# the published reference is results/published/ and docs/.
LOCAL, LOCAL_DOCS, PUBLISHED = "local", "docs", "published"
TIMEOUTS = {"quick": 3600.0, "standard": 2 * 3600.0, "full": 12 * 3600.0}
if set(TIMEOUTS) != set(catalog.PROFILES):
    raise KeyError(
        f"runner/all.py TIMEOUTS covers {sorted(TIMEOUTS)}, the catalog's profiles are {catalog.PROFILES}"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", choices=catalog.PROFILES, default=catalog.DEFAULT_PROFILE)
    parser.add_argument(
        "--lang",
        action="append",
        choices=[s.lang for s in SUITES],
        help="run only this language (repeatable)",
    )
    parser.add_argument("--library", help="run only this library (name as in the case ids)")
    parser.add_argument("--dataset", choices=catalog.DATASETS, help="run only this dataset")
    add_store_arguments(parser)
    parser.add_argument(
        "--timeout",
        type=float,
        help=f"seconds allowed per suite (default: {', '.join(f'{s:.0f} {p}' for p, s in TIMEOUTS.items())})",
    )
    resume = parser.add_mutually_exclusive_group()
    resume.add_argument(
        "--resume",
        metavar="RUN_ID",
        help="finish this interrupted run (default: the latest one started with the same "
        "arguments on this machine, if any)",
    )
    resume.add_argument("--new", action="store_true", help="start a new run even if one can be resumed")
    parser.add_argument(
        "--publish",
        action="store_true",
        help="make this run the published reference (results/published/ and docs/); only a "
        "complete, unfiltered standard or full run can be",
    )
    parser.add_argument(
        "--fuzz",
        action="store_true",
        help="after the steps, run the fuzz pass of every language (cpp/fuzz, dotnet/fuzz, python/fuzz)",
    )
    parser.add_argument(
        "--queue",
        metavar="URL",
        help="do not run here: split the run into jobs (language x dataset) in this team store, for "
        "`runner worker --queue URL` on any number of machines, and wait until they are done",
    )
    parser.add_argument(
        "--no-wait", action="store_true", help="with --queue: return once the jobs are queued"
    )
    parser.add_argument(
        "--stale-after",
        type=float,
        default=store_queue.STALE_AFTER_S,
        help=f"with --queue: seconds without a heartbeat after which a job goes to another worker"
        f" (default {store_queue.STALE_AFTER_S:g})",
    )
    parser.add_argument(
        "--no-remeasure",
        dest="remeasure",
        action="store_false",
        help="do not re-measure the cases that spread more than 1.3x (they stay flagged unstable)",
    )


def selection(args: argparse.Namespace, suites: Sequence[Suite]) -> dict[str, object]:
    """What the run measures; an interrupted run resumes only under the same selection."""
    return {
        "langs": sorted(args.lang or [s.lang for s in suites]),
        "library": args.library,
        "dataset": args.dataset,
    }


def invocation(suite: Suite, run: Run, out_dir: Path, every_lang: Sequence[str]) -> Invocation:
    chosen = json.loads(run.filters)
    return Invocation(
        binary=runfile(suite.runfile),
        out_dir=out_dir,
        profile=run.profile,
        langs=tuple(chosen["langs"]),
        library=chosen.get("library"),
        dataset=chosen.get("dataset"),
        every_lang=sorted(chosen["langs"]) == sorted(every_lang),
    )


def _git(workspace: Path, *args: str) -> str:
    probe = subprocess.run(["git", "-C", str(workspace), *args], capture_output=True, text=True, check=False)
    return probe.stdout.strip()


def git_commit(workspace: Path) -> str:
    """HEAD, marked "+dirty" when tracked files differ from it: such results come from
    code no commit holds, and say so (and resume only a run of the same marking)."""
    head = _git(workspace, "rev-parse", "HEAD") or "unknown"
    return f"{head}+dirty" if _git(workspace, "status", "--porcelain", "--untracked-files=no") else head


def open_run(store: Store, args: argparse.Namespace, workspace: Path, suites: Sequence[Suite]) -> Run:
    """The run to work on: the one named by --resume, an interrupted one with the same
    arguments, or a new one."""
    if args.resume:
        run = store.resolve_run(args.resume)
        if run.status == "complete":
            raise UsageError(f"run {run.id} is complete; nothing to resume")
        print(f"runner: resuming run {run.id} (profile {run.profile}, {run.filters})", file=sys.stderr)
        return run
    machine, commit = this_machine(), git_commit(workspace)
    found = (
        None
        if args.new
        else store.incomplete_run(args.profile, selection(args, suites), machine.fingerprint, commit)
    )
    if found is not None:
        print(f"runner: resuming interrupted run {found.id} (pass --new to start over)", file=sys.stderr)
        return found
    run_id = new_run_id(store)
    store.create_run(run_id, args.profile, selection(args, suites), commit, machine, runtime_metadata())
    created = store.run(run_id)
    assert created is not None
    return created


def new_run_id(store: Store) -> str:
    """The start time in UTC, made unique if another run started in the same second."""
    base = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    taken = {r.id for r in store.runs()}
    return next(c for c in (base, *(f"{base}-{n}" for n in range(2, 10_000))) if c not in taken)


def write_manifest(path: Path, run: Run, process: SuiteResult, result: SuiteResult) -> None:
    """Mirrors the run into results/raw/<run id>/manifest.json, for whoever reads the raw folder.

    Each suite's entry is its final status and reason, and how its process ended apart
    (`process_status`, `process_reason`), so `runner ingest` can re-judge the files later.
    """
    manifest = json.loads(path.read_text()) if path.exists() else {}
    manifest |= {
        "run_id": run.id,
        "profile": run.profile,
        "git_commit": run.git_commit,
        "selection": json.loads(run.filters),
    }
    suites = [s for s in manifest.get("suites", []) if s["lang"] != result.lang]
    entry = asdict(result) | {"process_status": process.status, "process_reason": process.reason}
    manifest["suites"] = [*suites, entry]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(manifest, indent=2))
    tmp.replace(path)


def run_one(
    store: Store,
    run: Run,
    suite: Suite,
    position: str,
    run_dir: Path,
    call: Invocation,
    timeout: float,
    remeasure_spread: bool = True,
    listen: Callable[[str, bool], None] | None = None,
    spare: Callable[[], float | None] = lambda: None,
) -> str:
    """Runs one suite or step unless it already ended in this run; "" or why it was skipped.
    listen: told each line of the suite's output and whether it was a progress line; spare:
    the seconds the run's hour has left for its re-measurement (runner/schedule.py)."""
    status, _, _ = store.suites(run.id).get(suite.lang, ("", "", None))
    if status in FINAL_SUITE_STATUSES:
        print(f"runner: [{position} {suite.lang}] already {status} in run {run.id}, skipped", file=sys.stderr)
        return ""
    try:
        argv = suite.command(call)
    except SkippedError as note:
        print(f"runner: [{position} {suite.lang}] skipped: {note}", file=sys.stderr, flush=True)
        return str(note)
    # Whatever an interrupted attempt left behind, in the store or on disk, goes.
    store.discard_suite(run.id, suite.lang)
    shutil.rmtree(call.out_dir, ignore_errors=True)
    store.set_suite(run.id, suite.lang, suite.harness, "running")
    progress = SuiteProgress(suite.lang, position, store.last_duration(suite.lang, run.profile, run.filters))
    print(
        f"runner: [{position} {suite.lang}] {suite.harness}, profile {run.profile}",
        file=sys.stderr,
        flush=True,
    )

    def feed(line: str) -> bool:
        shown = progress.feed(line)
        if listen is not None:
            listen(line, shown)
        return shown

    process = run_suite(suite.lang, argv, call.out_dir, timeout, feed, suite.ok_exit_codes)
    outcome = ingest_suite(store, run.id, suite, call.out_dir)
    if remeasure_spread and suite.remeasure and process.status == "ok" and not outcome.errors:
        extra = remeasure(store, run, suite, call, timeout, position, process.seconds, spare())
        process = dataclasses.replace(process, seconds=process.seconds + extra)
    result = finish_suite(store, run.id, suite, process, outcome)
    write_manifest(run_dir / "manifest.json", run, process, result)
    # The payloads (about 1 GiB in a standard run) have left their compressed sizes in the store.
    shutil.rmtree(call.out_dir / payloads.PAYLOAD_DIR, ignore_errors=True)
    print(
        f"runner: [{position} {suite.lang}] {result.status} in {clock(result.seconds)}"
        + (f" ({result.reason})" if result.reason else ""),
        file=sys.stderr,
        flush=True,
    )
    return ""


def _remeasure_budget(first_pass: float, spare: float | None) -> tuple[float, str]:
    """The seconds a re-measurement may take, and the budget as the methodology page shows it
    among the suite's settings: a share of the first pass's time, cut to what the run's hour
    has left (spare: None, no limit; runner/schedule.py)."""
    seconds = checks.REMEASURE_BUDGET * first_pass
    said = (
        f"the budget: {checks.REMEASURE_BUDGET:.0%} of the first pass's time at"
        f" {checks.REMEASURE_OVERRUN:g}x its mean time per sample"
    )
    if spare is None or spare >= seconds:
        return seconds, said
    left = max(0.0, spare)
    return left, f"{said}, cut to the {left:.0f} s the run's hour had left"


def remeasure(
    store: Store,
    run: Run,
    suite: Suite,
    call: Invocation,
    timeout: float,
    position: str,
    first_pass: float,
    spare: float | None = None,
) -> float:
    """Runs the suite once more on the cases whose samples spread more than the limit, and
    keeps their new samples beside the first ones; returns the seconds it took (first_pass:
    the first pass's, for the estimate of time left; spare: the seconds the run's hour leaves
    it, None: no limit). A re-measurement that fails is dropped with a note (the first
    samples stay, flagged unstable)."""
    measured = store.measured(run.id, suite.lang)
    spread = checks.spread_cases(measured)
    rounds = checks.REMEASURE_ROUNDS.get(run.profile)
    # The first pass's time per sample, times the samples asked for now (fewer rounds),
    # times what the suite's fixed costs add.
    samples = sum(len(values) for values in measured.values())
    per_sample = first_pass / max(samples, 1) * checks.REMEASURE_OVERRUN
    per_case = per_sample * (rounds or samples / max(len(measured), 1))
    seconds, budget = _remeasure_budget(first_pass, spare)
    affordable = int(seconds / per_case) if per_case > 0 else len(spread)
    cases = checks.within_budget(measured, spread, affordable)
    if not cases:
        if spread:
            none = f"none of the {len(spread)} case(s) whose samples spread more than {checks.SPREAD_LIMIT}x"
            store.set_metadata(run.id, suite.lang, {"remeasure": f"{none}; {budget}"})
            print(
                f"runner: [{position} {suite.lang}] re-measuring {none}: {budget}",
                file=sys.stderr,
                flush=True,
            )
        return 0.0
    folder = write_remeasure_cases(call.out_dir, cases)
    argv = suite.command(
        dataclasses.replace(call, out_dir=folder, cases=call.out_dir / REMEASURE_CASES, rounds=rounds)
    )
    label = f"runner: [{position} {suite.lang}]"
    widest = (
        f" (the widest-spread {len(cases)} of {len(spread)}: the budget)" if len(cases) < len(spread) else ""
    )
    chosen = (
        f"{len(cases)} case(s) whose samples spread more than {checks.SPREAD_LIMIT}x (max/min){widest}"
        + (f", in {rounds} rounds" if rounds else "")
    )
    print(f"{label} re-measuring {chosen}", file=sys.stderr, flush=True)
    expected = per_case * len(cases)
    progress = SuiteProgress(f"{suite.lang} re-measure", position, expected)
    process = run_suite(suite.lang, argv, folder, timeout, progress.feed, suite.ok_exit_codes)
    errors = (
        [process.reason] if process.status != "ok" else ingest_remeasure(store, run.id, suite, call.out_dir)
    )
    if errors:
        print(f"{label} re-measurement dropped ({'; '.join(errors)})", file=sys.stderr, flush=True)
        shutil.rmtree(folder, ignore_errors=True)
        (call.out_dir / REMEASURE_CASES).unlink(missing_ok=True)
    dropped = f"; dropped ({'; '.join(errors)})" if errors else ""
    store.set_metadata(run.id, suite.lang, {"remeasure": f"{chosen}; {budget}{dropped}"})
    refresh_flags(store, run.id, suite.lang)
    return process.seconds


def _interrupt(signum: int, _: FrameType | None) -> None:
    # A kill (SIGTERM) ends the run like Ctrl-C: the running suite is stopped, the run stays resumable.
    raise KeyboardInterrupt(f"signal {signum}")


def main(
    args: argparse.Namespace,
    suites: Sequence[Suite] = SUITES,
    steps: Sequence[Suite] = STEPS,
    fuzz_steps: Sequence[Suite] = FUZZ_STEPS,
) -> int:
    if args.queue:
        return queue_run(args, suites)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _run_all(args, suites, [*steps, *(fuzz_steps if args.fuzz else ())])
    finally:
        signal.signal(signal.SIGTERM, previous)


def published_seconds(path: Path, profile: str, filters: str) -> dict[str, float]:
    """Each suite's and step's seconds at the profile's rounds in the published run (its
    snapshot's header) when that run was of `profile` and `filters` (its selection); {}
    without a readable snapshot."""
    try:
        run, suites, settings = snapshot.read_header(path)
    except snapshot.SnapshotError:  # missing, not gzip, cut short, not a snapshot
        return {}
    if (run.profile, run.filters) != (profile, filters):
        return {}
    return {
        s.lang: full_seconds(s.seconds, s.lang, profile, settings.get(s.lang, {}).get(ROUNDS_SETTING))
        for s in suites
        if s.seconds is not None
    }


def _run_all(args: argparse.Namespace, suites: Sequence[Suite], steps: Sequence[Suite]) -> int:
    root = results_root(args.results)
    start = time.monotonic()
    with Store.open(store_path(args.store, args.results)) as store:
        run = open_run(store, args, root.parent, suites)
        run_dir = root / "raw" / run.id
        run_dir.mkdir(parents=True, exist_ok=True)
        chosen = [s for s in suites if s.lang in json.loads(run.filters)["langs"]] + list(steps)
        langs = [s.lang for s in chosen]
        before = published_seconds(root.parent / generate.PUBLISHED, run.profile, run.filters)
        hour = schedule(store, run.profile, run.filters, langs, before, start)
        skipped: dict[str, str] = {}
        taken: dict[str, tuple[float, int | None]] = {}
        try:
            for index, suite in enumerate(chosen, 1):
                timeout = args.timeout or TIMEOUTS[run.profile]
                call = invocation(suite, run, run_dir / suite.lang, [s.lang for s in suites])
                position = f"{index}/{len(chosen)}"
                rounds, cut = _rounds(store, run, suite, hour, langs[index:], taken)
                if cut:
                    print(f"runner: [{position} {suite.lang}] {cut}", file=sys.stderr, flush=True)
                note = run_one(
                    store,
                    run,
                    suite,
                    position,
                    run_dir,
                    dataclasses.replace(call, rounds=rounds),
                    timeout,
                    args.remeasure,
                    spare=functools.partial(hour.spare, langs[index:]),
                )
                if note:
                    skipped[suite.lang] = note
                if cut:  # after the suite: a new attempt at it forgets the last one's settings
                    store.set_metadata(run.id, suite.lang, {ROUNDS_SETTING: cut})
                _took(store, run, suite.lang, taken)
        except KeyboardInterrupt:
            print(
                f"\nrunner: interrupted; run {run.id} is kept and resumes when you run the same "
                f"command again (or --resume {run.id})",
                file=sys.stderr,
            )
            return 130
        store.finish_run(run.id)
        docs_line = update_docs(store.location, run, root, suites, args.publish)
        ran = [s.lang for s in chosen]
        print(summary(store, run, ran, skipped, run_dir, time.monotonic() - start, docs_line))
        statuses = store.suites(run.id)
    return 0 if all(statuses[lang][0] == "ok" for lang in ran if lang not in skipped) else 1


def _rounds(
    store: Store,
    run: Run,
    suite: Suite,
    hour: Schedule,
    rest: Sequence[str],
    taken: Mapping[str, tuple[float, int | None]],
) -> tuple[int | None, str]:
    """The rounds the suite is to take, None (the profile's) unless the run's hour would not
    hold them (runner/schedule.py), and its `rounds` setting when cut; a suite that already
    ended in this run is not cut."""
    if store.suites(run.id).get(suite.lang, ("",))[0] in FINAL_SUITE_STATUSES:
        return None, ""
    pace = hour.pace(taken)
    rounds = hour.rounds(suite.lang, rest, pace)
    if rounds is None:
        return None, ""
    need = hour.needed([suite.lang, *rest], pace)
    left = max(0.0, hour.spare([]) or 0.0)
    return rounds, (
        f"{rounds} of the profile's {hour.full_rounds}: the run's hour had {left:.0f} s left, and this"
        f" suite and the {len(rest)} after it were expected to take {need:.0f} s with"
        f" {hour.full_rounds} rounds at the run's pace ({pace:.2f}x their last times)"
    )


def _took(store: Store, run: Run, lang: str, taken: dict[str, tuple[float, int | None]]) -> None:
    """Notes the time the suite took, at the rounds it took (its `rounds` setting: an attempt
    this run resumed after may have cut them), for the run's pace."""
    status, _, seconds = store.suites(run.id).get(lang, ("", "", None))
    if status == "ok" and seconds is not None:
        taken[lang] = (seconds, taken_rounds(store.setting(run.id, lang, ROUNDS_SETTING)))


def queue_run(args: argparse.Namespace, suites: Sequence[Suite], poll_s: float = 10.0) -> int:
    """Queues the run's jobs in the team store, then (unless --no-wait) waits for the workers
    to end them all and builds the run's pages; 0 when every job ended ok."""
    root = results_root(args.results)
    with Store.open(store_path(args.queue, None)) as store:
        run_id = new_run_id(store)
        commit = git_commit(root.parent)
        store.create_run(
            run_id, args.profile, selection(args, suites), commit, this_machine(), runtime_metadata()
        )
        run = store.run(run_id)
        assert run is not None
        datasets = [args.dataset] if args.dataset else list(catalog.DATASETS)
        jobs = store_queue.enqueue(store, run, json.loads(run.filters)["langs"], datasets, args.stale_after)
        print(
            f"runner: run {run_id}: {jobs} jobs queued in {store.where} for machine class"
            f" {run.machine_class} at commit {commit[:12]}; start workers there with"
            f" `runner worker --queue URL`",
            flush=True,
        )
        if args.no_wait:
            return 0
        seen: dict[str, int] = {}
        while (counts := store_queue.progress(store, run_id)) and (
            counts.get("pending") or counts.get("running")
        ):
            if counts != seen:
                print(f"runner: run {run_id}: jobs {format_counts(counts)}", file=sys.stderr, flush=True)
                seen = counts
            time.sleep(poll_s)
        failed = store_queue.failures(store, run_id)
        print("\n".join([f"run {run_id} complete: {format_counts(store.counts(run_id))}", *failed]))
        print(local_pages(store.location, run, root))
    return 1 if failed else 0


def update_docs(
    store_file: Path | str, run: Run, root: Path, suites: Sequence[Suite], publish_it: bool
) -> str:
    """Builds the run's own pages under root/local/<run id>/; with publish_it, a complete,
    unfiltered standard or full run also replaces the published reference."""
    lines = [local_pages(store_file, run, root)]
    if not publish_it:
        lines.append(
            f"docs: the published reference ({root / PUBLISHED}, docs/) is unchanged (--publish replaces it)"
        )
        return "\n".join(lines)
    chosen = json.loads(run.filters)
    if chosen.get("library") or chosen.get("dataset") or chosen["langs"] != sorted(s.lang for s in suites):
        return "\n".join([*lines, "docs: not published (a filtered run never is)"])
    if run.profile not in catalog.PUBLISHED_PROFILES:
        return "\n".join([*lines, f"docs: not published (a {run.profile} run never is)"])
    workspace = root.parent
    published, docs = workspace / generate.PUBLISHED, workspace / generate.DOCS
    argv = [run.id, "--store", str(store_file), "--snapshot", str(published), "--out", str(docs)]
    if publish.main(argv) != 0:
        return "\n".join(
            [*lines, f"docs: publishing run {run.id} failed (see the error above); docs/ left as it was"]
        )
    return "\n".join([*lines, f"docs: run {run.id} published to {published}; open {docs / 'index.md'}"])


def local_pages(store_file: Path | str, run: Run, root: Path) -> str:
    """The run's snapshot and pages in root/local/<run id>/, with the site settings to
    serve them; the published repeatability report is copied beside the snapshot, for the
    answer's noise when the run is of the same machine."""
    folder = root / LOCAL / run.id
    try:
        data = read_run(store_file, run.id)
        snapshot.write(data, folder / snapshot.DEFAULT_NAME)
        report = root / PUBLISHED / repeatability.NAME
        if report.exists():
            shutil.copyfile(report, folder / repeatability.NAME)
        docs = folder / LOCAL_DOCS
        generate.generate(folder / snapshot.DEFAULT_NAME, docs, generate.base_from(docs))
        (folder / "mkdocs.yml").write_text(generate.MKDOCS_BESIDE)
    except (StoreError, ValueError, OSError) as error:
        return f"docs: this run's pages were not built: {error}"
    index = folder / LOCAL_DOCS / "index.md"
    return (
        f"docs: this run's pages: {index}; read them with: .venv/bin/mkdocs serve -f {folder / 'mkdocs.yml'}"
    )


def summary(
    store: Store,
    run: Run,
    langs: list[str],
    skipped: dict[str, str],
    run_dir: Path,
    seconds: float,
    docs_line: str,
) -> str:
    lines = [f"\nrun {run.id} finished in {clock(seconds)}; cases: {format_counts(store.counts(run.id))}"]
    suites = store.suites(run.id)
    for lang in langs:
        status, reason, took = suites.get(lang, ("skipped", skipped.get(lang, ""), None))
        lines.append(f"  {lang:<10} {status:<8} {clock(took or 0):>7}  {reason}".rstrip())
    lines += [f"store:        {store.path}", f"native files: {run_dir}", docs_line]
    return "\n".join(lines)
