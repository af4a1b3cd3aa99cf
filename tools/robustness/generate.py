"""Writes a robustness corpus: a directory of inputs and manifest.json (format in
README.md), built from the golden vectors, the seed vectors and the JSON_checker files.

    generate --profile smoke|full --seed 1 --out DIR --golden FILE... [--jsonchecker FILE...]
             [--reproducers reproducers/reproducers.json]

--golden takes the golden vectors and the seed vectors alike (<dataset>_<size>.<format>).
"""

import argparse
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemas.catalog import catalog
from tools.robustness.mutant import Base, Mutant
from tools.robustness.mutate import FORMAT_MUTATORS, KINDS, NOT_APPLICABLE
from tools.robustness.schema import FUZZ_REPRODUCER

SCHEMA = "serbench-corpus/1"
CONTROL_SIZES = (1, 100)
# Mutated at size 100 too; mail and metrics (about 1 MB there) are size-100 controls only.
MUTATED_100 = tuple(d for d in catalog.SYNTHETIC_DATASETS if d not in ("mail", "metrics"))
# The deep inputs stand against this fixture (a filetree that is not it).
DEEP_BASE = ("filetree", 1)


@dataclass(frozen=True)
class Profile:
    # kind -> (inputs per size-1 base, inputs per size-100 base); deep_nesting: inputs per format.
    counts: dict[str, tuple[int, int]]
    jsonchecker: int


PROFILES = {
    "smoke": Profile(
        {"truncate": (2, 0), "bitflip": (1, 0), "insert": (1, 0), "delete": (1, 0), "length_lie": (1, 0),
         "wrong_type": (1, 0), "invalid_utf8": (1, 0), "duplicate_key": (1, 0), "deep_nesting": (2, 0)},
        jsonchecker=8,
    ),
    "full": Profile(
        {"truncate": (128, 8), "bitflip": (40, 6), "insert": (12, 3), "delete": (12, 3),
         "length_lie": (16, 4), "wrong_type": (8, 3), "invalid_utf8": (6, 2),
         "duplicate_key": (6, 2), "deep_nesting": (6, 0)},
        jsonchecker=36,
    ),
}  # fmt: skip


@dataclass(frozen=True)
class Entry:
    """One corpus input before it gets its id."""

    format: str
    data: bytes
    dataset: str | None
    size: int | None
    expect: str
    mutation: str
    params: dict[str, object]


def load_bases(golden: list[Path]) -> dict[str, list[Base]]:
    """Per format, the size-1 and size-100 golden vectors, in dataset order. A format's
    seed vectors may cover only the datasets its one language models (Mono: ZeroFormatter)."""
    by_name = {p.name: p for p in golden}
    formats = sorted({p.suffix[1:] for p in golden} & FORMAT_MUTATORS.keys())
    bases: dict[str, list[Base]] = {}
    for fmt in formats:
        bases[fmt] = []
        datasets = [ds for ds in catalog.SYNTHETIC_DATASETS if f"{ds}_1.{fmt}" in by_name]
        for size in CONTROL_SIZES:
            for ds in datasets:
                tree = json.loads(by_name[f"{ds}_{size}.json"].read_bytes())
                bases[fmt].append(Base(fmt, ds, size, by_name[f"{ds}_{size}.{fmt}"].read_bytes(), tree))
    return bases


def _entry(base: Base, kind: str, mutant: Mutant) -> Entry:
    if mutant.schemaless:
        return Entry(base.format, mutant.data, None, None, "accept", kind, mutant.params)
    return Entry(base.format, mutant.data, base.dataset, base.size, "fixture", kind, mutant.params)


def _mutated(base: Base, kind: str, profile: Profile, seed: int) -> list[Entry]:
    per_1, per_100 = profile.counts[kind]
    if kind == "deep_nesting":
        count = per_1 if (base.dataset, base.size) == DEEP_BASE else 0
    else:
        count = per_1 if base.size == 1 else per_100 if base.dataset in MUTATED_100 else 0
    if not count:
        return []
    rng = random.Random(f"{seed}/{base.format}/{kind}/{base.dataset}_{base.size}")
    return [_entry(base, kind, m) for m in FORMAT_MUTATORS[base.format][kind](base, rng, count)]


def format_entries(bases: list[Base], profile: Profile, seed: int) -> list[Entry]:
    """Controls first, then every applicable kind over every base."""
    entries = [_entry(b, "none", Mutant(b.data, {})) for b in bases]
    fmt = bases[0].format
    for kind in KINDS:
        if kind in FORMAT_MUTATORS[fmt]:
            entries += [e for b in bases for e in _mutated(b, kind, profile, seed)]
    return entries


