"""The robustness driver: every decoder of every language worker runs the corpus
in a child process with time and memory limits; each outcome is classified
(protocol and output file: README.md).

    run --corpus DIR --out FILE [--lang NAME=CMD ...] [--timeout S] [--memory-mib N]
        [--startup-timeout S] [--libs LIB[/VARIANT],...]

Without --lang, the wired workers (//<lang>/robustness:worker, in this target's
runfiles) are used. Exit 0 when every result is classified; 1 on a protocol
violation or driver error.
"""

import argparse
import contextlib
import hashlib
import json
import os
import resource
import selectors
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

from schemas.catalog import catalog
from schemas.interop.protocol import child_env, kill_group, lang_commands, next_chunk, read_line
from tools.robustness.runfiles import user_path
from tools.robustness.schema import FINDINGS, OUTCOMES, SCHEMA

# A language without a robustness program ("" in the catalog) is not wired.
WIRED = {lang.name: lang.robustness for lang in catalog.load().languages if lang.robustness}
# CoreCLR reserves address space up front and does not run under RLIMIT_AS: its
# GC heap is capped through the environment instead. (Mono 6.8 runs under RLIMIT_AS,
# and an allocation past it throws OutOfMemoryException.)
HEAP_LIMIT_ENV = {"dotnet": "DOTNET_GCHeapHardLimit"}
# Mono answers a native crash (SIGSEGV) by attaching gdb for a backtrace, which can take
# longer than the timeout (the crash would pass for a hang), and by writing mono_crash.*
# files into the working directory.
CRASH_ENV = {"mono": {"MONO_DEBUG": "no-gdb-backtrace", "MONO_CRASH_NOFILE": "1"}}
_REPLY_KEYS = {"outcome", "detail", "ns"}
_REPLIES = {
    "fixture": {"clean_error", "accepted_equal", "accepted_different", "memory_blowup"},
    "accept": {"clean_error", "accepted", "memory_blowup"},
    "reject": {"clean_error", "accepted", "memory_blowup"},
}
_DECODER_KEYS = {"lib", "variant", "format", "version", "schemaless"}
# Optional in a --list record: the only datasets whose inputs the decoder can be sent (a
# suite that models some datasets: Mono); without it, every dataset.
_DATASETS_KEY = "datasets"
_PROGRESS_EVERY = 250
_WRAPPED_SIGKILL = 128 + signal.SIGKILL  # a shell wrapper's status for a SIGKILLed child


class ProtocolError(Exception):
    """The worker (or the driver) broke the protocol: the run is void."""


@dataclass(frozen=True)
class Limits:
    timeout_s: float
    memory_mib: int
    startup_s: float


@dataclass(frozen=True)
class Decoder:
    lang: str
    lib: str
    variant: str | None
    format: str
    version: str
    schemaless: bool
    datasets: tuple[str, ...] | None = None

    @property
    def name(self) -> str:
        return self.lib if self.variant is None else f"{self.lib}/{self.variant}"

    def binds(self, dataset: str) -> bool:
        return self.datasets is None or dataset in self.datasets


def as_decoder(lang: str, record: dict[str, Any]) -> Decoder:
    """A --list record (or an output file's decoder record) as a Decoder."""
    datasets = record.get(_DATASETS_KEY)
    fields = {k: record[k] for k in _DECODER_KEYS}
    return Decoder(lang=lang, **fields, datasets=None if datasets is None else tuple(datasets))


@dataclass(frozen=True)
class Answer:
    outcome: str
    detail: str
    ns: int | None


