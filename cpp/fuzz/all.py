"""Fuzzes every C++ robustness decoder with libFuzzer (ASan + UBSan), one after another,
and writes a report per decoder (cpp/fuzz/README.md; report format:
tools/robustness/fuzzing.py).

    bazel run //cpp/fuzz:all -- [--seconds N] [--out DIR] [--libs LIB[/VARIANT],...] [--keep]
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from schemas.catalog import catalog
from schemas.interop.protocol import kill_group
from tools.robustness import fuzzing
from tools.robustness.drive import Decoder
from tools.robustness.runfiles import runfile

FUZZER = "serbench/cpp/fuzz/fuzzer"
ENGINE = "libFuzzer 14 (clang++-14, ASan + UBSan)"
# Libraries Debian ships compiled: their code runs uninstrumented (no coverage, no
# sanitizer checks inside them); everything else the decoder runs is instrumented.
COMPILED = {
    "protobuf": "libprotobuf",
    "capnp": "libcapnp/libkj",
    "simdjson": "libsimdjson",
    "jsoncpp": "libjsoncpp",
    "thrift": "libthrift",
    "boost_serialization": "libboost_serialization",
}
SYMBOLIZER = "/usr/lib/llvm-14/bin/llvm-symbolizer"
# UBSan reports of findings already kept, silenced while fuzzing (the file says which).
KNOWN_FINDINGS = "serbench/cpp/fuzz/known_findings.supp"
# Artifacts replayed per decoder, smallest first (a decoder crashing on every other
# input leaves hundreds; their top frames repeat).
MAX_REPLAYS = 12
# Seeds per decoder: the golden vectors and a fixed sample of the corpus. Every seed that
# crashes restarts libFuzzer's merge (a new process), so the whole corpus would spend a
# decoder's budget on known crashes (FlatBuffers without its verifier crashes on a third).
MAX_CORPUS_SEEDS = 200
# ASan's redzones make frames several times larger than the worker's (built without
# them), so the fuzzer gets four times the usual 8 MiB stack: a nesting depth the worker
# survives is not a stack overflow here.
STACK_BYTES = 32 * 1024 * 1024
ARTIFACT_KINDS = {"crash": "crash", "leak": "crash", "oom": "memory_blowup", "timeout": "hang"}
_STATUS = re.compile(r"^#(\d+):? .*?cov: (\d+) ft: (\d+)", re.M)
_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in (.+?) (\S+?)(:\d+)*$", re.M)
# Frames of the sanitizers, libFuzzer, the C and C++ runtimes: never what deduplicates.
_RUNTIME = re.compile(
    r"^(__asan|__ubsan|__sanitizer|__interceptor|__lsan|__cxa|__gnu_cxx|__libc|__GI_|"
    r"fuzzer::|operator new|operator delete|malloc|calloc|realloc|abort|raise|std::|"
    r"__pthread_kill|__assert_fail|gsignal)"
)
_RAW_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ +\(([^)]*)\)", re.M)
# One frame for every dataset's instantiation of the same template: its namespace and
# its generated FlatBuffers types (fbs::Order, fbs::Node, ...) named alike.
_DATASET_TYPE = re.compile(r"serbench::\w+::fbs::\w+")
_DATASET_NAMESPACE = re.compile(r"serbench::\w+::")
_PROJECT = re.compile(r"(^|/)cpp/(adapters|robustness|model|fuzz)/")


def _env(decoder: Decoder, symbolize: bool = True, silence_known: bool = True) -> dict[str, str]:
    """The decoder's selection; stacks symbolized only where they are read (it takes seconds);
    the kept findings silenced unless a kept reproducer is replayed."""
    env = dict(os.environ, SERBENCH_FUZZ_LIB=decoder.lib, SERBENCH_FUZZ_FORMAT=decoder.format)
    env["SERBENCH_FUZZ_VARIANT"] = decoder.variant or ""
    env["ASAN_SYMBOLIZER_PATH"] = SYMBOLIZER
    # One allocation past the memory limit fails before it is mapped: after it, ASan writes
    # an eighth of its size as shadow (2 GiB for a 16 GiB string), slower than the timeout
    # on some hosts, which would turn the memory blow-up into a hang.
    env["ASAN_OPTIONS"] = f"symbolize={int(symbolize)}:max_allocation_size_mb={fuzzing.MEMORY_MIB}"
    known = f":suppressions={runfile(KNOWN_FINDINGS)}" if silence_known else ""
    env["UBSAN_OPTIONS"] = f"print_stacktrace=1:halt_on_error=1:symbolize={int(symbolize)}{known}"
    return env


def _big_stack() -> None:
    resource.setrlimit(resource.RLIMIT_STACK, (STACK_BYTES, STACK_BYTES))


# libFuzzer bounds its inputs (-timeout) and its sessions (-max_total_time), but a fork-mode
# parent waits on a job stuck past its own -timeout: this bounds libFuzzer itself.
OVERRUN_S = 60


def _run(
    argv: list[str], env: dict[str, str], seconds: float, log: IO[bytes] | None = None
) -> tuple[int | None, str]:
    """libFuzzer's exit code and its stderr (or the log it writes to); None as the code if it
    ran past `seconds` plus OVERRUN_S, when it and the jobs it forked are killed."""
    err = subprocess.STDOUT if log else subprocess.PIPE
    proc = subprocess.Popen(
        argv, env=env, preexec_fn=_big_stack, start_new_session=True,
        stdout=log or subprocess.DEVNULL, stderr=err,
    )  # fmt: skip
    code: int | None
    try:
        _, stderr = proc.communicate(timeout=seconds + OVERRUN_S)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        kill_group(proc)
        _, stderr = proc.communicate()
        code = None
        what = f"{env['SERBENCH_FUZZ_LIB']} {env['SERBENCH_FUZZ_FORMAT']}, {argv[1]}"
        fuzzing.progress(f"libFuzzer ({what}) ran {OVERRUN_S} s past its {seconds} s: stopped")
    return code, (stderr or b"").decode(errors="replace")


# Longer inputs are cut to this: the 1 MB controls ran at a dozen inputs a second, and the
# deepest nests of the corpus (10,000 levels) still fit.
MAX_LEN = 32 * 1024


def _limits() -> list[str]:
    return [f"-timeout={fuzzing.TIMEOUT_S}", f"-rss_limit_mb={fuzzing.MEMORY_MIB}", f"-max_len={MAX_LEN}"]


@dataclass(frozen=True)
class Run:
    runs: int
    edges: int
    features: int
    cpu_seconds: float


def fuzz(fuzzer: Path, decoder: Decoder, seconds: int, work: Path, seeds: Path) -> Run:
    """One fork-mode libFuzzer session: it goes on after a crash, hang or OOM, each left
    as an artifact under work/artifacts."""
    (work / "artifacts").mkdir()
    (work / "corpus").mkdir()
    argv = [str(fuzzer), "-fork=1", "-ignore_crashes=1", "-ignore_ooms=1", "-ignore_timeouts=1",
            f"-max_total_time={seconds}", *_limits(), f"-artifact_prefix={work / 'artifacts'}/",
            str(work / "corpus"), str(seeds)]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(work / "fuzz.log", "wb") as log:
        _run(argv, _env(decoder, symbolize=False), seconds, log)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    statuses = _STATUS.findall((work / "fuzz.log").read_text(errors="replace"))
    if not statuses:
        raise RuntimeError(
            f"{fuzzing.stem(decoder)}: libFuzzer printed no status line (see {work / 'fuzz.log'})"
        )
    runs, edges, features = (int(v) for v in statuses[-1])
    return Run(runs, edges, features, cpu)


def _frames(log: str) -> tuple[tuple[str, ...], str]:
    """The top three frames below the sanitizer runtime, and the file of the first."""
    frames: list[str] = []
    top_file = ""
    for function, file, *_ in _FRAME.findall(log):
        if function.startswith("LLVMFuzzerTestOneInput") or len(frames) == 3:
            break
        if _RUNTIME.match(function):
            continue
        top_file = top_file or file
        generic = _DATASET_NAMESPACE.sub("serbench::*::", _DATASET_TYPE.sub("serbench::*::fbs::*", function))
        frames.append(generic[:200])
    return tuple(frames), top_file


def _kind(log: str) -> str:
    if "libFuzzer: timeout" in log:
        return "hang"
    # libFuzzer's RSS or malloc limit; ASan's allocator limit (a huge reserve: bad_alloc's twin).
    if re.search(r"(libFuzzer|AddressSanitizer): (out-of-memory|allocation-size-too-big)", log):
        return "memory_blowup"
    return "crash"


def _summary(log: str, kind: str) -> str:
    """The sanitizer's one-line summary, without addresses and binary paths."""
    for pattern in (r"runtime error: (.+)$", r"^SUMMARY: (.+)$", r"ERROR: libFuzzer: (.+)$"):
        match = re.search(pattern, log, re.M)
        if match:
            text = re.sub(r"\((/|BuildId)[^)]*\)?", "", match.group(1))
            text = re.sub(r"/\S*/", "", text)  # a source file by its name, not the sandbox's path
            return re.sub(r"0x[0-9a-f]+", "0x…", text).strip()[:200]
    return kind


