"""Fuzzes every .NET robustness decoder with SharpFuzz under afl++, one after another, and
writes a report per decoder (dotnet/fuzz/README.md; the report is the C++ and Python
fuzzers' `serbench-fuzz/1`).

    bazel run //dotnet/fuzz:all -- [--seconds N] [--out DIR] [--libs LIB[/VARIANT],...]

The built target (Program.cs) is copied to a scratch folder, where SharpFuzz's command-line
tool instruments the libraries' assemblies in place; afl-fuzz then runs each decoder for
--seconds, seeded with the decoder's own encoding of every synthetic dataset. Every crash
afl++ saves is replayed outside afl++ to name it (the runtime's last words: an unhandled
OutOfMemoryException is `memory_blowup`, anything else that kills the process a `crash`)
and to deduplicate it by its top frames; afl++'s hangs are `hang`.
"""

import argparse
import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemas.catalog import catalog

SCHEMA = "serbench-fuzz/1"
ENGINE = "afl++ 4.04c with SharpFuzz 2.3.0"
# A pass over the 15 decoders stays within 30 minutes here, start-up and replays included.
DEFAULT_SECONDS = 100
# The robustness driver's limits (runner/crosslang/robustness/run.py).
TIMEOUT_S = 5
MEMORY_MIB = 2048
MAX_REPLAYS = 20
# The robustness table's findings (runner/crosslang/robustness/schema.py: FINDINGS).
KINDS = ("crash", "hang", "memory_blowup")
TARGET = "serbench/dotnet/fuzz/target_build"
ASSEMBLY = "Serbench.Fuzz.dll"
TOOL_MANIFEST = "serbench/dotnet/fuzz/.config/dotnet-tools.json"
# The assemblies SharpFuzz instruments, per library: the library's own code. The harness
# (Serbench.Core: the model, the generated code, the System.Text.Json source-generated
# context) is instrumented for every decoder, so a library shipped in the runtime's
# shared framework, which SharpFuzz cannot instrument, is fuzzed through it alone.
LIBRARY_ASSEMBLIES = {
    "protobuf": ["Google.Protobuf.dll"],
    "protobuf_net": ["protobuf-net.Core.dll", "protobuf-net.dll"],
    "flatbuffers": ["Google.FlatBuffers.dll"],
    "messagepack": ["MessagePack.dll"],
    "msgpack_light": ["msgpack.light.dll"],
    "newtonsoft_json": ["Newtonsoft.Json.dll"],
    "memorypack": ["MemoryPack.Core.dll"],
    "thrift": ["Thrift.dll"],
}
HARNESS = "Serbench.Core.dll"
NOT_INSTRUMENTABLE = {"system_text_json": "System.Text.Json ships in the shared framework"}
_AFL_ENV = {
    "AFL_SKIP_BIN_CHECK": "1",  # the target is `dotnet`, instrumented by SharpFuzz, not afl-cc
    "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1",  # the host's core_pattern is not ours to change
    "AFL_SKIP_CPUFREQ": "1",
    "AFL_NO_UI": "1",
    "AFL_NO_AFFINITY": "1",  # two cores shared with others
    "AFL_QUIET": "1",
}
_FRAME = re.compile(r"^\s+at (\S+?)\(", re.M)


@dataclass(frozen=True)
class Decoder:
    lib: str
    variant: str | None
    format: str
    version: str

    @property
    def name(self) -> str:
        return f"{self.lib}/{self.variant}" if self.variant else self.lib

    @property
    def stem(self) -> str:
        return "-".join(p for p in ("dotnet", self.lib, self.variant, self.format) if p)

    def argv(self) -> list[str]:
        return [self.lib, self.variant or "-", self.format]


@dataclass(frozen=True)
class Finding:
    kind: str  # one of KINDS
    detail: str
    frames: tuple[str, ...]
    dataset: str | None
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def runfile(relative: str) -> Path:
    root = os.environ.get("RUNFILES_DIR") or str(Path(__file__).resolve().parent.parent.parent.parent)
    return Path(root) / relative