def first_line(path: Path, start: int) -> str:
    """The first line with a word a worker wrote to stderr after byte `start`: runtimes
    name the fatal error first ("Stack overflow.", "terminate called ...", Mono's
    "Native Crash Reporting" under a rule of "=")."""
    with path.open("rb") as f:
        f.seek(start)
        lines = (line.strip() for line in f.read().decode(errors="replace").splitlines())
        return next((line[:300] for line in lines if any(c.isalnum() for c in line)), "")


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def died(returncode: int, stderr_said: str) -> Answer:
    """The outcome of a worker that exited before replying."""
    said = f": {stderr_said}" if stderr_said else ""
    if returncode == 2:
        raise ProtocolError(f"worker exited 2 (unknown decoder or malformed request){said}")
    if returncode in (-signal.SIGKILL, _WRAPPED_SIGKILL):
        return Answer("memory_blowup", f"SIGKILL not sent by the driver (out-of-memory killer){said}", None)
    if returncode < 0:
        return Answer("crash", f"{_signal_name(-returncode)}{said}", None)
    if returncode > 128:
        return Answer("crash", f"exit status {returncode} ({_signal_name(returncode - 128)}?){said}", None)
    return Answer("crash", f"exit status {returncode}{said}", None)


def parse_reply(line: bytes, expect: str) -> Answer:
    """A reply line, checked against the protocol; accepted mapped by expect."""
    try:
        reply = json.loads(line)
    except ValueError as err:
        raise ProtocolError(f"worker wrote a line that is not JSON: {line[:200]!r} ({err})") from None
    if not isinstance(reply, dict) or reply.keys() != _REPLY_KEYS:
        raise ProtocolError(f"reply {line[:200]!r} does not have exactly the keys {sorted(_REPLY_KEYS)}")
    outcome, detail, ns = reply["outcome"], reply["detail"], reply["ns"]
    if outcome not in _REPLIES[expect]:
        raise ProtocolError(
            f"outcome {outcome!r} is not allowed for expect={expect} ({sorted(_REPLIES[expect])})"
        )
    if not isinstance(detail, str) or not isinstance(ns, int) or isinstance(ns, bool) or ns < 0:
        raise ProtocolError(f"reply {line[:200]!r}: detail must be a string, ns a non-negative integer")
    if outcome == "accepted":
        outcome = "accepted_equal" if expect == "accept" else "accepted_different"
    return Answer(outcome, detail, ns)