def _replay_log(
    fuzzer: Path, decoder: Decoder, data: bytes, work: Path, symbolize: bool, silence_known: bool = True
) -> str | None:
    """The sanitizer's report of `data`, None if it decodes without one."""
    path = work / "replay.bin"
    path.write_bytes(data)
    env = _env(decoder, symbolize, silence_known)
    code, stderr = _run([str(fuzzer), *_limits(), str(path)], env, fuzzing.TIMEOUT_S)
    if code is None:  # past libFuzzer's own -timeout: a hang it did not catch
        return f"ERROR: libFuzzer: timeout (stopped by the driver)\n{stderr}"
    return stderr if code != 0 else None


def _raw_key(
    fuzzer: Path, decoder: Decoder, data: bytes, work: Path, silence_known: bool = True
) -> tuple[str, ...] | None:
    """The kind and the top return addresses, from a replay without symbols (a second,
    where symbols take five): artifacts with the same key are one finding."""
    log = _replay_log(fuzzer, decoder, data, work, symbolize=False, silence_known=silence_known)
    return None if log is None else (_kind(log), *_RAW_FRAME.findall(log)[:6])


def replay(fuzzer: Path, decoder: Decoder, data: bytes, work: Path) -> fuzzing.Finding | None:
    """The finding `data` reproduces (classified from the sanitizer's report), or None."""
    log = _replay_log(fuzzer, decoder, data, work, symbolize=True)
    if log is None:
        return None
    kind = _kind(log)
    frames, top_file = _frames(log) if kind != "hang" else ((), "")
    dataset = None
    if not decoder.schemaless:
        dataset = catalog.SYNTHETIC_DATASETS[data[0] % len(catalog.SYNTHETIC_DATASETS)]
        data = data[1:]
    origin = "harness" if _PROJECT.search(top_file) else "library"
    return fuzzing.Finding(kind, _summary(log, kind), frames, origin, dataset, data)


