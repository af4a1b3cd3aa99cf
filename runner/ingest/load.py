"""Reading a suite's native files into the store, one transaction per file.

Within a run a file is keyed by the sha256 of its bytes: ingesting it again is a
no-op. (Across runs the same bytes are ingested again: a suite's case catalog is
often identical from one run to the next, and each run needs its own.) A file is
parsed completely before anything is written, and written in one transaction, so
a bad file leaves nothing behind.

A re-measurement (runner/all.py re-runs the cases whose samples spread more than 1.3x
once, with the suite's `--cases FILE`) lives in the suite's folder as `remeasure/` with
its case list `remeasure-cases.txt`: its harness files add their samples to those cases',
as rounds from checks.REMEASURE_ROUND, in one transaction, and each such case is flagged
`remeasured`. After every ingest the language's self-check flags (runner/checks.py) are
computed again from what is stored.

The encode payloads a suite wrote into its `payloads/` folder are compressed after its
files are in, and their sizes stored on those encode cases (runner/ingest/payloads.py); a
re-measured encode case keeps them (a re-measurement writes no payload).
"""

import dataclasses
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from runner import checks
from runner.caseid import CaseIdentity, CaseIdError, parse_case_id
from runner.ingest import Parser, payloads
from runner.records import IngestError, NativeFile, Outcome, Unmeasured
from runner.run import SuiteResult, sha256_of
from runner.store import Store, StoredFile
from runner.suites import Suite

# Where a suite's re-measurement goes, inside its output folder, and the cases it was asked for.
REMEASURE_DIR = "remeasure"
REMEASURE_CASES = "remeasure-cases.txt"


@dataclass
class SuiteIngest:
    """What ingesting one suite's output folder did."""

    ingested: list[Path] = field(default_factory=list)
    duplicates: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0  # how long ingesting took
    payloads: int = 0  # encode payloads whose compressed sizes were stored
    payload_seconds: float = 0.0  # how long compressing them took


def ingest_file(
    store: Store, run_id: str, lang: str, path: Path, parse: Parser, measured_in: str = "the harness file"
) -> bool:
    """Ingests path into run_id; False if these exact bytes already are in that run.

    Cases the file claims were measured (a catalog) but that the run holds no row for
    become failed cases whose reason names measured_in. Raises IngestError (naming the
    file and the problem) with the store unchanged.
    """
    digest = sha256_of(path)
    if store.ingested_as(run_id, digest) is not None:
        return False
    native = parse(path, lang)
    if native.claimed:
        accounted = store.accounted(run_id, lang)
        reason = f"catalog says measured but {measured_in} has no samples"
        missing = sorted(set(native.claimed) - accounted)
        native.unmeasured += [Unmeasured.case(case, Outcome.FAILED, reason) for case in missing]
    return store.add_file(_stored(run_id, lang, path, digest), native)


def _stored(run_id: str, lang: str, path: Path, digest: str) -> StoredFile:
    return StoredFile(run_id, lang, path.resolve(), digest, path.stat().st_size)


def ingest_suite(store: Store, run_id: str, suite: Suite, out_dir: Path) -> SuiteIngest:
    """Ingests every native file the suite wrote (and its re-measurement, if there is one),
    then its self-check flags; a bad file is reported and the rest still go in."""
    start = time.perf_counter()
    outcome = SuiteIngest()
    harness_files = " or ".join(kind.pattern for kind in suite.files if kind.required)
    for kind in suite.files:  # in order: a catalog comes after the files it vouches for
        paths = sorted(out_dir.glob(kind.pattern))
        if not paths and kind.required:
            outcome.errors.append(f"{out_dir}: no {kind.pattern} written")
        for path in paths:
            try:
                added = ingest_file(store, run_id, suite.lang, path, kind.parse, harness_files)
            except IngestError as error:
                outcome.errors.append(str(error))
                continue
            (outcome.ingested if added else outcome.duplicates).append(path)
    compress_start = time.perf_counter()
    outcome.payloads, errors = store_compressed(store, run_id, suite.lang, out_dir / payloads.PAYLOAD_DIR)
    outcome.errors += errors
    outcome.payload_seconds = time.perf_counter() - compress_start
    if (out_dir / REMEASURE_CASES).exists():
        outcome.errors += ingest_remeasure(store, run_id, suite, out_dir)
    refresh_flags(store, run_id, suite.lang)
    outcome.seconds = time.perf_counter() - start
    return outcome