class Worker:
    """One language's long-lived worker process, started on demand and again after
    a crash or hang."""

    def __init__(self, lang: str, command: list[str], limits: Limits, log: Path) -> None:
        self.lang, self.command, self.limits, self.log = lang, command, limits, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.log_start = 0
        self.startup_cost: float | None = None

    def _env(self) -> dict[str, str]:
        env = child_env() | CRASH_ENV.get(self.lang, {})
        if self.lang in HEAP_LIMIT_ENV:
            env[HEAP_LIMIT_ENV[self.lang]] = f"{self.limits.memory_mib << 20:#x}"
        return env

    def _preexec(self) -> None:
        if self.lang not in HEAP_LIMIT_ENV:
            limit = self.limits.memory_mib << 20
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    def _start(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as err:
            self.proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=self._env(),
                preexec_fn=self._preexec, start_new_session=True,
            )  # fmt: skip
        self.buffer = b""
        return self.proc

    def stop(self) -> None:
        """SIGKILL to the worker's process group (wrappers start the runtime as a child)."""
        if self.proc is not None:
            kill_group(self.proc)
            self.proc = None

    def _allowance(self) -> float:
        """Extra time for a fresh process: the whole start-up limit the first time, then
        what the first start really took (so a hang after a restart costs no more)."""
        if self.proc is not None:
            return 0.0
        return self.limits.startup_s if self.startup_cost is None else self.startup_cost

    def finish(self) -> None:
        """Closes stdin (the worker exits on EOF) and reads stdout to its end: a line
        after the last reply means a request got more than one, which a check while
        serving can miss when the extra line arrives late."""
        if self.proc is not None:
            assert self.proc.stdin is not None
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()
            self._no_more_output(time.monotonic() + self.limits.timeout_s)
        self.stop()

    def _no_more_output(self, deadline: float) -> None:
        """Reads stdout to EOF (or the deadline); any bytes are a protocol error."""
        assert self.proc is not None and self.proc.stdout is not None
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            while chunk := next_chunk(sel, self.proc.stdout.fileno(), deadline):
                self.buffer += chunk
        if self.buffer:
            raise ProtocolError(
                f"{self.lang} worker wrote more lines than it got requests: {self.buffer[:200]!r}"
            )

    def ask(self, request: dict[str, Any]) -> Answer:
        if self.proc is not None and self.proc.poll() is not None:
            # It replied, then died: not this input's doing. Say so and start afresh.
            print(f"run: {self.lang} worker exited ({self.proc.returncode}) after a reply", file=sys.stderr)
            self._no_more_output(time.monotonic() + self.limits.timeout_s)
            self.stop()
        timeout = self.limits.timeout_s + self._allowance()
        began = time.monotonic()
        proc = self.proc or self._start()
        assert proc.stdin is not None and proc.stdout is not None
        # A crash's detail quotes what the worker said while decoding this input only.
        self.log_start = self.log.stat().st_size
        try:
            proc.stdin.write(json.dumps(request).encode() + b"\n")
            proc.stdin.flush()
        except BrokenPipeError:
            return self._died()
        line = self._read_line(proc, time.monotonic() + timeout)
        if line is None:
            return self._died()
        if line == b"":
            self.stop()
            return Answer("hang", f"no reply within {timeout:.1f}s", None)
        if self.startup_cost is None:
            self.startup_cost = time.monotonic() - began
        return parse_reply(line, request["expect"])

    def _read_line(self, proc: subprocess.Popen[bytes], deadline: float) -> bytes | None:
        """The reply line; b"" on timeout, None when the worker closed stdout."""
        try:
            read = read_line(proc, self.buffer, deadline)
        except TimeoutError:
            return b""
        if read is None:
            return None
        line, rest = read
        if rest:
            raise ProtocolError(
                f"{self.lang} worker wrote more than one line for one request: {rest[:200]!r}"
            )
        self.buffer = b""
        return line

    def _died(self) -> Answer:
        assert self.proc is not None
        returncode = self.proc.wait()
        self.stop()  # its children, if a wrapper died
        return died(returncode, first_line(self.log, self.log_start))


def list_decoders(lang: str, command: list[str], limits: Limits) -> list[Decoder]:
    done = subprocess.run(
        [*command, "--list"], capture_output=True, env=child_env(), timeout=limits.startup_s, check=False
    )
    if done.returncode != 0:
        raise ProtocolError(f"{lang} worker --list exited {done.returncode}: {done.stderr.decode()[-500:]}")
    try:
        listed = json.loads(done.stdout)
    except ValueError as err:
        raise ProtocolError(f"{lang} worker --list did not print JSON: {err}") from None
    if not isinstance(listed, list) or not all(_is_decoder_record(d) for d in listed):
        raise ProtocolError(
            f"{lang} worker --list: want a JSON array of objects with keys {sorted(_DECODER_KEYS)}"
            f" and optionally {_DATASETS_KEY!r}, a list of dataset names"
        )
    return [as_decoder(lang, d) for d in listed]


def _is_decoder_record(d: object) -> bool:
    if not isinstance(d, dict) or d.keys() - {_DATASETS_KEY} != _DECODER_KEYS:
        return False
    datasets = d.get(_DATASETS_KEY, [])
    return isinstance(datasets, list) and all(isinstance(name, str) for name in datasets)


