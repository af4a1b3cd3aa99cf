"""Fuzzes every .NET robustness decoder with SharpFuzz under afl++, one after another, and
writes a report per decoder (dotnet/fuzz/README.md; command line, report and kept
reproducers: tools/robustness/fuzzing.py, as the C++ and Python passes).

    bazel run //dotnet/fuzz:all -- [--seconds N] [--out DIR] [--libs LIB[/VARIANT],...] [--keep]

The built target (Program.cs) is copied to a scratch folder, where SharpFuzz's command-line
tool instruments the libraries' assemblies in place; afl-fuzz then runs each decoder for
--seconds, seeded with the decoder's own encoding of every synthetic dataset. Every crash
afl++ saves is replayed outside afl++ to name it (the runtime's last words: an unhandled
OutOfMemoryException is `memory_blowup`, anything else that kills the process a `crash`)
and to deduplicate it by its top frames, and each crash is minimized by afl-tmin;
afl++'s hangs are `hang`.
"""

import argparse
import functools
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemas.catalog import catalog
from tools.robustness import fuzzing
from tools.robustness.drive import Decoder
from tools.robustness.runfiles import runfile

ENGINE = "afl++ 4.04c with SharpFuzz 2.3.0"
MAX_REPLAYS = 20
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
# A top frame in the project's own code makes a finding the harness's, a bug to fix.
_HARNESS_FRAME = re.compile(r"^Serbench\.")


def _argv(decoder: Decoder) -> list[str]:
    """The target's arguments naming the decoder (Program.cs)."""
    return [decoder.lib, decoder.variant or "-", decoder.format]


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

    def listed(self) -> list[dict[str, Any]]:
        """The decoders, as the robustness worker lists them."""
        listed: list[dict[str, Any]] = json.loads(
            subprocess.run(self.command("--list"), capture_output=True, check=True).stdout
        )
        return listed


def _run(argv: list[str], cwd: Path) -> None:
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode:
        raise SystemExit(
            f"fuzz: {' '.join(argv)} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
        )


def _env() -> dict[str, str]:
    # The fixtures are this binary's runfiles; the heap limit is the robustness driver's.
    env = dict(os.environ, **_AFL_ENV, DOTNET_GCHeapHardLimit=hex(fuzzing.MEMORY_MIB << 20))
    env.setdefault("RUNFILES_DIR", str(runfile("")))
    return env


@dataclass(frozen=True)
class Session:
    stats: dict[str, str]  # afl-fuzz's fuzzer_stats
    seeds: int
    cpu_seconds: float


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def fuzz(target: Target, decoder: Decoder, seconds: int, work: Path) -> Session:
    """One afl-fuzz session: its fuzzer_stats, seeds and CPU time (afl-fuzz and the target)."""
    seeds = work / "seeds"
    subprocess.run(target.command("--seeds", str(seeds), *_argv(decoder)), env=_env(), check=True)
    before = _cpu_of_children()
    fuzzed = target.command(*_argv(decoder), fuzzed=True)
    argv = ["afl-fuzz", "-V", str(seconds), "-i", str(seeds), "-o", str(work / "afl"),
            "-t", str(fuzzing.TIMEOUT_S * 1000), "-m", "none", "--", *fuzzed]  # fmt: skip
    result = subprocess.run(argv, env=_env(), capture_output=True, text=True, check=False)
    cpu = _cpu_of_children() - before
    stats = work / "afl" / "default" / "fuzzer_stats"
    if result.returncode or not stats.exists():
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
        raise SystemExit(f"fuzz: afl-fuzz failed on {decoder.name} ({decoder.format}):\n{tail}")
    lines = (line.split(":", 1) for line in stats.read_text().splitlines())
    return Session({k.strip(): v.strip() for k, v in lines}, len(list(seeds.iterdir())), cpu)


def _saved(folder: Path) -> list[Path]:
    return sorted((p for p in folder.glob("id:*") if p.is_file()), key=lambda p: p.stat().st_size)


def _dataset(decoder: Decoder, data: bytes) -> str | None:
    """The dataset the input's first byte names (Program.cs); a schema-less decoder reads none."""
    datasets = catalog.SYNTHETIC_DATASETS
    return None if decoder.schemaless or not data else datasets[data[0] % len(datasets)]