def instrumented(decoder: Decoder) -> str:
    own = LIBRARY_ASSEMBLIES.get(decoder.lib)
    if own:
        return f"{', '.join(own)} and the harness ({HARNESS})"
    return f"only the harness ({HARNESS}): {NOT_INSTRUMENTABLE.get(decoder.lib, 'no assembly of its own')}"


class Target:
    """The built target twice in a scratch folder: `plain` as built (listing, seeding and
    replaying: instrumented code runs only under afl++), `fuzzed` with its libraries
    instrumented."""

    def __init__(self, scratch: Path) -> None:
        self.plain, self.fuzzed = scratch / "plain", scratch / "fuzzed"
        for copy in (self.plain, self.fuzzed):
            shutil.copytree(runfile(TARGET), copy)
            for path in copy.iterdir():
                path.chmod(0o644 if path.is_file() else 0o755)
        tools = scratch / "tools"
        (tools / ".config").mkdir(parents=True)
        shutil.copyfile(runfile(TOOL_MANIFEST), tools / ".config" / "dotnet-tools.json")
        _run(["dotnet", "tool", "restore"], tools)
        for name in sorted({a for names in LIBRARY_ASSEMBLIES.values() for a in names} | {HARNESS}):
            if not (self.fuzzed / name).exists():
                raise SystemExit(
                    f"fuzz: {name} is not in the built target: LIBRARY_ASSEMBLIES is out of date"
                )
            _run(["dotnet", "tool", "run", "sharpfuzz", str(self.fuzzed / name)], tools)

    def command(self, *args: str, fuzzed: bool = False) -> list[str]:
        return ["dotnet", str((self.fuzzed if fuzzed else self.plain) / ASSEMBLY), *args]

    def decoders(self) -> list[Decoder]:
        listed = json.loads(subprocess.run(self.command("--list"), capture_output=True, check=True).stdout)
        return [Decoder(d["lib"], d["variant"], d["format"], d["version"]) for d in listed]


def _run(argv: list[str], cwd: Path) -> None:
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode:
        raise SystemExit(
            f"fuzz: {' '.join(argv)} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
        )


def _env() -> dict[str, str]:
    # The fixtures are this binary's runfiles; the heap limit is the robustness driver's.
    env = dict(os.environ, **_AFL_ENV, DOTNET_GCHeapHardLimit=hex(MEMORY_MIB << 20))
    env.setdefault("RUNFILES_DIR", str(runfile("")))
    return env


@dataclass(frozen=True)
class Session:
    stats: dict[str, str]  # afl-fuzz's fuzzer_stats
    seeds: int
    cpu_seconds: float


