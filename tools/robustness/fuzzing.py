"""What every language's fuzz pass shares (cpp/fuzz, dotnet/fuzz, python/fuzz; README.md
"Fuzzing"): the command line and its default budget, the seeds from the corpus and the
golden vectors, the per-decoder report and the reproducers kept in the repository.

Report (one file per decoder, `<out>/<lang>-<lib>[-<variant>]-<format>.json`):

    {"schema": "serbench-fuzz/1", "lang", "lib", "variant", "format", "version",
     "engine", "instrumented", "seconds", "cpu_seconds", "runs", "seeds",
     "coverage": {"unit": "edges"|"lines"|..., "covered": N},
     "findings": [{"kind": "crash"|"hang"|"memory_blowup", "detail", "frames": [...],
                   "origin": "library"|"harness", "dataset", "sha256", "size", "file"}]}

`file` is relative to the report's folder. A reproducer is the bytes a decoder is fed
(the dataset byte a typed C++ target reads first is removed and named in `dataset`).
"""

import argparse
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from schemas.catalog import catalog
from tools.robustness.drive import Decoder, as_decoder
from tools.robustness.runfiles import runfile, user_path
from tools.robustness.schema import FINDINGS, FUZZ_REPRODUCER
from tools.robustness.schema import record_errors as _record

SCHEMA = "serbench-fuzz/1"
# A pass of every decoder of the three languages stays within PASS_BUDGET_S here. Each
# decoder costs its --seconds plus what surrounds it (seeding, replays and minimization of
# its findings: measured as CPU time, README.md "Fuzzing"); the .NET pass first instruments
# its libraries once. Each pass's test checks that its language lists no more decoders
# than counted here.
PASS_BUDGET_S = 30 * 60
PASS_DECODERS = {"cpp": 20, "dotnet": 17, "python": 25}
AROUND_EACH_S = {"cpp": 11, "dotnet": 3, "python": 2}
SETUP_S = 30
DEFAULT_SECONDS = (
    PASS_BUDGET_S - SETUP_S - sum(n * AROUND_EACH_S[lang] for lang, n in PASS_DECODERS.items())
) // sum(PASS_DECODERS.values())
# The robustness driver's limits (drive.py), so a fuzz finding means what a corpus one means.
TIMEOUT_S = 5
MEMORY_MIB = 2048
# Where kept reproducers live in the repository; the corpus replays every one.
REPRODUCERS = Path("tools/robustness/reproducers")
REPRODUCERS_INDEX = "reproducers.json"
# The seeds, as runfiles of a driver binary.
CORPUS = "serbench/tools/robustness/corpus"
GOLDEN = "serbench/tools/interop/golden"


def stem(decoder: Decoder) -> str:
    """The decoder's report file name, without .json."""
    return "-".join(p for p in (decoder.lang, decoder.lib, decoder.variant, decoder.format) if p)


def decoders(lang: str, listed: list[dict[str, Any]], libs: list[str]) -> list[Decoder]:
    """The listed decoders, narrowed to `libs` (`lib` or `lib/variant`) when given."""
    out = [as_decoder(lang, d) for d in listed]
    return [d for d in out if not libs or d.lib in libs or d.name in libs]


@dataclass(frozen=True)
class Finding:
    kind: str  # one of FINDINGS
    detail: str
    frames: tuple[str, ...]  # the top frames that deduplicate it
    origin: str  # library | harness
    dataset: str | None
    data: bytes = field(repr=False)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def key(self) -> tuple[str, tuple[str, ...]]:
        return (self.kind, self.frames)