def replay(target: Target, decoder: Decoder, data: bytes) -> fuzzing.Finding | None:
    """The finding an input (dataset byte first) gives, run once outside afl++ on the library
    as it is built; None when it decodes or is refused cleanly. The reproducer is the bytes
    the decoder reads: the dataset byte is taken off and named."""
    result = subprocess.run(
        target.command(*_argv(decoder)), input=data, env=_env(), capture_output=True, timeout=60, check=False
    )
    if result.returncode == 0:
        return None
    stderr = result.stderr.decode(errors="replace")
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    detail = next((line for line in lines if "exception" in line.lower() or "overflow" in line.lower()), "")
    detail = detail or (lines[0] if lines else f"exit status {result.returncode}")
    kind = "memory_blowup" if "OutOfMemoryException" in stderr else "crash"
    frames = tuple(_FRAME.findall(stderr)[:5])
    origin = "harness" if frames and _HARNESS_FRAME.match(frames[0]) else "library"
    return fuzzing.Finding(kind, detail[:300], frames, origin, _dataset(decoder, data), data[1:])


def target_input(data: bytes, dataset: str | None) -> bytes:
    """The target's input of a reproducer: the dataset byte (any, for a schema-less decoder) first."""
    return fuzzing.dataset_prefixed(data, dataset or catalog.SYNTHETIC_DATASETS[0])


def minimize(
    target: Target, decoder: Decoder, finding: fuzzing.Finding, work: Path, seconds: int
) -> fuzzing.Finding:
    """afl-tmin on a crash's input, kept when the smaller input still gives the same finding."""
    src, out = work / "tmin-in.bin", work / "tmin-out.bin"
    src.write_bytes(target_input(finding.data, finding.dataset))
    out.unlink(missing_ok=True)
    argv = ["afl-tmin", "-i", str(src), "-o", str(out), "-t", str(fuzzing.TIMEOUT_S * 1000), "-m", "none",
            "--", *target.command(*_argv(decoder), fuzzed=True)]  # fmt: skip
    try:
        subprocess.run(argv, env=_env(), capture_output=True, timeout=seconds, check=False)
    except subprocess.TimeoutExpired:
        return finding
    if not out.exists() or out.stat().st_size >= src.stat().st_size:
        return finding
    again = replay(target, decoder, out.read_bytes())
    return again if again is not None and again.key == finding.key else finding


def findings(target: Target, decoder: Decoder, afl: Path, seconds: int, work: Path) -> list[fuzzing.Finding]:
    """One finding per (kind, top frames), the smallest input of each, crashes minimized;
    the smallest hang."""
    replayed = [replay(target, decoder, p.read_bytes()) for p in _saved(afl / "crashes")[:MAX_REPLAYS]]
    found = [
        minimize(target, decoder, f, work, fuzzing.minimize_seconds(seconds)) if f.kind == "crash" else f
        for f in fuzzing.unique(f for f in replayed if f is not None)
    ]
    for path in _saved(afl / "hangs")[:1]:
        data = path.read_bytes()
        hang = f"no answer within {fuzzing.TIMEOUT_S} s"
        found.append(fuzzing.Finding("hang", hang, (), "library", _dataset(decoder, data), data[1:]))
    return found


def run_decoder(
    target: Target, decoder: Decoder, args: argparse.Namespace, out: Path, work: Path
) -> dict[str, Any]:
    work.mkdir()
    session = fuzz(target, decoder, args.seconds, work)
    return fuzzing.report(
        decoder,
        engine=ENGINE,
        instrumented=instrumented(decoder),
        seconds=args.seconds,
        cpu_seconds=session.cpu_seconds,
        runs=int(session.stats["execs_done"]),
        seeds=session.seeds,
        coverage={"unit": "edges", "covered": int(session.stats["edges_found"])},
        findings=findings(target, decoder, work / "afl", args.seconds, work),
        out=out,
    )


def main(argv: Sequence[str] | None = None) -> int:
    # The target seeds itself: each dataset in the decoder's own encoding.
    args = fuzzing.parse_args(__doc__ or "", argv, seeded_by_corpus=False)
    with tempfile.TemporaryDirectory(prefix="serbench-sharpfuzz-") as scratch:
        target = Target(Path(scratch))
        return fuzzing.main("dotnet", target.listed(), functools.partial(run_decoder, target), args)


if __name__ == "__main__":
    sys.exit(main())