def fuzz(target: Target, decoder: Decoder, seconds: int, work: Path) -> Session:
    """One afl-fuzz session: its fuzzer_stats, seeds and CPU time (afl-fuzz and the target)."""
    seeds = work / "seeds"
    subprocess.run(target.command("--seeds", str(seeds), *decoder.argv()), env=_env(), check=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    fuzzed = target.command(*decoder.argv(), fuzzed=True)
    argv = ["afl-fuzz", "-V", str(seconds), "-i", str(seeds), "-o", str(work / "afl"),
            "-t", str(TIMEOUT_S * 1000), "-m", "none", "--", *fuzzed]  # fmt: skip
    result = subprocess.run(argv, env=_env(), capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stats = work / "afl" / "default" / "fuzzer_stats"
    if result.returncode or not stats.exists():
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
        raise SystemExit(f"fuzz: afl-fuzz failed on {decoder.name} ({decoder.format}):\n{tail}")
    lines = (line.split(":", 1) for line in stats.read_text().splitlines())
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Session({k.strip(): v.strip() for k, v in lines}, len(list(seeds.iterdir())), cpu)


def _saved(folder: Path) -> list[Path]:
    return sorted((p for p in folder.glob("id:*") if p.is_file()), key=lambda p: p.stat().st_size)


def replay(target: Target, decoder: Decoder, data: bytes) -> tuple[str, str, tuple[str, ...]]:
    """(kind, detail, top frames) of a saved crash, run once outside afl++ on the library
    as it is built."""
    result = subprocess.run(
        target.command(*decoder.argv()), input=data, env=_env(), capture_output=True, timeout=60, check=False
    )
    stderr = result.stderr.decode(errors="replace")
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    detail = next((line for line in lines if "exception" in line.lower() or "overflow" in line.lower()), "")
    detail = detail or (lines[0] if lines else f"exit status {result.returncode}")
    kind = "memory_blowup" if "OutOfMemoryException" in stderr else "crash"
    return kind, detail[:300], tuple(_FRAME.findall(stderr)[:5])


def findings(target: Target, decoder: Decoder, afl: Path) -> list[Finding]:
    """One finding per (kind, top frames), the smallest input of each (the smallest hang)."""
    found: dict[tuple[str, tuple[str, ...]], Finding] = {}
    for path in _saved(afl / "crashes")[:MAX_REPLAYS]:
        data = path.read_bytes()
        kind, detail, frames = replay(target, decoder, data)
        found.setdefault((kind, frames), _finding(kind, detail, frames, data))
    for path in _saved(afl / "hangs")[:1]:
        found[("hang", ())] = _finding("hang", f"no answer within {TIMEOUT_S} s", (), path.read_bytes())
    return list(found.values())


def _finding(kind: str, detail: str, frames: tuple[str, ...], data: bytes) -> Finding:
    """The reproducer is the bytes the decoder reads: the dataset byte is taken off and named."""
    datasets = catalog.SYNTHETIC_DATASETS
    dataset = datasets[data[0] % len(datasets)] if data else None
    return Finding(kind, detail, frames, dataset, data[1:])


def report(
    decoder: Decoder, session: Session, seconds: int, found: list[Finding], out: Path
) -> dict[str, Any]:
    repro = out / "repro"
    repro.mkdir(parents=True, exist_ok=True)
    rows = []
    for f in found:
        file = repro / f"{f.sha256}.bin"
        file.write_bytes(f.data)
        rows.append({"kind": f.kind, "detail": f.detail, "frames": list(f.frames), "origin": "library",
                     "dataset": f.dataset, "sha256": f.sha256, "size": len(f.data),
                     "file": str(file.relative_to(out))})  # fmt: skip
    doc = {
        "schema": SCHEMA, "lang": "dotnet", "lib": decoder.lib, "variant": decoder.variant,
        "format": decoder.format, "version": decoder.version, "engine": ENGINE,
        "instrumented": instrumented(decoder), "seconds": seconds,
        "cpu_seconds": round(session.cpu_seconds, 1), "runs": int(session.stats["execs_done"]),
        "seeds": session.seeds, "coverage": {"unit": "edges", "covered": int(session.stats["edges_found"])},
        "findings": rows,
    }  # fmt: skip
    (out / f"{decoder.stem}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return doc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=DEFAULT_SECONDS, help="fuzzing seconds per decoder")
    parser.add_argument("--out", type=Path, help="report folder (default: a new temporary one)")
    parser.add_argument("--libs", default="", help="only these decoders: lib or lib/variant, comma-separated")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="serbench-fuzz-dotnet-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="serbench-sharpfuzz-") as scratch:
        target = Target(Path(scratch))
        libs = {name for name in args.libs.split(",") if name}
        chosen = [d for d in target.decoders() if not libs or d.lib in libs or d.name in libs]
        for i, decoder in enumerate(chosen, 1):
            work = Path(scratch) / decoder.stem
            start = time.monotonic()
            session = fuzz(target, decoder, args.seconds, work)
            doc = report(decoder, session, args.seconds, findings(target, decoder, work / "afl"), out)
            print(f"fuzz: [{i}/{len(chosen)}] {decoder.name} ({decoder.format}): {doc['runs']} runs, "
                  f"{doc['coverage']['covered']} edges, {len(doc['findings'])} findings, "
                  f"{time.monotonic() - start:.0f} s", flush=True)  # fmt: skip
    print(f"fuzz: reports in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
