"""The generator's reading of the description and its refusals; the generated
C++ itself is checked by compiling it and by every adapter test's round trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpp.codegen import mappings
from tools.codegen import describe
from tools.codegen.testing import F as _F
from tools.codegen.testing import field as _field
from tools.codegen.testing import message as _message


@pytest.mark.parametrize(
    ("field", "why"),
    [
        (_field("m", _F.TYPE_MESSAGE, type_name=".x.M", proto3_optional=True), "optional message"),
        (_F(name="b", number=1, type=_F.TYPE_BYTES, label=_F.LABEL_REPEATED), "repeated bytes"),
    ],
)
def test_unsupported_shapes_stop_the_build(field: _F, why: str, tmp_path: Path) -> None:
    if field.proto3_optional:
        field.oneof_index = 0
    message = _message("X", field, oneofs=("_m",) if field.proto3_optional else ())
    (tmp_path / "x.proto").write_text("package serbench.x;\n")
    with pytest.raises(SystemExit, match=why):
        d = describe.Dataset("x", "X", (describe.message(message),), {"proto": tmp_path / "x.proto"})
        mappings.generate(mappings.Protobuf, [d])


def test_names_follow_each_library(tmp_path: Path) -> None:
    def dataset(idl: str, text: str) -> describe.Dataset:
        (tmp_path / f"game.{idl}").write_text(text)
        return describe.Dataset("game", "Monster", (), {idl: tmp_path / f"game.{idl}"})

    fbs = dataset(
        "fbs", "namespace serbench.game.fbs;\nstruct Vec3 {\n  x:float;\n  y:float;\n}\ntable T { a:int; }\n"
    )
    assert mappings.namespace(fbs, "fbs") == "::serbench::game::fbs"
    capnp = dataset("capnp", '$Cxx.namespace("serbench::game::capnp");\n')
    assert mappings.namespace(capnp, "capnp") == "::serbench::game::capnp"
    thrift = dataset("thrift", "namespace cpp serbench.game.thrift\nnamespace netstd x\n")
    assert mappings.namespace(thrift, "thrift") == "::serbench::game::thrift"
