"""The model header written from a description: member types (widths and
timestamps from the .fbs twin), oneofs as variants, cycles, shared messages.
The C++ itself is checked by compiling it and by the model and adapter tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cpp.codegen import model
from tools.codegen.describe import Dataset, Field, Message, Oneof

_FBS = """
attribute "timestamp";
namespace t.fbs;
table File { name:string; at:int64 (timestamp); size:ushort; seen:int64 = null (timestamp); }
table Directory { name:string; contents:[Node]; }
union Entry { File, Directory }
table Node { entry:Entry; }
table Owner { id:uint64; tags:[string]; bits:[ubyte]; }
"""


def _f(name: str, kind: str = "scalar", type_name: str = "", **extra: bool) -> Field:
    return Field(name, kind, type_name, extra.get("repeated", False), extra.get("optional", False))


def _tree(tmp_path: Path, owner: Message | None = None, name: str = "tree") -> Dataset:
    fbs = tmp_path / f"{name}.fbs"
    fbs.write_text(_FBS)
    mode = Field("mode", "scalar", "Mode", repeated=False, optional=False, enum=True)
    file = Message("File", (_f("name", "string"), _f("at"), _f("size"), _f("seen", optional=True), mode))
    directory = Message("Directory", (_f("name", "string"), _f("contents", "message", "Node", repeated=True)))
    members = (_f("file", "message", "File"), _f("directory", "message", "Directory"))
    node = Message("Node", (Oneof("entry", members, whole=True),))
    owner = owner or Message("Owner", (_f("id"), _f("tags", "string", repeated=True), _f("bits", "bytes")))
    messages = (file, directory, node, owner)
    return Dataset(name, "Node", messages, {"fbs": fbs}, enums={"Mode": ("READ", "READ_WRITE")})


def test_member_types_take_widths_and_timestamps_from_the_fbs_twin(tmp_path: Path) -> None:
    header = model.header([_tree(tmp_path)])
    assert "  Timestamp at;\n" in header
    assert "  std::uint16_t size = 0;\n" in header
    assert "  std::optional<Timestamp> seen;\n" in header
    assert "  Mode mode = Mode::kRead;\n" in header
    assert "  std::vector<std::string> tags;\n" in header
    assert "  std::vector<std::uint8_t> bits;\n" in header
    assert "enum class Mode : std::uint8_t { kRead, kReadWrite };" in header
    assert 'return {"READ", "READ_WRITE"};' in header
    assert '        Field{"seen", &File::seen},\n' in header


def test_a_whole_oneof_is_a_variant_record_and_its_members_carry_their_tags(tmp_path: Path) -> None:
    header = model.header([_tree(tmp_path)])
    node = header[header.index("struct Node {") :]
    assert node.startswith('struct Node {\n  static constexpr std::string_view kDataset = "tree";\n')
    assert "  std::variant<File, Directory> entry;\n" in node
    assert "Fields()" not in node[: node.index("};")]
    assert 'struct File {\n  static constexpr std::string_view kType = "file";\n' in header
    assert "using Records = std::tuple<Node>;" in header


def test_a_cycle_is_declared_ahead_and_compared_once_complete(tmp_path: Path) -> None:
    header = model.header([_tree(tmp_path)])
    assert "struct Directory;\nstruct Node;\n" in header
    assert "  bool operator==(const Directory&) const;\n" in header
    assert "  bool operator==(const File&) const = default;\n" in header
    assert "inline bool Node::operator==(const Node&) const = default;" in header
    # Each struct after the ones it holds by value.
    order = [header.index(f"struct {n} {{") for n in ("File", "Directory", "Node")]
    assert order == sorted(order)


def test_a_message_of_two_datasets_is_one_struct_when_alike(tmp_path: Path) -> None:
    header = model.header([_tree(tmp_path), _tree(tmp_path, name="copy")])
    assert header.count("struct Owner {") == 1
    other = Message("Owner", (_f("id"),))
    with pytest.raises(SystemExit, match="copy: message Owner differs"):
        model.header([_tree(tmp_path), _tree(tmp_path, other, name="copy")])


def test_a_scalar_without_a_twin_stops_the_build(tmp_path: Path) -> None:
    odd = Message("Owner", (_f("id"), _f("missing")))
    with pytest.raises(SystemExit, match=re.escape("tree: Owner.missing has no scalar twin in the .fbs")):
        model.header([_tree(tmp_path, odd)])
