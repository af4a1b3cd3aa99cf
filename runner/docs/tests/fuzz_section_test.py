"""The robustness page's "Found by fuzzing" section, generated into a temporary folder
from the synthetic snapshot with a fuzz pass added: a coverage line per decoder, a row per
finding with its library version and reproducer hash, and nothing without a pass."""

import dataclasses
from pathlib import Path

from runner.docs import generate
from runner.docs.results import DASH
from runner.docs.snapshot import FuzzDecoder, FuzzFinding
from runner.docs.tests.synthetic import snapshot as synthetic

_DECODERS = (
    FuzzDecoder("F1", "cpp", "msgpack_cxx", "", "msgpack", "6.1.0", "libFuzzer", "the harness", 21, 20.4,
                123456, 56, "edges", 7890),
    FuzzDecoder("F1", "dotnet", "messagepack", "untrusted", "msgpack", "2.5.187", "afl++", "MessagePack.dll",
                21, 22.0, 4321, 4, "edges", 966),
    FuzzDecoder("F1", "python", "msgspec", "schemaless", "msgpack", "0.19.0", "hypothesis", "none", 21, 21.5,
                9876, 40, "Python lines", 12),
)  # fmt: skip
_FINDINGS = (
    FuzzFinding("cpp", "msgpack_cxx", "", "msgpack", "memory_blowup", "out-of-memory (malloc(4294967295))",
                ("msgpack::v1::detail::unpack_array",), "library", None, "ab" * 32, 6,
                "clean_error,memory_blowup"),
    FuzzFinding("python", "msgspec", "schemaless", "msgpack", "hang", "no answer within 5 s", (), "harness",
                None, "cd" * 32, 3, ""),
)  # fmt: skip


def _page(tmp_path: Path, fuzz: tuple[FuzzDecoder, ...], findings: tuple[FuzzFinding, ...]) -> str:
    snapshot = dataclasses.replace(synthetic(), fuzz=fuzz, fuzz_findings=findings)
    generate.write(generate.render(snapshot), tmp_path / "docs")
    return (tmp_path / "docs" / "robustness.md").read_text(encoding="utf-8")


def test_a_fuzz_pass_gives_a_coverage_line_per_decoder_and_a_row_per_finding(tmp_path: Path) -> None:
    text = _page(tmp_path, _DECODERS, _FINDINGS)
    section = text[text.index("## Found by fuzzing") : text.index("## The corpus")]
    assert "pass of run `F1`" in section
    assert (
        "- C++ · msgpack_cxx · msgpack 6.1.0: 7,890 edges, 123,456 runs in 21 s (20.4 CPU-s), 56 seeds;"
        " instrumented: the harness" in section
    )
    assert "- C# (.NET) · messagepack (untrusted) · msgpack 2.5.187: 966 edges, 4,321 runs" in section
    assert "- Python · msgspec (schemaless) · msgpack 0.19.0: 12 Python lines, 9,876 runs" in section
    rows = section.splitlines()
    assert any(
        r.startswith(
            f"| C++ · msgpack_cxx | msgpack | 6.1.0 | memory blow-up | library | `{'ab' * 8}` | 6"
            " | clean error, memory blow-up |"
        )
        for r in rows
    )
    assert (
        f"| Python · msgspec (schemaless) | msgpack | 0.19.0 | hang | harness | `{'cd' * 8}` | 3 | {DASH} |"
        in section
    )


def test_a_pass_without_findings_says_so(tmp_path: Path) -> None:
    text = _page(tmp_path, _DECODERS, ())
    assert "None: no decoder crashed, hung or blew its memory limit under fuzzing." in text


def test_no_fuzz_pass_no_section(tmp_path: Path) -> None:
    assert "Found by fuzzing" not in _page(tmp_path, (), ())