def store_compressed(store: Store, run_id: str, lang: str, folder: Path) -> tuple[int, list[str]]:
    """Stores the compressed sizes of the payloads in folder on their encode cases' results:
    (how many were stored, errors). No folder: nothing to do; no zstd tool: an error."""
    try:
        sizes = payloads.measure_folder(folder, lang)
    except payloads.PayloadError as error:
        return 0, [f"compressed sizes not stored: {error}"]
    return store.add_metrics(run_id, sizes), []


def write_remeasure_cases(out_dir: Path, cases: list[CaseIdentity]) -> Path:
    """The case list a suite's `--cases FILE` reads (one case id a line); its output folder."""
    (out_dir / REMEASURE_CASES).write_text("".join(f"{case.case_id}\n" for case in cases))
    return out_dir / REMEASURE_DIR


def ingest_remeasure(store: Store, run_id: str, suite: Suite, out_dir: Path) -> list[str]:
    """Stores the re-measurement under out_dir beside the first pass: the cases it was asked
    for keep their samples and gain its own, its rounds numbered from checks.REMEASURE_ROUND
    (so two cases pair only on rounds taken in the same pass), and are flagged `remeasured`.
    Errors (nothing stored) as messages."""
    listed = out_dir / REMEASURE_CASES
    folder = out_dir / REMEASURE_DIR
    try:
        wanted = {parse_case_id(line, suite.lang) for line in listed.read_text().split()}
        files = [
            _only(store, run_id, suite.lang, path, kind.parse, wanted)
            for kind in suite.files
            if kind.required
            for path in sorted(folder.glob(kind.pattern))
        ]
    except (IngestError, CaseIdError) as error:
        return [f"re-measurement not kept: {error}"]
    before = store.add_remeasurement(files)
    after: dict[CaseIdentity, list[float]] = {}
    for _, native in files:
        for result in native.results:
            after.setdefault(result.identity, []).extend(result.measured)
    store.add_flags(run_id, [checks.remeasured_flag(i, old, after[i]) for i, old in before.items()])
    return []


def _only(
    store: Store, run_id: str, lang: str, path: Path, parse: Parser, wanted: set[CaseIdentity]
) -> tuple[StoredFile, NativeFile]:
    """A re-measurement's file, keeping only the results of the cases asked for, its rounds
    moved past the first pass's."""
    native = parse(path, lang)
    kept = [
        dataclasses.replace(result, samples=[checks.second_pass(s) for s in result.samples])
        for result in native.results
        if result.identity in wanted
    ]
    return _stored(run_id, lang, path, sha256_of(path)), NativeFile(
        native.harness, native.harness_version, kept
    )


def refresh_flags(store: Store, run_id: str, lang: str) -> None:
    """The language's self-check flags in the run, computed again from its stored samples."""
    remeasured = [i for i, flags in store.flags(run_id).items() if "remeasured" in flags]
    samples, lazy = store.measured(run_id, lang), store.lazy_cases(run_id, lang)
    last = {
        i: again
        for i, by_round in store.rounds(run_id, lang).items()
        if (again := checks.last_pass(by_round))
    }
    store.set_flags(run_id, lang, checks.self_checks(samples, remeasured, lazy, last))


def record_suite(store: Store, run_id: str, suite: Suite, out_dir: Path, process: SuiteResult) -> SuiteResult:
    """Ingests what a finished suite wrote and stores its final status.

    A suite that exited non-zero may still have written good results (for
    example when one library was refused): those are kept, and the failure is
    recorded beside them. A file that cannot be ingested fails the suite.
    """
    return finish_suite(store, run_id, suite, process, ingest_suite(store, run_id, suite, out_dir))


def finish_suite(
    store: Store, run_id: str, suite: Suite, process: SuiteResult, outcome: SuiteIngest
) -> SuiteResult:
    """Reports what ingesting did and stores the suite's final status."""
    seconds = outcome.seconds
    print(
        f"runner: {suite.lang}: ingested {len(outcome.ingested)} file(s) in {seconds:.2f}s"
        + (f", {len(outcome.duplicates)} already in the store" if outcome.duplicates else "")
        + (
            f"; compressed sizes of {outcome.payloads} payload(s) in {outcome.payload_seconds:.2f}s"
            if outcome.payloads
            else ""
        ),
        file=sys.stderr,
        flush=True,
    )
    # Re-ingesting a raw folder passes the reason its manifest recorded, which may already say it.
    reasons = [process.reason] if process.reason else []
    reasons += [error for error in outcome.errors if error not in process.reason]
    status = "failed" if process.status == "ok" and outcome.errors else process.status
    final = SuiteResult(suite.lang, status, process.seconds, "; ".join(reasons), process.files)
    store.set_suite(run_id, suite.lang, suite.harness, final.status, final.reason, final.seconds)
    return final
