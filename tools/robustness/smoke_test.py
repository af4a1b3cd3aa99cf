"""The per-language robustness smoke test (smoke.bzl): the driver on the smoke
corpus against one worker, then the assertions of README.md.

    smoke_test --lang NAME --worker PATH --corpus DIR [--control-differs CONTROL ...]
"""

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from tools.robustness import drive, fuzzing, schema


def _who(r: dict[str, Any]) -> str:
    return f"{r['lang']} {r['lib']}{'/' + r['variant'] if r['variant'] else ''} {r['format']}"


def _controls_failed(doc: dict[str, Any], differing: set[str]) -> list[str]:
    """Controls not accepted_equal, but those known to differ (`--control-differs`), which
    must differ: one that comes back equal is to be taken off the list."""
    failed = []
    for r in doc["results"]:
        if r["mutation"] != "none":
            continue
        control = f"{_who(r)} {r['dataset']}_{r['size']}"
        want = "accepted_different" if control in differing else "accepted_equal"
        if r["outcome"] != want:
            failed.append(f"{control} control {r['input']}: {r['outcome']}, not {want} {r['detail']}")
    return failed


def _passes_rejected(doc: dict[str, Any], manifest: dict[str, Any]) -> list[str]:
    passes = {
        i["id"] for i in manifest["inputs"] if i["mutation"] == "jsonchecker" and i["expect"] == "accept"
    }
    return [
        f"{_who(r)} rejected valid JSON {r['input']}: {r['outcome']} {r['detail']}"
        for r in doc["results"]
        if r["input"] in passes and r["outcome"] != "accepted_equal"
    ]


def _missing(doc: dict[str, Any], manifest: dict[str, Any]) -> list[str]:
    """Decoders that did not run every input they are fed."""
    out = []
    for d in doc["decoders"]:
        decoder = drive.as_decoder(d["lang"], d)
        want = {i["id"] for i in drive.runs(decoder, manifest["inputs"])}
        ran = {
            r["input"]
            for r in doc["results"]
            if (r["lang"], r["lib"], r["variant"], r["format"])
            == (d["lang"], d["lib"], d["variant"], d["format"])
        }
        if want != ran:
            out.append(
                f"{decoder.lang} {decoder.name} {decoder.format}: ran {len(ran)} of {len(want)} inputs"
            )
    return out


def check(doc: dict[str, Any], manifest: dict[str, Any], differing: frozenset[str]) -> list[str]:
    """Every reason the smoke run fails (empty when it passes)."""
    errors = schema.validate(doc)
    if not errors and not doc["decoders"]:
        errors.append("the worker listed no decoder")
    return errors or (
        _controls_failed(doc, set(differing))
        + _passes_rejected(doc, manifest)
        + _missing(doc, manifest)
        + fuzzing.replays_changed(doc["results"], manifest)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lang", required=True)
    parser.add_argument("--worker", required=True, type=Path)
    parser.add_argument("--corpus", required=True, type=Path)
    parser.add_argument(
        "--control-differs", action="append", default=[],
        help='"LANG LIB[/VARIANT] FORMAT DATASET_SIZE": a control known to come back accepted_different',
    )  # fmt: skip
    args = parser.parse_args()
    out_dir = Path(os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR") or tempfile.mkdtemp())
    out = out_dir / f"robustness-{args.lang}.json"
    limits = drive.Limits(timeout_s=10.0, memory_mib=2048, startup_s=120.0)
    doc = drive.run({args.lang: [str(args.worker.absolute())]}, args.corpus, out, limits)
    drive.summary(doc["results"], sys.stdout)
    manifest = json.loads((args.corpus / "manifest.json").read_text(encoding="utf-8"))
    errors = check(json.loads(out.read_text(encoding="utf-8")), manifest, frozenset(args.control_differs))
    for error in errors:
        print(f"FAILED {error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
