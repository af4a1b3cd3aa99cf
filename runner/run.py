"""Runs one suite as its own process, with a time limit, streaming progress.

A suite that crashes, hangs or writes nothing is recorded as failed with the
reason; it never stops the other suites.
"""

import collections
import contextlib
import hashlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO


@dataclass
class SuiteResult:
    lang: str
    status: str  # "ok" | "failed" | "timeout"
    seconds: float
    reason: str = ""
    files: dict[str, str] = field(default_factory=dict)  # relative path -> sha256


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# Takes a line of suite output; True if it handled (displayed) the line itself.
LineHandler = Callable[[str], bool]


def _echo(_: str) -> bool:
    return False


def _stream(
    pipe: IO[str], prefix: str, start: float, tail: collections.deque[str], on_line: LineHandler
) -> None:
    for line in pipe:
        line = line.rstrip()
        tail.append(line)
        if not on_line(line):
            print(f"[{prefix} {time.monotonic() - start:6.1f}s] {line}", file=sys.stderr, flush=True)


def _terminate(proc: "subprocess.Popen[str]") -> None:
    # The suite runs in its own process group so its workers die with it.
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def run_suite(
    lang: str,
    argv: list[str],
    out_dir: Path,
    timeout_s: float,
    on_line: LineHandler = _echo,
    ok_exit_codes: frozenset[int] = frozenset({0}),
) -> SuiteResult:
    """Runs argv (which must write into out_dir) and describes what happened; an exit
    code outside ok_exit_codes is a failure.

    On KeyboardInterrupt the suite's whole process group is stopped before the
    interrupt propagates: it runs in its own session, so Ctrl-C never reaches it.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    tail: collections.deque[str] = collections.deque(maxlen=20)
    try:
        proc = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
    except OSError as error:
        return SuiteResult(lang, "failed", 0.0, f"cannot start {argv[0]}: {error.strerror}")
    assert proc.stdout is not None
    reader = threading.Thread(target=_stream, args=(proc.stdout, lang, start, tail, on_line), daemon=True)
    reader.start()
    try:
        code = proc.wait(timeout=timeout_s)
    except KeyboardInterrupt:
        _terminate(proc)
        raise
    except subprocess.TimeoutExpired:
        _terminate(proc)
        reader.join(timeout=5)
        return SuiteResult(lang, "timeout", time.monotonic() - start, f"no result after {timeout_s:.0f}s")
    reader.join(timeout=5)
    seconds = time.monotonic() - start
    files = {str(p.relative_to(out_dir)): sha256_of(p) for p in sorted(out_dir.rglob("*.json"))}
    last = tail[-1] if tail else "no output"
    if code not in ok_exit_codes:
        why = f"exit code {code}" if code > 0 else f"killed by signal {-code}"
        return SuiteResult(lang, "failed", seconds, f"{why}; last line: {last}", files)
    if not files:
        return SuiteResult(
            lang, "failed", seconds, f"exited {code} but wrote no JSON file; last line: {last}"
        )
    return SuiteResult(lang, "ok", seconds, files=files)