def jsonchecker_entries(files: list[Path], profile: Profile) -> list[Entry]:
    """pass* accept, fail* reject; the two EXCLUDE files are valid under RFC 8259."""
    ordered = sorted(files, key=lambda p: (not p.name.startswith("pass"), p.name))[: profile.jsonchecker]
    out = []
    for path in ordered:
        excluded = "EXCLUDE" in path.name
        expect = "accept" if path.name.startswith("pass") or excluded else "reject"
        params: dict[str, object] = {"file": path.name}
        if excluded:
            params["note"] = "excluded upstream; valid JSON under RFC 8259"
        out.append(Entry("json", path.read_bytes(), None, None, expect, "jsonchecker", params))
    return out


# Whole documents at the edges of RFC 8259 that decoders often get wrong, with what
# the RFC says: any value may be the root (section 2); only space, tab, CR and LF may
# surround it (a NUL may not); a byte order mark is no value (section 8.1).
EDGE_DOCUMENTS: tuple[tuple[bytes, str, str], ...] = (
    (b"null", "accept", "scalar root: null"),
    (b"true", "accept", "scalar root: true"),
    (b"false", "accept", "scalar root: false"),
    (b"-0.1", "accept", "scalar root: a negative fraction"),
    (b"0", "accept", "scalar root: zero"),
    (b'""', "accept", "scalar root: the empty string"),
    (b" \t\r\n[]\n", "accept", "every whitespace character RFC 8259 allows around the root"),
    (b"1\x00", "reject", "a number followed by a NUL byte"),
    (b"{}\x00", "reject", "an object followed by a NUL byte"),
    (b"\xef\xbb\xbf", "reject", "a lone byte order mark: no value"),
    (b"", "reject", "an empty document"),
    (b" \n", "reject", "whitespace only: no value"),
)


def edge_entries() -> list[Entry]:
    return [
        Entry("json", data, None, None, expect, "edge_document", {"note": note})
        for data, expect, note in EDGE_DOCUMENTS
    ]


def reproducer_entries(index: Path, fmt: str) -> list[Entry]:
    """The fuzz findings' inputs kept for `fmt`: a typed decoder's against its dataset's
    size-1 fixture; a schema-less one's with expect=reject (its validity is not judged)."""
    entries = []
    for r in json.loads(index.read_text(encoding="utf-8")):
        if r["format"] != fmt:
            continue
        params = {k: r[k] for k in ("lang", "lib", "variant", "kind", "corpus_outcomes", "sha256")}
        data = (index.parent / r["file"]).read_bytes()
        if r["dataset"]:
            entries.append(Entry(fmt, data, r["dataset"], 1, "fixture", FUZZ_REPRODUCER, params))
        else:
            entries.append(Entry(fmt, data, None, None, "reject", FUZZ_REPRODUCER, params))
    return entries


def manifest(name: str, seed: int, entries: list[Entry]) -> dict[str, Any]:
    formats = sorted({e.format for e in entries})
    inputs, numbers = [], dict.fromkeys(formats, 0)
    for e in entries:
        number = numbers[e.format]
        numbers[e.format] += 1
        inputs.append({
            "id": f"{e.format}-{number:06d}", "format": e.format, "file": f"{e.format}/{number:06d}.bin",
            "dataset": e.dataset, "size": e.size, "expect": e.expect, "mutation": e.mutation,
            "params": e.params, "sha256": hashlib.sha256(e.data).hexdigest(),
        })  # fmt: skip
    return {
        "schema": SCHEMA,
        "seed": seed,
        "name": name,
        "formats": formats,
        "per_format": numbers,
        "not_applicable": {f: NOT_APPLICABLE[f] for f in formats},
        "inputs": inputs,
    }


def build(
    name: str, seed: int, golden: list[Path], jsonchecker: list[Path], reproducers: Path | None = None
) -> tuple[dict[str, Any], list[bytes]]:
    """The manifest and each input's bytes, in manifest order."""
    profile = PROFILES[name]
    entries: list[Entry] = []
    for fmt, bases in load_bases(golden).items():
        entries += format_entries(bases, profile, seed)
        if fmt == "json":
            entries += jsonchecker_entries(jsonchecker, profile) + edge_entries()
        # Both profiles: a few inputs, and each language's smoke test checks the outcome the
        # finding's decoder was kept with.
        if reproducers:
            entries += reproducer_entries(reproducers, fmt)
    return manifest(name, seed, entries), [e.data for e in entries]


def write(out: Path, doc: dict[str, Any], blobs: list[bytes]) -> None:
    for item, data in zip(doc["inputs"], blobs, strict=True):
        path = out / item["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (out / "manifest.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--profile", choices=sorted(PROFILES), required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--golden", type=Path, nargs="+", required=True)
    parser.add_argument("--jsonchecker", type=Path, nargs="*", default=[])
    parser.add_argument("--reproducers", type=Path, help="the fuzz reproducers' index (reproducers.json)")
    args = parser.parse_args(argv)
    doc, blobs = build(args.profile, args.seed, args.golden, args.jsonchecker, args.reproducers)
    write(args.out, doc, blobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
