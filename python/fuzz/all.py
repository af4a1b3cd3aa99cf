"""Fuzzes every Python robustness decoder with hypothesis, each in a child process
(child.py) restarted after a crash or hang, and writes a report per decoder in the
C++ pass's format (python/fuzz/README.md; runner/crosslang/robustness/fuzzing.py).

    bazel run //python/fuzz:all -- [--seconds N] [--out DIR] [--libs LIB[/VARIANT],...] [--keep]
"""

import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from robustness.decoders import DECODERS

from runner.crosslang.robustness import fuzzing
from runner.crosslang.robustness.run import Decoder
from runner.paths import runfile, user_path

ENGINE = "hypothesis (structure-aware inputs, child process per decoder)"
INSTRUMENTED = "none: C extensions run uninstrumented; coverage counts distinct errors"
CHILD = Path(__file__).with_name("child.py")
_PY_FRAME = re.compile(r'^\s+File "([^"]+)", line \d+ in (\S+)', re.M)


def _child_env(decoder: Decoder) -> dict[str, str]:
    env = dict(os.environ, **DECODERS[(decoder.lib, decoder.variant, decoder.format)].library.env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return env


def _limit_memory() -> None:
    limit = fuzzing.MEMORY_MIB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _child(decoder: Decoder, args: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, str(CHILD), decoder.lib, decoder.variant or "-", decoder.format, *args]
    try:
        env = _child_env(decoder)
        return subprocess.run(
            argv,
            env=env,
            preexec_fn=_limit_memory,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:  # stuck where the watchdog does not look: a hang all the same
        return subprocess.CompletedProcess(
            argv, -signal.SIGKILL, "", "Timeout (killed by the parent)"
        )


# (kind, detail, frames) of a finding a child gave.
Death = tuple[str, str, tuple[str, ...]]


def _death(proc: subprocess.CompletedProcess[str]) -> Death | None:
    """(kind, detail, frames) of a child that died, None if it ended normally."""
    if proc.returncode == 0:
        return None
    frames = tuple(f"{fn} ({Path(file).name})" for file, fn in _PY_FRAME.findall(proc.stderr)[:3])
    if "Timeout (" in proc.stderr:
        return "hang", f"no reply within {fuzzing.TIMEOUT_S} s", ()
    if proc.returncode == -signal.SIGKILL:
        return "memory_blowup", "killed (SIGKILL: out of memory)", frames
    if proc.returncode < 0:
        return "crash", signal.Signals(-proc.returncode).name, frames
    lines = proc.stderr.strip().splitlines()
    return "crash", f"exit {proc.returncode}: {lines[-1][:160] if lines else ''}", frames


def replay(decoder: Decoder, data: bytes, dataset: str | None, work: Path) -> Death | None:
    path = work / "replay.bin"
    path.write_bytes(data)
    extra = ["--dataset", dataset] if dataset else []
    proc = _child(decoder, ["--replay", str(path), *extra], fuzzing.TIMEOUT_S * 3)
    death = _death(proc)
    if death is None and proc.stdout.strip() == "memory_blowup":
        return "memory_blowup", "MemoryError", ()
    return death


def minimize(
    decoder: Decoder, finding: fuzzing.Finding, work: Path, seconds: int
) -> fuzzing.Finding:
    """Chunks deleted while the same finding stays (halving chunk sizes), for a few seconds."""
    data, deadline = finding.data, time.monotonic() + seconds
    chunk = max(1, len(data) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        at = 0
        while at < len(data) and time.monotonic() < deadline:
            candidate = data[:at] + data[at + chunk :]
            again = replay(decoder, candidate, finding.dataset, work)
            if again is not None and again[0] == finding.kind:
                data = candidate
            else:
                at += chunk
        chunk //= 2
    return fuzzing.Finding(
        finding.kind, finding.detail, finding.frames, finding.origin, finding.dataset, data
    )


def _write_seeds(decoder: Decoder, args: argparse.Namespace, folder: Path) -> int:
    folder.mkdir()
    index = []
    for i, (dataset, data) in enumerate(fuzzing.seeds(args.corpus, args.golden, decoder)):
        (folder / f"{i:06d}.bin").write_bytes(data)
        index.append({"dataset": dataset, "file": f"{i:06d}.bin"})
    (folder / "seeds.json").write_text(json.dumps(index), encoding="utf-8")
    return len(index)


def _session(decoder: Decoder, seconds: int, work: Path) -> tuple[list[fuzzing.Finding], float]:
    """Children until `seconds` are spent; each death is a finding (its current input)."""
    found: list[fuzzing.Finding] = []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 1:
        args = ["--seeds", str(work / "seeds"), "--work", str(work), "--seconds", f"{left:.1f}"]
        (work / "current.bin").unlink(missing_ok=True)
        proc = _child(decoder, args, left + fuzzing.TIMEOUT_S * 4)
        death = _death(proc)
        if death and not (work / "current.bin").exists():
            name = fuzzing.stem(decoder)
            raise RuntimeError(f"{name}: the child failed before its first input:\n{proc.stderr}")
        if death:
            dataset = json.loads((work / "current.json").read_text())["dataset"]
            kind, detail, frames = death
            found.append(
                fuzzing.Finding(
                    kind, detail, frames, "library", dataset, (work / "current.bin").read_bytes()
                )
            )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return found, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _memory_findings(work: Path) -> list[fuzzing.Finding]:
    path = work / "findings.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [
        fuzzing.Finding(
            r["kind"], r["detail"][:200], (), "library", r["dataset"], bytes.fromhex(r["data"])
        )
        for r in map(json.loads, lines)
    ]


def run_decoder(
    decoder: Decoder, args: argparse.Namespace, out: Path, work: Path
) -> dict[str, Any]:
    seconds = args.seconds
    work.mkdir()
    seeds = _write_seeds(decoder, args, work / "seeds")
    died, cpu = _session(decoder, seconds, work)
    stats = json.loads((work / "stats.json").read_text()) if (work / "stats.json").exists() else {}
    unique = fuzzing.unique(died + _memory_findings(work))
    return fuzzing.report(
        decoder,
        engine=ENGINE,
        instrumented=INSTRUMENTED,
        seconds=seconds,
        cpu_seconds=cpu,
        runs=stats.get("runs", 0),
        seeds=seeds,
        coverage={"unit": "distinct errors", "covered": len(stats.get("errors", []))},
        findings=[minimize(decoder, f, work, fuzzing.minimize_seconds(seconds)) for f in unique],
        out=out,
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = fuzzing.parse_args(__doc__ or "", argv, user_path, runfile)
    listed = [d.describe() for d in DECODERS.values()]
    return fuzzing.main("python", listed, run_decoder, args)


if __name__ == "__main__":
    sys.exit(main())
