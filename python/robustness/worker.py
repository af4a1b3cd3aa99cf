"""The Python robustness worker (protocol: runner/crosslang/robustness/README.md).

    worker --list    every decoder, one JSON array on stdout
    worker           serve: one JSON request per stdin line, one JSON reply per stdout line
    worker --seeds DIR FORMAT...
                     writes DIR/<dataset>_<size>.<format>: the corpus's seed vectors of
                     the formats only this language writes

A decoder whose backend is chosen by the environment at import time (protobuf's
upb and pure-Python builds) is served by a child worker started with that
environment; the parent relays its lines and, if the child dies, dies the same way,
so the driver sees the crash of that decoder.
"""

import ctypes
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO, Any, NoReturn

from robustness.decoders import DECODERS, EXPECTS, Request, handle, seed

from schemas.catalog import catalog
from serbench_py.adapter import runs_here
from serbench_py.sources import SOURCES

USAGE = 2
# The sizes the corpus mutates (runner/crosslang/robustness/generate.py: CONTROL_SIZES).
SEED_SIZES = (1, 100)
_FIELDS = ("lib", "variant", "format", "dataset", "size", "path", "expect")
_PR_SET_PDEATHSIG = 1


class ProtocolError(Exception):
    """A malformed request or an unknown decoder: a driver bug (exit 2)."""


def _field(obj: dict[str, Any], name: str, kinds: tuple[type, ...]) -> Any:
    value = obj[name]
    if not isinstance(value, kinds) or isinstance(value, bool):
        raise ProtocolError(f"{name} must be {' or '.join(k.__name__ for k in kinds)}: {value!r}")
    return value


def _sized_dataset(obj: dict[str, Any]) -> tuple[str | None, int | None]:
    dataset = _field(obj, "dataset", (str, type(None)))
    size = _field(obj, "size", (int, type(None)))
    if dataset is None:
        return None, None
    source = SOURCES.get(dataset)
    if source is None or source.schema is None or size not in source.sizes:
        raise ProtocolError(f"no fixture for dataset {dataset!r} size {size!r}")
    return dataset, size


def parse(line: str) -> Request:
    try:
        obj = json.loads(line)
    except ValueError as error:
        raise ProtocolError(f"not JSON: {error}") from error
    if not isinstance(obj, dict) or set(_FIELDS) - obj.keys():
        raise ProtocolError(f"a request is an object with the keys {', '.join(_FIELDS)}")
    key = (obj["lib"], obj["variant"], obj["format"])
    decoder = DECODERS.get(key)
    if decoder is None:
        raise ProtocolError(f"unknown decoder {key} (worker --list names them)")
    dataset, size = _sized_dataset(obj)
    expect = obj["expect"]
    if expect not in EXPECTS or (expect == "fixture") != (dataset is not None):
        raise ProtocolError(f"expect {expect!r} with dataset {dataset!r}")
    if dataset is None and not decoder.schemaless:
        raise ProtocolError(f"{key} needs a schema: it cannot decode a dataset-less document")
    path = Path(_field(obj, "path", (str,)))
    if not path.is_absolute() or not path.is_file():
        raise ProtocolError(f"path {path} is not an absolute path of a file")
    return Request(decoder, dataset, size, path, expect)


def _die_with_parent() -> None:
    """Runs in the child before exec: the driver's SIGKILL of the parent kills it too."""
    ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


class Relay:
    """A child worker serving the decoders of another environment."""

    def __init__(self, env: dict[str, str]) -> None:
        self._child = subprocess.Popen(
            [sys.executable, sys.argv[0]],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, **env},
            text=True,
            preexec_fn=_die_with_parent,
        )

    def ask(self, line: str) -> str:
        assert self._child.stdin is not None and self._child.stdout is not None
        try:
            self._child.stdin.write(line + "\n")
            self._child.stdin.flush()
        except BrokenPipeError:  # the child died after its last reply
            self._die_like_child()
        reply = self._child.stdout.readline()
        if not reply:
            self._die_like_child()
        return reply.rstrip("\n")

    def _die_like_child(self) -> NoReturn:
        status = self._child.wait()
        print(f"worker: child worker died (status {status})", file=sys.stderr)
        if status < 0:
            signal.signal(-status, signal.SIG_DFL)
            os.kill(os.getpid(), -status)
        sys.exit(status if status > 0 else 1)  # a signal that did not end this process


def _serve_one(line: str, relays: dict[frozenset[tuple[str, str]], Relay]) -> str:
    request = parse(line)
    env = request.decoder.library.env
    if runs_here(request.decoder.library):
        return json.dumps(handle(request))
    key = frozenset(env.items())
    if key not in relays:
        relays[key] = Relay(env)
    return relays[key].ask(line)


def serve(requests: IO[str], replies: IO[str]) -> int:
    relays: dict[frozenset[tuple[str, str]], Relay] = {}
    while line := requests.readline():
        try:
            reply = _serve_one(line.strip(), relays)
        except ProtocolError as error:
            print(f"worker: bad request {line.strip()[:200]!r}: {error}", file=sys.stderr)
            return USAGE
        replies.write(reply + "\n")
        replies.flush()
    return 0


def _reply_stream() -> IO[str]:
    """The real stdout, kept for replies; fd 1 then points at stderr, so nothing a
    library prints (from Python or C) can get between the replies."""
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return replies


def write_seeds(out: Path, formats: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for fmt in formats:
        for dataset in catalog.SYNTHETIC_DATASETS:
            for size in SEED_SIZES:
                (out / f"{dataset}_{size}.{fmt}").write_bytes(seed(fmt, dataset, size))


def main(argv: list[str]) -> int:
    with _reply_stream() as replies:
        if argv == ["--list"]:
            replies.write(json.dumps([d.describe() for d in DECODERS.values()]) + "\n")
            return 0
        if len(argv) > 2 and argv[0] == "--seeds":
            write_seeds(Path(argv[1]), argv[2:])
            return 0
        if argv:
            print("usage: worker [--list | --seeds DIR FORMAT...]", file=sys.stderr)
            return USAGE
        return serve(sys.stdin, replies)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
