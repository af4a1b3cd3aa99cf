"""A stand-in interop binary for testing the matrix driver: it speaks the
protocol for the json format only (stdlib json over the canonical fixtures),
says not-applicable for the others, and misbehaves on request.

    standin.py [--mode good|wrong|crash|odd_exit|sleep] encode|decode
        --format F --dataset D --size N --out|--in FILE
    standin.py [--mode ...] serve    (the same steps, tab-separated, one a line)
"""

import argparse
import contextlib
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def _fixture(dataset: str, size: int) -> Any:
    return json.loads(Path(f"schemas/{dataset}/{dataset}_{size}.json").read_text(encoding="utf-8"))


def first_difference(expected: Any, actual: Any, path: str) -> str | None:
    """The path of the first differing value, with both values."""
    if isinstance(expected, dict) and isinstance(actual, dict) and expected.keys() == actual.keys():
        found = (first_difference(v, actual[k], f"{path}.{k}") for k, v in expected.items())
        return next((f for f in found if f), None)
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        found = (
            first_difference(e, a, f"{path}[{i}]")
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
        )
        return next((f for f in found if f), None)
    if type(expected) is type(actual) and expected == actual:
        return None
    return f"{path}: expected {expected!r}, actual {actual!r}"


def _misbehave(mode: str) -> None:
    if mode == "crash":
        os.abort()
    if mode == "odd_exit":
        print("something unexpected", file=sys.stderr)
        sys.exit(7)
    if mode == "sleep":
        time.sleep(30)


def serve(mode: str) -> int:
    for line in sys.stdin:
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            try:
                code = step(["--mode", mode, *line.rstrip("\n").split("\t")])
            except SystemExit as done:
                code = int(done.code or 0)
        last = [s for s in said.getvalue().splitlines() if s.strip()]
        print(f"{code}\t{last[-1] if last else ''}", flush=True)
    return 0


def main() -> int:
    if sys.argv[-1] == "serve":
        return serve(sys.argv[2] if sys.argv[1] == "--mode" else "good")
    return step(sys.argv[1:])


def step(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="good")
    parser.add_argument("step", choices=["encode", "decode"])
    parser.add_argument("--format", required=True)
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--size", required=True, type=int)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--in", dest="input", type=Path)
    args = parser.parse_args(argv)
    if args.format != "json":
        print(f"not-applicable: the stand-in has no {args.format} library")
        return 3
    _misbehave(args.mode)
    fixture = _fixture(args.dataset, args.size)
    if args.step == "encode":
        if args.mode == "wrong":
            fixture["records"][0] = {"changed": True}
        args.out.write_text(json.dumps(fixture, ensure_ascii=False), encoding="utf-8")
        return 0
    try:
        decoded = json.loads(args.input.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        print(f"cannot decode {args.input}: {err}")
        return 1
    difference = first_difference(fixture, decoded, "$")
    if difference:
        print(difference)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
