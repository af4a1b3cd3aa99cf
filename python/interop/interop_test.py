"""The interop CLI decodes its own encodings of every dataset and size."""

import subprocess
from pathlib import Path

import pytest
from interop import interop

from serbench_py.fixtures import SIZES
from serbench_py.sources import SOURCES

_SYNTHETIC = sorted(name for name, source in SOURCES.items() if source.schema)


def _args(command: str, fmt: str, dataset: str, size: int, path: Path) -> list[str]:
    flag = "--out" if command == "encode" else "--in"
    return [command, "--format", fmt, "--dataset", dataset, "--size", str(size), flag, str(path)]


@pytest.mark.parametrize("fmt", sorted(interop.REFERENCE))
@pytest.mark.parametrize("dataset", _SYNTHETIC)
def test_decodes_its_own_encodings(fmt: str, dataset: str, tmp_path: Path) -> None:
    for size in SIZES:
        path = tmp_path / f"{size}.bin"
        assert interop.run(_args("encode", fmt, dataset, size, path)) == interop.OK
        assert interop.run(_args("decode", fmt, dataset, size, path)) == interop.OK


def test_a_different_payload_names_the_first_differing_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "user.json"
    path.write_bytes(SOURCES["user"].raw(100))
    assert interop.run(_args("decode", "json", "user", 1, path)) == interop.DIFFERENT
    assert "different: records: expected 1 items, got 100" in capsys.readouterr().out
    path.write_bytes(b"\x00garbage")
    assert interop.run(_args("decode", "protobuf", "user", 1, path)) == interop.DIFFERENT


def test_capnp_is_the_standard_unpacked_message(tmp_path: Path) -> None:
    path = tmp_path / "order.capnp"
    assert interop.run(_args("encode", "capnp", "order", 100, path)) == interop.OK
    data = path.read_bytes()
    # Segment table: (segment count - 1, then each segment's size in words), padded to a
    # word; packing would compress the zero bytes and break these sizes.
    count = int.from_bytes(data[:4], "little") + 1
    sizes = [int.from_bytes(data[4 + 4 * i : 8 + 4 * i], "little") for i in range(count)]
    table = (4 + 4 * count + 7) // 8 * 8
    assert len(data) == table + 8 * sum(sizes)


def test_thrift_writes_unframed_structs(tmp_path: Path) -> None:
    binary, compact = tmp_path / "user.binary", tmp_path / "user.compact"
    for fmt, path in (("thrift_binary", binary), ("thrift_compact", compact)):
        assert interop.run(_args("encode", fmt, "user", 100, path)) == interop.OK
    # Binary protocol: field 1 is a list (type 15) of structs (type 12), 100 of them.
    assert binary.read_bytes()[:8] == b"\x0f\x00\x01\x0c" + (100).to_bytes(4, "big")
    # Compact protocol: field delta 1 with type list (9), then a list header whose
    # size does not fit its four bits (0xf0 | struct type 12) and the size as a varint.
    assert compact.read_bytes()[:3] == b"\x19\xfc\x64"


def test_usage_errors_and_sizes_that_do_not_exist(tmp_path: Path) -> None:
    assert interop.run(["encode", "--format", "xml"]) == interop.USAGE
    path = tmp_path / "x"
    assert interop.run(_args("encode", "json", "user", 7, path)) == interop.NOT_APPLICABLE


def test_the_binary_follows_the_protocol(tmp_path: Path) -> None:
    binary = "python/interop/interop"
    path = tmp_path / "game.fb"
    for command in ("encode", "decode"):
        result = subprocess.run(
            [binary, *_args(command, "flatbuffers", "game", 100, path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
