"""The interop binaries' protocol, as a caller sees it: one encode or decode step of a
language's interop binary, classified by its exit code.

    CMD encode|decode --format F --dataset D --size N --out|--in FILE
    exit 0 ok, 1 failed or different, 2 usage, 3 not applicable ("not-applicable: why")

Every language's golden test (tools/interop) and the runner's interop matrix run steps
through it.
"""

import os
import shlex
import subprocess
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


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def run_step(command: list[str], step: str, case: Case, path: Path) -> Outcome:
    """One encode or decode, classified by exit code; anything unexpected is a failure."""
    flag = "--out" if step == "encode" else "--in"
    try:
        done = subprocess.run(
            [*command, step, *case.args(), flag, str(path)],
            capture_output=True,
            text=True,
            env=child_env(),
            timeout=TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        return Outcome("failed", f"{step} timed out after {TIMEOUT_S}s")
    except OSError as err:
        return Outcome("failed", f"{step} could not start: {err}")
    said = _last_line(done.stdout + "\n" + done.stderr)
    if done.returncode == 0:
        return Outcome("ok", "")
    if done.returncode == 3 and said.startswith("not-applicable:"):
        return Outcome("not_applicable", said.removeprefix("not-applicable:").strip())
    if done.returncode == 1:
        return Outcome("failed", f"{step}: {said or 'exit 1 with no message'}")
    return Outcome("failed", f"{step}: exit {done.returncode} (protocol allows 0, 1, 3): {said}")
