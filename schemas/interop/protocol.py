"""The interop binaries' protocol, as a caller sees it: one encode or decode step of a
language's interop binary, classified by its exit code.

    CMD encode|decode --format F --dataset D --size N --out|--in FILE
    exit 0 ok, 1 failed or different, 2 usage, 3 not applicable ("not-applicable: why")

    CMD serve
    the same steps one a line on stdin, their arguments tab-separated; each answered on
    stdout with one line: the step's exit code, a tab, the last line the step said

Every language's golden test (tools/interop) runs single steps through it; the runner's
interop matrix keeps one serving process a language (a process start costs more than
the step: a quarter of a second for Python's imports).
"""

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

STATUSES = ("ok", "failed", "not_applicable")
TIMEOUT_S = 120


@dataclass(frozen=True)
class Case:
    format: str
    dataset: str
    size: int

    def args(self) -> list[str]:
        return ["--format", self.format, "--dataset", self.dataset, "--size", str(self.size)]


@dataclass
class Outcome:
    status: str
    message: str


def child_env() -> dict[str, str]:
    """Children find their data in this target's runfiles tree, which holds theirs."""
    env = dict(os.environ)
    root = env.get("RUNFILES_DIR") or env.get("TEST_SRCDIR") or env.get("PYTHON_RUNFILES")
    if root:
        env["RUNFILES_DIR"] = root
    return env


def lang_commands(pairs: list[str], program: str) -> dict[str, list[str]]:
    """A driver's --lang NAME=COMMAND options: each language's command, split as a shell
    would; a malformed one stops `program` saying so."""
    langs = {}
    for pair in pairs:
        name, _, command = pair.partition("=")
        if not name or not command:
            raise SystemExit(f"{program}: --lang wants NAME=COMMAND, got {pair!r}")
        langs[name] = shlex.split(command)
    return langs


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL to a child started in a session of its own, and to the processes it started
    (a wrapper script's runtime), then reaps it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def next_chunk(sel: selectors.BaseSelector, fd: int, deadline: float) -> bytes | None:
    """The next bytes on a child's stdout: b"" at its end, None if the deadline comes first."""
    left = deadline - time.monotonic()
    if left <= 0 or not sel.select(left):
        return None
    return os.read(fd, 1 << 16)


def read_line(proc: subprocess.Popen[bytes], pending: bytes, deadline: float) -> tuple[bytes, bytes] | None:
    """The first line of pending (what the child wrote before) and what it writes on stdout
    next, with the bytes after that line; None when stdout ended first; TimeoutError at the
    deadline."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while b"\n" not in pending:
            chunk = next_chunk(sel, fd, deadline)
            if chunk is None:
                raise TimeoutError
            if not chunk:
                return None
            pending += chunk
    line, _, rest = pending.partition(b"\n")
    return line, rest


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _classify(step: str, returncode: int, said: str) -> Outcome:
    """A step's outcome from its exit code and the last line it said."""
    if returncode == 0:
        return Outcome("ok", "")
    if returncode == 3 and said.startswith("not-applicable:"):
        return Outcome("not_applicable", said.removeprefix("not-applicable:").strip())
    if returncode == 1:
        return Outcome("failed", f"{step}: {said or 'exit 1 with no message'}")
    return Outcome("failed", f"{step}: exit {returncode} (protocol allows 0, 1, 3): {said}")


def _args(step: str, case: Case, path: Path) -> list[str]:
    return [step, *case.args(), "--out" if step == "encode" else "--in", str(path)]


def run_step(command: list[str], step: str, case: Case, path: Path) -> Outcome:
    """One encode or decode in a process of its own; anything unexpected is a failure."""
    try:
        done = subprocess.run(
            [*command, *_args(step, case, path)],
            capture_output=True,
            text=True,
            env=child_env(),
            timeout=TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        return Outcome("failed", f"{step} timed out after {TIMEOUT_S}s")
    except OSError as err:
        return Outcome("failed", f"{step} could not start: {err}")
    return _classify(step, done.returncode, _last_line(done.stdout + "\n" + done.stderr))


class Server:
    """One language's binary serving steps one after another (`CMD serve`): started on
    the first step, and again after it died or hung (that step failed, the next is
    unaffected)."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        fd, name = tempfile.mkstemp(prefix="serbench-serve-", suffix=".stderr")
        os.close(fd)
        self.log = Path(name)  # what the process said on stderr, for a death's message

    def step(self, step: str, case: Case, path: Path) -> Outcome:
        try:
            proc = self.proc or self._start()
        except OSError as err:
            return Outcome("failed", f"{step} could not start: {err}")
        assert proc.stdin is not None
        try:
            proc.stdin.write(("\t".join(_args(step, case, path)) + "\n").encode())
            proc.stdin.flush()
        except BrokenPipeError:
            return self._died(step)
        try:
            read = read_line(proc, self.buffer, time.monotonic() + TIMEOUT_S)
        except TimeoutError:
            self._stop()
            return Outcome("failed", f"{step} timed out after {TIMEOUT_S}s")
        if read is None:
            return self._died(step)
        reply, self.buffer = read
        code, _, said = reply.decode(errors="replace").partition("\t")
        if not code.lstrip("-").isdigit():
            self._stop()
            return Outcome("failed", f"{step}: the server's reply is not `code<TAB>line`: {reply[:200]!r}")
        return _classify(step, int(code), said)

    def close(self) -> None:
        self._stop()
        self.log.unlink(missing_ok=True)

    def _stop(self) -> None:
        if self.proc is not None:
            kill_group(self.proc)
            self.proc = None

    def _start(self) -> subprocess.Popen[bytes]:
        self.buffer = b""
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                [*self.command, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=log, env=child_env(), start_new_session=True,
            )  # fmt: skip
        return self.proc

    def _died(self, step: str) -> Outcome:
        assert self.proc is not None
        returncode = self.proc.wait()
        self._stop()
        return _classify(step, returncode, _last_line(self.log.read_text(errors="replace")))
