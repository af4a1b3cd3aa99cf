"""The access functions each reader writes from the access paths; the C++ itself is
checked by compiling it and by the adapter tests (access_lazy must read what the model's
AccessFew reads after a full decode)."""

from __future__ import annotations

from cpp.codegen import access
from tools.codegen.describe import Dataset, Field, Message, Oneof


def _value(name: str, kind: str = "scalar", type_name: str = "") -> Field:
    return Field(name, kind, type_name, repeated=False, optional=False)


_FILE = Message("File", (_value("name", "string"), _value("owner", "message", "Owner")))
_OWNER = Message("Owner", (_value("id"),))
_NODE = Message("Node", (Oneof("entry", (_value("file", "message", "File"),), whole=True),))
_TREE = Dataset("filetree", "Node", (_NODE, _FILE, _OWNER), {}, ("name", "owner.id"))


def _text(reader: access.Reader) -> str:
    return "\n".join(access.functions(reader, _TREE))


def test_each_reader_spells_a_path_through_a_message() -> None:
    assert "  sum += Weigh(t.owner.id);" in _text(access.Model())
    assert "  sum += Weigh(t.owner().id());" in _text(access.Protobuf("::f"))
    assert "  sum += Weigh(t.owner.id);" in _text(access.Thrift("::f::thrift"))
    assert "  sum += Weigh(t.getOwner().getId());" in _text(access.Capnp("::f::capnp"))
    # FlatBuffers: an absent table or struct is a null pointer, and weighs nothing.
    table = _text(access.FlatbuffersTable("::f"))
    assert "  if (const auto* p0 = t.owner()) sum += Weigh(p0->id());" in table
    objects = _text(access.FlatbuffersObject("::f"))
    assert "inline std::uint64_t AccessFew(const ::f::FileT& t) {" in objects
    assert "  if (const auto* p0 = t.owner.get()) sum += Weigh(p0->id);" in objects
    # In the object API a struct is a plain FlatBuffers struct: its fields are accessors.
    struct = _text(access.FlatbuffersObject("::f", frozenset({"Owner"})))
    assert "  if (const auto* p0 = t.owner.get()) sum += Weigh(p0->id());" in struct


def test_a_whole_oneof_record_reads_the_member_that_is_set() -> None:
    model = _text(access.Model())
    assert "inline std::uint64_t AccessFew(const File& t) {" in model
    assert "return std::visit([](const auto& m) { return AccessFew(m); }, t.entry);" in model
    fbs = _text(access.FlatbuffersTable("::f"))
    assert "inline std::uint64_t AccessFew(const ::f::Node& t) {" in fbs
    assert "if (const auto* m = t.entry_as_File()) return AccessFew(*m);" in fbs
    assert "if (const auto* m = t.entry.AsFile()) return AccessFew(*m);" in _text(
        access.FlatbuffersObject("::f")
    )
    assert "if (t.has_file()) return AccessFew(t.file());" in _text(access.Protobuf("::f"))
    assert "if (t.__isset.file) return AccessFew(t.file);" in _text(access.Thrift("::f"))
    capnp = _text(access.Capnp("::f::capnp"))
    assert "inline std::uint64_t AccessFew(::f::capnp::Node::Reader t) {" in capnp
    assert "if (t.isFile()) return AccessFew(t.getFile());" in capnp


def test_the_model_header_names_each_datasets_paths() -> None:
    header = access.model_header([_TREE])
    assert "// filetree: name, owner.id" in header
    assert header.count("inline std::uint64_t AccessFew(") == 2


def test_the_model_header_gives_each_datasets_paths_as_json_pointers() -> None:
    header = access.model_header([_TREE])
    assert '  if (dataset == "filetree") return {"/name", "/owner/id"};' in header
    assert "throw std::invalid_argument" in header