def runs(decoder: Decoder, inputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The inputs this decoder gets: its format; dataset-null ones only if schemaless,
    the others only of the datasets it binds."""
    return [
        i
        for i in inputs
        if i["format"] == decoder.format
        and (decoder.schemaless if i["dataset"] is None else decoder.binds(i["dataset"]))
    ]


def not_fed(decoder: Decoder, inputs: list[dict[str, Any]]) -> dict[str, int]:
    """Per dataset the decoder does not bind, the inputs of its format it was not sent."""
    return dict(
        Counter(
            i["dataset"]
            for i in inputs
            if i["format"] == decoder.format and i["dataset"] is not None and not decoder.binds(i["dataset"])
        )
    )


def _decoder_record(decoder: Decoder, inputs: list[dict[str, Any]]) -> dict[str, Any]:
    record = asdict(decoder)
    record[_DATASETS_KEY] = None if decoder.datasets is None else list(decoder.datasets)
    return record | {"not_fed": not_fed(decoder, inputs)}


def _request(decoder: Decoder, item: dict[str, Any], corpus: Path) -> dict[str, Any]:
    return {
        "lib": decoder.lib, "variant": decoder.variant, "format": decoder.format,
        "dataset": item["dataset"], "size": item["size"], "path": str((corpus / item["file"]).resolve()),
        "expect": item["expect"],
    }  # fmt: skip


def _result(decoder: Decoder, item: dict[str, Any], answer: Answer) -> dict[str, Any]:
    return {
        "lang": decoder.lang, "lib": decoder.lib, "variant": decoder.variant, "format": decoder.format,
        "input": item["id"], "dataset": item["dataset"], "size": item["size"], "mutation": item["mutation"],
        "expect": item["expect"], "outcome": answer.outcome, "detail": answer.detail, "ns": answer.ns,
    }  # fmt: skip


class Progress:
    """`progress: <done>/<total> <lang> <lib>[/<variant>] <format>` on stderr, every
    so many requests and after each decoder."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0

    def step(self, decoder: Decoder, last: bool = False) -> None:
        self.done += 0 if last else 1
        if last or self.done % _PROGRESS_EVERY == 0:
            print(
                f"progress: {self.done}/{self.total} {decoder.lang} {decoder.name} {decoder.format}",
                file=sys.stderr,
            )


def run_lang(
    worker: Worker, decoders: list[Decoder], inputs: list[dict[str, Any]], corpus: Path, progress: Progress
) -> list[dict[str, Any]]:
    results = []
    try:
        for decoder in decoders:
            for item in runs(decoder, inputs):
                results.append(_result(decoder, item, worker.ask(_request(decoder, item, corpus))))
                progress.step(decoder)
            progress.step(decoder, last=True)
        worker.finish()
    finally:
        worker.stop()
    return results


def repro(
    results: list[dict[str, Any]], inputs: dict[str, dict[str, Any]], corpus: Path, out: Path
) -> list[dict[str, Any]]:
    """The first input of each (decoder, finding), copied to `<out stem>-repro/`."""
    folder = out.parent / f"{out.stem}-repro"
    shutil.rmtree(folder, ignore_errors=True)
    kept: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in results:
        key = (r["lang"], r["lib"], r["variant"], r["format"], r["outcome"])
        if r["outcome"] in FINDINGS and key not in kept:
            item = inputs[r["input"]]
            name = "-".join(str(k) for k in key if k is not None) + f"-{item['id']}.bin"
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(corpus / item["file"], folder / name)
            kept[key] = {
                "lang": r["lang"], "lib": r["lib"], "variant": r["variant"], "format": r["format"],
                "input": item["id"], "outcome": r["outcome"], "sha256": item["sha256"],
                "file": f"{folder.name}/{name}",
            }  # fmt: skip
    return list(kept.values())


def summary(results: list[dict[str, Any]], stream: TextIO) -> None:
    """Per (lang, lib, variant, format): count per outcome, median ns of clean errors."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in results:
        groups.setdefault((r["lang"], r["lib"], r["variant"], r["format"]), []).append(r)
    print(
        f"{'decoder':<44} " + " ".join(f"{o:>18}" for o in OUTCOMES) + f" {'reject ns (median)':>19}",
        file=stream,
    )
    for (lang, lib, variant, fmt), rs in groups.items():
        counts = Counter(r["outcome"] for r in rs)
        rejects = [r["ns"] for r in rs if r["outcome"] == "clean_error" and r["ns"] is not None]
        median = f"{statistics.median(rejects):.0f}" if rejects else "-"
        name = f"{lang} {lib}{'/' + variant if variant else ''} {fmt}"
        print(
            f"{name:<44} " + " ".join(f"{counts.get(o, 0):>18}" for o in OUTCOMES) + f" {median:>19}",
            file=stream,
        )


def write_atomic(out: Path, doc: dict[str, Any]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    os.replace(tmp, out)


def run(
    langs: dict[str, list[str]], corpus: Path, out: Path, limits: Limits, libs: set[str] | None = None
) -> dict[str, Any]:
    raw = (corpus / "manifest.json").read_bytes()
    manifest = json.loads(raw)
    inputs = manifest["inputs"]
    decoders = {lang: list_decoders(lang, cmd, limits) for lang, cmd in langs.items()}
    chosen = {
        lang: [d for d in ds if libs is None or d.name in libs or d.lib in libs]
        for lang, ds in decoders.items()
    }
    total = sum(len(runs(d, inputs)) for ds in chosen.values() for d in ds)
    results: list[dict[str, Any]] = []
    progress = Progress(total)
    with tempfile.TemporaryDirectory(prefix="serbench-robustness-") as logs:
        for lang, command in langs.items():
            worker = Worker(lang, command, limits, Path(logs) / f"{lang}.stderr")
            results += run_lang(worker, chosen[lang], inputs, corpus, progress)
    doc = {
        "schema": SCHEMA,
        "corpus": {
            "name": manifest["name"], "seed": manifest["seed"],
            "manifest_sha256": hashlib.sha256(raw).hexdigest(), "inputs": len(inputs),
            "per_format": manifest["per_format"], "not_applicable": manifest["not_applicable"],
        },
        "limits": {"timeout_s": limits.timeout_s, "memory_mib": limits.memory_mib},
        "decoders": [_decoder_record(d, inputs) for ds in chosen.values() for d in ds],
        "results": results,
        "repro": repro(results, {i["id"]: i for i in inputs}, corpus, out),
    }  # fmt: skip
    write_atomic(out, doc)
    return doc


def wired_workers() -> dict[str, list[str]]:
    """The wired workers present in this target's runfiles (working directory)."""
    return {lang: [os.path.abspath(path)] for lang, path in WIRED.items() if Path(path).exists()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", required=True, type=Path, help="a corpus directory (manifest.json)")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--lang", action="append", default=[], help="NAME=COMMAND of a worker")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per input")
    parser.add_argument("--startup-timeout", type=float, default=120.0, help="extra seconds for a (re)start")
    parser.add_argument("--memory-mib", type=int, default=2048)
    parser.add_argument("--libs", help="comma-separated LIB or LIB/VARIANT to run (default: all)")
    args = parser.parse_args(argv)
    langs = lang_commands(args.lang, "run") if args.lang else wired_workers()
    if not langs:
        print("run: no worker given (--lang NAME=COMMAND) or wired", file=sys.stderr)
        return 2
    limits = Limits(args.timeout, args.memory_mib, args.startup_timeout)
    libs = set(args.libs.split(",")) if args.libs else None
    out = user_path(args.out)
    try:
        doc = run(langs, user_path(args.corpus), out, limits, libs)
    except ProtocolError as err:
        print(f"run: PROTOCOL ERROR: {err}", file=sys.stderr)
        return 1
    summary(doc["results"], sys.stdout)
    for d in doc["decoders"]:
        if d["not_fed"]:
            skipped = ", ".join(f"{n} {name}" for name, n in d["not_fed"].items())
            name = d["lib"] + (f"/{d['variant']}" if d["variant"] else "")
            print(f"run: {d['lang']} {name} {d['format']}: not fed {skipped} inputs (no model there)")
    print(f"run: {len(doc['results'])} results, {len(doc['repro'])} reproducing inputs -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
