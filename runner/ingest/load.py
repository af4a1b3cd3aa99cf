"""Reading a suite's native files into the store, one transaction per file.

Within a run a file is keyed by the sha256 of its bytes: ingesting it again is a
no-op. (Across runs the same bytes are ingested again: a suite's case catalog is
often identical from one run to the next, and each run needs its own.) A file is
parsed completely before anything is written, and written in one transaction, so
a bad file leaves nothing behind.
"""

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from runner.ingest import Parser
from runner.ingest.native import IngestError, Outcome, Unmeasured
from runner.run import SuiteResult, sha256_of
from runner.store import Store, StoredFile
from runner.suites import Suite


@dataclass
class SuiteIngest:
    """What ingesting one suite's output folder did."""

    ingested: list[Path] = field(default_factory=list)
    duplicates: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


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
    return store.add_file(StoredFile(run_id, lang, path.resolve(), digest, path.stat().st_size), native)


def ingest_suite(store: Store, run_id: str, suite: Suite, out_dir: Path) -> SuiteIngest:
    """Ingests every native file the suite wrote; a bad file is reported and the rest still go in."""
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
    return outcome


def record_suite(store: Store, run_id: str, suite: Suite, out_dir: Path, process: SuiteResult) -> SuiteResult:
    """Ingests what a finished suite wrote and stores its final status.

    A suite that exited non-zero may still have written good results (for
    example when one library was refused): those are kept, and the failure is
    recorded beside them. A file that cannot be ingested fails the suite.
    """
    start = time.perf_counter()
    outcome = ingest_suite(store, run_id, suite, out_dir)
    seconds = time.perf_counter() - start
    print(
        f"runner: {suite.lang}: ingested {len(outcome.ingested)} file(s) in {seconds:.2f}s"
        + (f", {len(outcome.duplicates)} already in the store" if outcome.duplicates else ""),
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
