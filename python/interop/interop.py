"""The Python side of the cross-language interop matrix (protocol: see README).

    interop encode --format F --dataset D --size N --out FILE
    interop decode --format F --dataset D --size N --in FILE
    interop serve    (those steps one a line on stdin, arguments tab-separated; each
                      answered with one line: its exit code, a tab, its last line said)

Exit 0: ok (decode: equal to the fixture); 1: decoded but different, or failed
to decode (the first differing field is printed); 2: usage error;
3: not applicable (`not-applicable: <reason>`).
"""

import argparse
import contextlib
import io
import sys
from pathlib import Path

from serbench_py.adapter import Codec, Library
from serbench_py.registry import LIBRARIES
from serbench_py.roundtrip import first_difference
from serbench_py.sources import SOURCES

# The reference library of each format: (lib, variant) in the registry.
REFERENCE = {
    "protobuf": ("protobuf", "upb"),
    "flatbuffers": ("flatbuffers", None),
    "msgpack": ("msgpack", "schemaless"),
    "json": ("json", "schemaless"),
    "capnp": ("pycapnp", None),  # to_bytes(): the standard unpacked message
    # Debian's python3-thrift, unframed structs (TSerialization).
    "thrift_binary": ("thrift", None),
    "thrift_compact": ("thrift", "compact"),
}
OK, DIFFERENT, USAGE, NOT_APPLICABLE = 0, 1, 2, 3


def reference(format_name: str) -> Library:
    lib, variant = REFERENCE[format_name]
    return next(a for a in LIBRARIES if (a.lib, a.format, a.variant) == (lib, format_name, variant))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="interop", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, file_option in (("encode", "--out"), ("decode", "--in")):
        command = commands.add_parser(name)
        command.add_argument("--format", required=True, choices=sorted(REFERENCE))
        command.add_argument("--dataset", required=True, choices=sorted(SOURCES))
        command.add_argument("--size", required=True, type=int)
        command.add_argument(file_option, dest="file", required=True, type=Path)
    return parser


def _codec(format_name: str, dataset: str, size: int) -> Codec | str:
    """The reference codec, or why the case does not apply."""
    source = SOURCES[dataset]
    if size not in source.sizes:
        return f"dataset {dataset} has sizes {', '.join(map(str, source.sizes))}, not {size}"
    library = reference(format_name)
    return library.supports(source) or library.codec(source)


def run(argv: list[str]) -> int:
    try:
        opts = _parser().parse_args(argv)
    except SystemExit as error:  # argparse's own usage errors
        return USAGE if error.code else OK
    codec = _codec(opts.format, opts.dataset, opts.size)
    if isinstance(codec, str):
        print(f"not-applicable: {codec}")
        return NOT_APPLICABLE
    fixture = SOURCES[opts.dataset].load(opts.size)
    if opts.command == "encode":
        opts.file.write_bytes(codec.encode(codec.native(fixture)))
        return OK
    try:
        decoded = codec.to_tree(codec.decode(opts.file.read_bytes()))
    except Exception as error:  # a payload this library cannot read
        print(f"failed to decode {opts.file}: {error!r}")
        return DIFFERENT
    # JSON has one number type: another language may write -549.0 as -549.
    difference = first_difference(fixture, decoded, numbers_by_value=opts.format == "json")
    if difference:
        print(f"different: {difference}")
        return DIFFERENT
    return OK


def serve() -> int:
    """Steps until stdin ends: one process for many steps (a start costs more than a step)."""
    for line in sys.stdin:
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            try:
                code = run(line.rstrip("\n").split("\t"))
            except Exception as error:  # what would end a one-step process ends only this step
                print(f"interop: {error!r}")
                code = DIFFERENT
        lines = [text for text in said.getvalue().splitlines() if text.strip()]
        print(f"{code}\t{lines[-1] if lines else ''}", flush=True)
    return OK


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["serve"] else run(sys.argv[1:]))