def unique(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per (kind, top frames): the smallest input of each."""
    best: dict[tuple[str, tuple[str, ...]], Finding] = {}
    for f in findings:
        if f.kind not in FINDINGS:
            raise ValueError(f"finding kind {f.kind!r} is not one of {FINDINGS}")
        if f.key not in best or len(f.data) < len(best[f.key].data):
            best[f.key] = f
    return list(best.values())


def dataset_prefixed(data: bytes, dataset: str) -> bytes:
    """A typed C++ target's input: the dataset's index byte, then the bytes."""
    return bytes([catalog.SYNTHETIC_DATASETS.index(dataset)]) + data


def minimize_seconds(seconds: int) -> int:
    """A finding's minimization budget: a few seconds, never more than the fuzzing's."""
    return min(10, seconds)


def seeds(corpus: Path, golden: Path, decoder: Decoder) -> Iterator[tuple[str | None, bytes]]:
    """(dataset, bytes) of every corpus input and golden vector of the decoder's format;
    a typed decoder gets only the inputs that have a dataset. The decoder's own kept findings
    are left out: they are known, and a seed that hangs takes the whole pass's budget."""
    manifest = json.loads((corpus / "manifest.json").read_text(encoding="utf-8"))
    for item in manifest["inputs"]:
        if (
            item["format"] == decoder.format
            and (decoder.schemaless or item["dataset"])
            and not _own(item, decoder)
        ):
            yield item["dataset"], (corpus / item["file"]).read_bytes()
    for path in sorted(golden.glob(f"*.{decoder.format}")):
        yield path.stem.rsplit("_", 1)[0], path.read_bytes()


def _own(item: dict[str, Any], decoder: Decoder) -> bool:
    """Whether a corpus input is a finding kept for this very decoder."""
    p = item.get("params") or {}
    return item.get("mutation") == FUZZ_REPRODUCER and (p["lang"], p["lib"], p["variant"]) == (
        decoder.lang, decoder.lib, decoder.variant)  # fmt: skip


def sampled_seeds(corpus: Path, golden: Path, decoder: Decoder, count: int) -> list[tuple[str | None, bytes]]:
    """The golden vectors and `count` of the corpus's inputs, spread evenly over it (the same
    ones every time)."""
    every = list(seeds(corpus, golden, decoder))
    vectors = sum(1 for _ in golden.glob(f"*.{decoder.format}"))
    inputs, tail = every[: len(every) - vectors], every[len(every) - vectors :]
    step = max(1, len(inputs) // count)
    return inputs[::step][:count] + tail


def report(
    decoder: Decoder,
    *,
    engine: str,
    instrumented: str,
    seconds: int,
    cpu_seconds: float,
    runs: int,
    seeds: int,
    coverage: dict[str, Any],
    findings: list[Finding],
    out: Path,
) -> dict[str, Any]:
    """Writes the decoder's report and its reproducers under `out`; returns the report."""
    repro_dir = out / "repro"
    repro_dir.mkdir(parents=True, exist_ok=True)
    rows = []
    for f in findings:
        file = repro_dir / f"{f.sha256}.bin"
        file.write_bytes(f.data)
        row = {k: v for k, v in asdict(f).items() if k != "data"}
        row.update(frames=list(f.frames), sha256=f.sha256, size=len(f.data), file=str(file.relative_to(out)))
        rows.append(row)
    doc = {
        "schema": SCHEMA,
        **{k: getattr(decoder, k) for k in ("lang", "lib", "variant", "format", "version")},
        "engine": engine,
        "instrumented": instrumented,
        "seconds": seconds,
        "cpu_seconds": round(cpu_seconds, 1),
        "runs": runs,
        "seeds": seeds,
        "coverage": coverage,
        "findings": rows,
    }
    (out / f"{stem(decoder)}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return doc


def keep(doc: dict[str, Any], out: Path, workspace: Path) -> int:
    """Adds the report's findings not yet kept to the repository's reproducers; returns
    how many it added. A finding is kept already when the decoder has one of the same input,
    or of the same kind and stack (a Python finding has no stack: its kind and detail).
    What the fixed-corpus run gives each one (`corpus_outcomes`, and `corpus_note` saying
    why when that is not just the finding's kind) is left for the committer to record: the
    language's robustness smoke test names it."""
    folder = workspace / REPRODUCERS
    index_path = folder / REPRODUCERS_INDEX
    index = json.loads(index_path.read_text(encoding="utf-8")) if index_path.exists() else []
    known = {key for r in index for key in _kept_keys(r)}
    added = 0
    for f in doc["findings"]:
        keys = _kept_keys({**f, **{k: doc[k] for k in ("lang", "lib", "variant", "format")}})
        if known & keys:
            continue
        known |= keys
        target = folder / doc["format"] / f"{f['sha256']}.bin"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out / f["file"], target)
        index.append({
            "lang": doc["lang"], "lib": doc["lib"], "variant": doc["variant"], "format": doc["format"],
            "version": doc["version"], "engine": doc["engine"], "kind": f["kind"], "detail": f["detail"],
            "frames": f["frames"], "origin": f["origin"], "dataset": f["dataset"], "sha256": f["sha256"],
            "file": str(target.relative_to(folder)), "corpus_outcomes": [], "corpus_note": "",
        })  # fmt: skip
        added += 1
    if added:
        index.sort(key=lambda r: (r["lang"], r["format"], r["lib"], r["variant"] or "", r["sha256"]))
        index_path.write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return added


def _kept_keys(r: dict[str, Any]) -> set[tuple[Any, ...]]:
    """What makes a finding of a decoder the same as another: its input, or its stack."""
    decoder = (r["lang"], r["lib"], r["variant"], r["format"])
    stack = tuple(r["frames"]) or (r["detail"],)
    return {(*decoder, "input", r["sha256"]), (*decoder, r["kind"], *stack)}


def replays_changed(results: list[dict[str, Any]], manifest: dict[str, Any]) -> list[str]:
    """The kept findings that the decoder which found them no longer answers, in a corpus run,
    with one of the outcomes recorded for that run (reproducers.json's `corpus_outcomes`: what
    the robustness worker gives, which need not be the fuzz build's kind; more than one
    where it depends on what lies past the input's buffer)."""
    kept = {i["id"]: i["params"] for i in manifest["inputs"] if i["mutation"] == FUZZ_REPRODUCER}
    out = []
    for r in results:
        p = kept.get(r["input"])
        if p is None or (r["lang"], r["lib"], r["variant"]) != (p["lang"], p["lib"], p["variant"]):
            continue
        if r["outcome"] not in p["corpus_outcomes"]:
            out.append(
                f"{r['lang']} {r['lib']}/{r['variant']} {r['format']} fuzz reproducer {p['sha256'][:16]} "
                f"({p['kind']} when fuzzed): {r['outcome']} {r['detail']}; recorded corpus_outcomes: "
                f"{p['corpus_outcomes']}"
            )
    return out


def parse_args(
    description: str, argv: Sequence[str] | None, seeded_by_corpus: bool = True
) -> argparse.Namespace:
    """The command line, its paths as the user meant them; the corpus (unless given) and
    the golden vectors from the runfiles, for a pass that seeds from them."""
    args = _parser(description, seeded_by_corpus).parse_args(argv)
    args.out = user_path(args.out) if args.out else None
    if seeded_by_corpus:
        args.corpus = user_path(args.corpus) if args.corpus else runfile(CORPUS)
        args.golden = runfile(GOLDEN)
    return args


def _parser(description: str, seeded_by_corpus: bool) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=int, default=DEFAULT_SECONDS,
                   help=f"CPU-seconds of fuzzing per decoder (default {DEFAULT_SECONDS})")  # fmt: skip
    p.add_argument("--out", type=Path, help="report folder (default: a new temporary one)")
    p.add_argument("--libs", default="", help="only these decoders: lib or lib/variant, comma-separated")
    if seeded_by_corpus:
        p.add_argument("--corpus", type=Path, help="seed corpus folder (default: the full robustness corpus)")
    p.add_argument("--keep", action="store_true", help=f"add new findings' reproducers to {REPRODUCERS}")
    return p


def workspace() -> Path:
    """The source tree under `bazel run` (for --keep)."""
    root = os.environ.get("BUILD_WORKSPACE_DIRECTORY")
    if not root:
        raise SystemExit("--keep needs `bazel run` (BUILD_WORKSPACE_DIRECTORY)")
    return Path(root)


def progress(message: str) -> None:
    print(f"fuzz: {message}", flush=True)


# (decoder, the parsed command line, report folder, work folder) -> the decoder's report
RunDecoder = Callable[[Decoder, argparse.Namespace, Path, Path], dict[str, Any]]


def main(lang: str, listed: list[dict[str, Any]], run_decoder: RunDecoder, args: argparse.Namespace) -> int:
    """Every chosen decoder in turn, with a progress line each; --keep adds findings."""
    chosen = decoders(lang, listed, [x for x in args.libs.split(",") if x])
    out: Path = args.out or Path(tempfile.mkdtemp(prefix="serbench-fuzz-"))
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="serbench-fuzz-work-") as tmp:
        for i, decoder in enumerate(chosen, 1):
            doc = run_decoder(decoder, args, out, Path(tmp) / stem(decoder))
            added = keep(doc, out, workspace()) if args.keep else 0
            progress(
                f"{i}/{len(chosen)} {lang} {decoder.name} {decoder.format}: {doc['runs']} runs, "
                f"{doc['coverage']['covered']} {doc['coverage']['unit']}, {len(doc['findings'])} findings"
                f"{f' ({added} new, kept)' if added else ''} ({time.monotonic() - start:.0f} s)"
            )
    progress(f"reports in {out}")
    return 0


