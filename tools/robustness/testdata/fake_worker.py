"""A stand-in robustness worker for testing the driver: two JSON decoders over
stdlib json (fixtures from schemas/<dataset>/<dataset>_<size>.json), and an input
whose whole content is one of the words below makes it misbehave that way.

    fake_worker.py [--list]     (FAKE_LIST=garbage: --list prints no JSON;
                                 FAKE_LIST=user_only: a third decoder, of `user` only)
"""

import json
import os
import resource
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

DECODERS: list[dict[str, Any]] = [
    {"lib": "fakejson", "variant": None, "format": "json", "version": "1", "schemaless": True},
    {"lib": "fakejson", "variant": "typed", "format": "json", "version": "1", "schemaless": False},
]
# A decoder that binds one dataset only (a suite that models some: Mono).
USER_ONLY = {**DECODERS[1], "variant": "user_only", "datasets": ["user"]}


def _reply(outcome: str, detail: str = "", ns: int = 1000) -> None:
    print(json.dumps({"outcome": outcome, "detail": detail, "ns": ns}), flush=True)


def _limits() -> str:
    heap = os.environ.get("DOTNET_GCHeapHardLimit", "")  # noqa: SIM112 (CoreCLR's spelling)
    return json.dumps({"heap": heap, "rlimit_as": resource.getrlimit(resource.RLIMIT_AS)[0]})


def _allocate() -> None:
    try:
        block = bytearray(8 << 30)
    except MemoryError:
        _reply("memory_blowup", "MemoryError")
        return
    _reply("clean_error", f"allocated {len(block)} bytes: no memory limit")


def _crash() -> None:
    print("fake: about to crash", file=sys.stderr, flush=True)
    os.kill(os.getpid(), signal.SIGSEGV)


def _two_lines(pause_s: float) -> None:
    _reply("clean_error")
    time.sleep(pause_s)  # > 0: the extra line arrives after the driver took the first
    _reply("clean_error")


def _misbehave(word: bytes) -> bool:
    """Acts out a misbehaviour word; False when the input is not one."""
    actions: dict[bytes, Callable[[], object]] = {
        b"crash": _crash,
        b"abort": os.abort,
        b"sigkill": lambda: os.kill(os.getpid(), signal.SIGKILL),
        b"exit3": lambda: os._exit(3),
        b"exit2": lambda: os._exit(2),
        b"hang": lambda: time.sleep(3600),
        b"alloc": _allocate,
        b"limits": lambda: _reply("clean_error", _limits()),
        b"garbage": lambda: print("decoding...", flush=True),
        b"two_lines": lambda: _two_lines(0.0),
        b"late_line": lambda: _two_lines(0.3),
        b"bad_outcome": lambda: _reply("ok"),
    }
    if word not in actions:
        return False
    actions[word]()
    return True


def _fixture(dataset: str, size: int) -> Any:
    return json.loads(Path(f"schemas/{dataset}/{dataset}_{size}.json").read_text(encoding="utf-8"))


def serve(request: dict[str, Any]) -> None:
    data = Path(request["path"]).read_bytes()
    if _misbehave(data.strip()):
        return
    print(f"fake: decoding {request['path']}", file=sys.stderr, flush=True)
    start = time.monotonic_ns()
    try:
        value = json.loads(data)
    except (ValueError, RecursionError) as err:
        _reply("clean_error", f"{type(err).__name__}: {err}"[:200], time.monotonic_ns() - start)
        return
    ns = time.monotonic_ns() - start
    if request["expect"] != "fixture":
        _reply("accepted", "", ns)
    elif value == _fixture(request["dataset"], request["size"]):
        _reply("accepted_equal", "", ns)
    else:
        _reply("accepted_different", "differs from the fixture", ns)


def main() -> int:
    decoders = DECODERS + [USER_ONLY] * (os.environ.get("FAKE_LIST") == "user_only")
    if sys.argv[1:] == ["--list"]:
        print("no JSON here" if os.environ.get("FAKE_LIST") == "garbage" else json.dumps(decoders))
        return 0
    for line in sys.stdin:
        request = json.loads(line)
        if not any(request["lib"] == d["lib"] and request["variant"] == d["variant"] for d in decoders):
            print(f"unknown decoder {request['lib']}/{request['variant']}", file=sys.stderr)
            return 2
        if request["variant"] == USER_ONLY["variant"] and request["dataset"] != "user":
            print(f"{USER_ONLY['variant']} got dataset {request['dataset']}", file=sys.stderr)
            return 2
        serve(request)
    return 0


if __name__ == "__main__":
    sys.exit(main())
