"""runner mine --proto: the user's .proto compiled at run time; protobuf binary and JSON
measured beside the schema-less libraries, end to end with the real Python, C++ and .NET suites;
what protoc refuses and a message the file lacks stop the command before anything runs."""

from pathlib import Path

import pytest

from runner import mine
from runner.cli import parser
from runner.store import Store
from runner.suites import SUITES

PROTO = """syntax = "proto3";
package shop;
message Item {
  string name = 1;
  int64 count = 2;
  double price = 3;
}
"""
# An int64 beyond 2^53, non-ASCII text and escapes, a float with no exact binary form.
ITEM = '{"name": "caf\\u00e9 \\"q\\"", "count": 9007199254740993, "price": 0.1}'
OPS = ("encode", "decode", "roundtrip")


def _mine(tmp_path: Path, langs: tuple[str, ...], document: str, *extra: str) -> int:
    (tmp_path / "item.proto").write_text(PROTO)
    path = tmp_path / "doc.json"
    path.write_text(document)
    argv = ["mine", str(path), "--results", str(tmp_path / "results"), "--rounds", "3", *extra]
    suites = tuple(s for s in SUITES if s.lang in langs)
    return mine.main(parser().parse_args(argv), suites)


def _measured(tmp_path: Path) -> set[tuple[str, str, str, str]]:
    with Store.open(tmp_path / "results" / "serbench.sqlite") as store:
        (run,) = store.runs()
        return {(c.lang, c.format, c.op, c.variant) for c in store.measured(run.id) if c.lib == "protobuf"}


def _proto(tmp_path: Path, message: str = "Item") -> tuple[str, ...]:
    return ("--library", "protobuf", "--proto", str(tmp_path / "item.proto"), "--message", message)


def test_python_measures_the_message_in_protobuf_binary_and_json(tmp_path: Path) -> None:
    assert _mine(tmp_path, ("python",), ITEM, *_proto(tmp_path)) == 0
    assert _measured(tmp_path) == {
        ("python", fmt, op, variant)
        for fmt, variant in (("protobuf", "upb"), ("protobuf", "python"), ("json", "upb"))
        for op in OPS
    }


def test_cpp_measures_the_generated_code_compiled_at_run_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # JSON Lines: each line one message (length-delimited in binary, one a line in JSON).
    assert _mine(tmp_path, ("cpp",), f"{ITEM}\n{ITEM}\n", *_proto(tmp_path, "shop.Item")) == 0
    assert "C++: the .proto's generated code compiled into proto_plugin.so in" in capsys.readouterr().err
    assert _measured(tmp_path) == {
        ("cpp", fmt, op, variant)
        for fmt, variant in (("protobuf", ""), ("protobuf", "arena"), ("json", ""))
        for op in OPS
    }


def test_csharp_compiles_the_generated_code_in_its_own_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 2^53 + 1 as a string, as protobuf JSON writes it; JSON Lines: a list of messages.
    item = ITEM.replace("9007199254740993", '"9007199254740993"')
    assert _mine(tmp_path, ("dotnet",), f"{item}\n{item}\n", *_proto(tmp_path)) == 0
    compiled = "dotnet bench: user proto: the .proto's generated C# (1 file) compiled in"
    assert compiled in capsys.readouterr().err
    assert _measured(tmp_path) == {("dotnet", fmt, op, "") for fmt in ("protobuf", "json") for op in OPS}


def test_csharp_refuses_an_integer_its_json_parser_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _mine(tmp_path, ("dotnet",), ITEM, *_proto(tmp_path))
    out = capsys.readouterr().out
    changed = "Google.Protobuf's JSON mapping changed the document: count: the document has 9007199254740993"
    assert f"protobuf · json: refused: {changed}, the message 9007199254740992" in out


def test_a_document_that_does_not_fit_is_refused_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = '{"name": "a", "cuont": 1}'
    # protobuf is the only library asked here: refused, it leaves the suite nothing to time.
    _mine(tmp_path, ("python",), document, *_proto(tmp_path))
    out = capsys.readouterr().out
    assert "protobuf (upb) · json: refused: the document does not fit shop.Item" in out
    assert "cuont" in out.split("protobuf (upb) · json: refused:")[1].splitlines()[0]


def test_a_proto_protoc_refuses_is_its_own_error_and_nothing_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.proto").write_text('syntax = "proto3";\nmessage Item { strin name = 1; }\n')
    code = _mine(tmp_path, ("python",), ITEM, "--proto", str(tmp_path / "bad.proto"), "--message", "Item")
    assert code == 2
    err = capsys.readouterr().err
    assert "runner mine: protoc failed (exit 1):" in err and 'bad.proto:2:16: "strin" is not defined.' in err
    assert not (tmp_path / "results" / "serbench.sqlite").exists()


def test_a_message_the_proto_lacks_names_the_ones_it_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mine(tmp_path, ("python",), ITEM, *_proto(tmp_path, "Order")) == 2
    err = capsys.readouterr().err
    proto = tmp_path / "item.proto"
    assert f"--message Order: no message of that name in {proto} (its messages: shop.Item)" in err


def test_proto_and_message_go_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _mine(tmp_path, ("python",), ITEM, "--message", "Item") == 2
    assert "--proto FILE and --message NAME go together" in capsys.readouterr().err
