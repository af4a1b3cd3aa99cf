"""`runner mine PATH --proto FILE --message NAME`: the user's .proto compiled at run time by
the project's own protoc (no network) into what each suite loads, so that protobuf, binary
and its standard JSON mapping, joins the schema-less libraries in each language's table.

- Python: the venv's protoc (matched to the Python runtime) writes a descriptor set, imports
  included; the suite builds the message class from it (upb: the C code generated classes
  use too).
- C++: Debian's protoc (matched to the libprotobuf the suite links) writes the C++ code, which
  g++ compiles with cpp/bench/proto_plugin_entry.cc into a plugin the suite loads: the timed
  calls are the generated code's, not reflection's (DynamicMessage parses far slower). The
  compile takes seconds, is never timed, and its time is printed.
- C#: Debian's protoc writes the C# code (the protoc the build's own C# code comes from: its
  3.21 code compiles against the suite's Google.Protobuf 3.25.1, an older code generator
  than the runtime as protobuf supports; the venv's protoc 36 writes for newer runtimes),
  which the suite compiles in process with Roslyn (Google.Protobuf has no dynamic message)
  before any case; the compile's time is the suite's own line in the command's output.

A .proto protoc refuses is protoc's own error, and a message the file does not define names
the ones it does, both before any suite runs.
"""

import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor_pb2

from runner.paths import runfile

PY_PROTOC = "local_env/py_protoc/protoc"
PY_PROTOC_INCLUDE = "local_env/py_protoc/include"  # the well-known types' .proto files
SYS_PROTOC = "local_env/sys_protoc/protoc"  # finds them in /usr/include itself
PLUGIN_ENTRY = "serbench/cpp/bench/proto_plugin_entry.cc"
# protobuf's own files (the well-known types): libprotobuf holds their C++ code already.
BUNDLED = "google/protobuf/"
# The C++ suite's libprotobuf (3.21) builds with C++17; -O2 as the suite is built.
CPP_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-shared")
FileDescriptors = Sequence[descriptor_pb2.FileDescriptorProto]


class ProtoError(Exception):
    """The .proto or the message cannot be measured; the text says why."""


@dataclass(frozen=True)
class Compiled:
    message: str  # the message's full name
    descriptors: Path  # a FileDescriptorSet, imports included (Python)
    plugin: Path | None  # the C++ plugin, when C++ is measured
    csharp: Path | None  # the folder of the generated C#, when C# is measured
    notes: tuple[str, ...]  # what the user should know (the compile's time, what is not measured)

    def arguments(self, lang: str) -> list[str]:
        """The options that make lang's suite measure the document as the message."""
        if lang == "python":
            return ["--proto-descriptors", str(self.descriptors), "--message", self.message]
        if lang == "cpp" and self.plugin is not None:
            return ["--proto-plugin", str(self.plugin), "--message", self.message]
        if lang == "dotnet" and self.csharp is not None:
            return ["--proto-cs", str(self.csharp), "--message", self.message]
        return []


def compile_proto(proto: Path, message: str, out: Path, langs: Iterable[str]) -> Compiled:
    """proto compiled into folder out for each language of langs; message resolved to its
    full name (a short name must be unique)."""
    if not proto.is_file():
        raise ProtoError(f"{proto}: no such file")
    out.mkdir(parents=True, exist_ok=True)
    descriptors = out / "descriptors.pb"
    include = ["-I", str(proto.parent), "-I", str(runfile(PY_PROTOC_INCLUDE))]
    options = ["--include_imports", f"--descriptor_set_out={descriptors}"]
    _run([str(runfile(PY_PROTOC)), *include, *options, proto.name], "protoc")
    files = descriptor_pb2.FileDescriptorSet.FromString(descriptors.read_bytes()).file
    own = [f for f in files if not f.name.startswith(BUNDLED)]
    full = _message(own, message, proto)
    notes: tuple[str, ...] = ()
    plugin = csharp = None
    if "cpp" in langs:
        started = time.monotonic()
        plugin = _plugin(proto.parent, [f.name for f in own], out / "cpp")
        seconds = time.monotonic() - started
        notes += (
            f"C++: the .proto's generated code compiled into {plugin.name} in {seconds:.1f} s "
            "(g++ -O2, before the suite starts; never timed)",
        )
    if "dotnet" in langs:
        csharp = _csharp(proto.parent, [f.name for f in own], out / "csharp")
    return Compiled(full, descriptors, plugin, csharp, notes)


def _run(command: list[str], tool: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip()
        raise ProtoError(f"{tool} failed (exit {done.returncode}):\n{said}")


def _names(prefix: str, messages: Iterable[descriptor_pb2.DescriptorProto]) -> list[str]:
    """The full names of messages and of the messages nested in them."""
    found: list[str] = []
    for message in messages:
        name = f"{prefix}{message.name}"
        found += [name, *_names(f"{name}.", message.nested_type)]
    return found


def _message(files: FileDescriptors, wanted: str, proto: Path) -> str:
    names = [name for f in files for name in _names(f"{f.package}." if f.package else "", f.message_type)]
    if wanted in names:
        return wanted
    matches = [name for name in names if name.rsplit(".", 1)[-1] == wanted]
    if len(matches) == 1:
        return matches[0]
    problem = f"{len(matches)} messages" if matches else "no message"
    known = ", ".join(names) or "none"
    raise ProtoError(f"--message {wanted}: {problem} of that name in {proto} (its messages: {known})")


def _plugin(folder: Path, sources: list[str], out: Path) -> Path:
    """The C++ plugin of the .proto files `sources` (relative to folder)."""
    out.mkdir(parents=True, exist_ok=True)
    _run([str(runfile(SYS_PROTOC)), "-I", str(folder), f"--cpp_out={out}", *sources], "protoc (C++)")
    generated = [str(out / Path(source).with_suffix(".pb.cc")) for source in sources]
    plugin = out / "proto_plugin.so"
    entry = str(runfile(PLUGIN_ENTRY))
    _run(["g++", *CPP_FLAGS, "-I", str(out), *generated, entry, "-o", str(plugin), "-lprotobuf"], "g++")
    return plugin


def _csharp(folder: Path, sources: list[str], out: Path) -> Path:
    """The folder of the C# of the .proto files `sources` (relative to folder), which the C#
    suite compiles itself."""
    out.mkdir(parents=True, exist_ok=True)
    _run([str(runfile(SYS_PROTOC)), "-I", str(folder), f"--csharp_out={out}", *sources], "protoc (C#)")
    return out