def minimize(fuzzer: Path, decoder: Decoder, data: bytes, work: Path, seconds: int) -> bytes:
    """libFuzzer's -minimize_crash on `data`; the original if it finds nothing smaller."""
    src, out = work / "minimize-in.bin", work / "minimize-out.bin"
    src.write_bytes(data)
    out.unlink(missing_ok=True)
    argv = [str(fuzzer), "-minimize_crash=1", f"-max_total_time={seconds}", *_limits(),
            f"-exact_artifact_path={out}", str(src)]  # fmt: skip
    _run(argv, _env(decoder, symbolize=False), seconds)
    return out.read_bytes() if out.exists() and len(out.read_bytes()) < len(data) else data


def findings(fuzzer: Path, decoder: Decoder, work: Path, seconds: int) -> list[fuzzing.Finding]:
    """The session's artifacts, replayed and deduplicated; crashes and memory blow-ups
    minimized (a hang would cost the timeout per try)."""
    artifacts = sorted(
        (p for p in (work / "artifacts").iterdir() if p.name.split("-", 1)[0] in ARTIFACT_KINDS),
        key=lambda p: p.stat().st_size,
    )[:MAX_REPLAYS]
    first: dict[tuple[str, ...], bytes] = {}
    for path in artifacts:
        data = path.read_bytes()
        key = _raw_key(fuzzer, decoder, data, work)
        if key is not None:
            first.setdefault(key, data)
    found = [f for data in first.values() if (f := replay(fuzzer, decoder, data, work))]
    out = []
    for f in fuzzing.unique(found):
        raw = fuzzing.dataset_prefixed(f.data, f.dataset) if f.dataset else f.data
        smaller = (
            minimize(fuzzer, decoder, raw, work, fuzzing.minimize_seconds(seconds))
            if f.kind != "hang"
            else raw
        )
        again = replay(fuzzer, decoder, smaller, work) if smaller != raw else None
        out.append(again if again and again.key == f.key else f)
    return out


def write_seeds(decoder: Decoder, args: argparse.Namespace, folder: Path) -> int:
    folder.mkdir()
    count = 0
    for dataset, data in fuzzing.sampled_seeds(args.corpus, args.golden, decoder, MAX_CORPUS_SEEDS):
        raw = data if decoder.schemaless else fuzzing.dataset_prefixed(data, dataset or "")
        (folder / f"{count:06d}.bin").write_bytes(raw)
        count += 1
    return count


def instrumented(decoder: Decoder) -> str:
    if decoder.lib in COMPILED:
        return f"harness and generated code; Debian's compiled {COMPILED[decoder.lib]} is not instrumented"
    return "harness and the header-only library"


def run_decoder(decoder: Decoder, args: argparse.Namespace, out: Path, work: Path) -> dict[str, Any]:
    fuzzer, seconds = runfile(FUZZER), args.seconds
    work.mkdir()
    seeds = write_seeds(decoder, args, work / "seeds")
    session = fuzz(fuzzer, decoder, seconds, work, work / "seeds")
    return fuzzing.report(
        decoder,
        engine=ENGINE,
        instrumented=instrumented(decoder),
        seconds=seconds,
        cpu_seconds=session.cpu_seconds,
        runs=session.runs,
        seeds=seeds,
        coverage={"unit": "edges", "covered": session.edges, "features": session.features},
        findings=findings(fuzzer, decoder, work, seconds),
        out=out,
    )


def list_decoders() -> str:
    """`fuzzer --list`: the robustness worker's decoders, as JSON."""
    return subprocess.run([str(runfile(FUZZER)), "--list"], capture_output=True, check=True, text=True).stdout


def main(argv: Sequence[str] | None = None) -> int:
    args = fuzzing.parse_args(__doc__ or "", argv)
    listed = json.loads(list_decoders())
    return fuzzing.main("cpp", listed, run_decoder, args)


if __name__ == "__main__":
    sys.exit(main())