_REPORT = {
    "schema": str, "lang": str, "lib": str, "variant": (str, type(None)), "format": str, "version": str,
    "engine": str, "instrumented": str, "seconds": int, "cpu_seconds": (int, float), "runs": int,
    "seeds": int, "coverage": dict, "findings": list,
}  # fmt: skip
_FINDING = {
    "kind": str, "detail": str, "frames": list, "origin": str, "dataset": (str, type(None)),
    "sha256": str, "size": int, "file": str,
}  # fmt: skip


def validate(doc: Any) -> list[str]:
    """Every way `doc` departs from the report format (empty when valid)."""
    errors = _record("$", doc, _REPORT)
    if errors:
        return errors
    if doc["schema"] != SCHEMA:
        errors.append(f"$.schema: {doc['schema']!r} != {SCHEMA!r}")
    if not isinstance(doc["coverage"].get("unit"), str) or not isinstance(
        doc["coverage"].get("covered"), int
    ):
        errors.append(f"$.coverage: {doc['coverage']!r} needs a unit and a covered count")
    for i, f in enumerate(doc["findings"]):
        errors += _record(f"$.findings[{i}]", f, _FINDING)
        if isinstance(f, dict) and f.get("kind") not in FINDINGS:
            errors.append(f"$.findings[{i}].kind: {f.get('kind')!r} is not one of {FINDINGS}")
    return errors
