"""Every SharpFuzz target builds, its libraries are instrumented and it runs a few seconds
under afl-fuzz: a short pass over every .NET decoder writes one report each in the shared
format, with runs, coverage and the reproducer of each finding; every kept .NET
reproducer still gives its recorded finding."""

import hashlib
import json
from pathlib import Path

import pytest

from dotnet.fuzz import all as fuzz_all
from schemas.catalog import catalog
from tools.robustness import fuzzing
from tools.robustness.drive import Decoder
from tools.robustness.runfiles import runfile

REPRODUCERS = Path(runfile("serbench")) / fuzzing.REPRODUCERS
# The table's .NET decoders (dotnet/robustness: Decoders.All) that must be among the targets.
_EXPECTED = {
    ("memorypack", None, "memorypack"), ("msgpack_light", None, "msgpack"),
    ("protobuf_net", None, "protobuf"), ("newtonsoft_json", None, "json"),
    ("messagepack", "untrusted", "msgpack"), ("thrift", "compact", "thrift_compact"),
}  # fmt: skip


def _decoder(lib: str, variant: str | None, fmt: str, schemaless: bool = False) -> Decoder:
    return Decoder("dotnet", lib, variant, fmt, "1", schemaless)


def test_every_decoder_fuzzes_for_a_few_seconds(tmp_path: Path) -> None:
    assert fuzz_all.main(["--seconds", "3", "--out", str(tmp_path)]) == 0
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*.json"))]
    assert {(r["lib"], r["variant"], r["format"]) for r in reports} >= _EXPECTED
    # The default budget's arithmetic counts every decoder.
    assert len(reports) <= fuzzing.PASS_DECODERS["dotnet"]
    for r in reports:
        assert fuzzing.validate(r) == [] and r["lang"] == "dotnet", r
        assert r["runs"] > 0 and r["coverage"]["covered"] > 0, r
        assert r["seeds"] == len(catalog.SYNTHETIC_DATASETS), r
        for f in r["findings"]:
            data = (tmp_path / f["file"]).read_bytes()
            assert hashlib.sha256(data).hexdigest() == f["sha256"], f


def test_every_instrumented_assembly_is_in_the_built_target() -> None:
    built = {p.name for p in runfile(fuzz_all.TARGET).iterdir()}
    assert {a for names in fuzz_all.LIBRARY_ASSEMBLIES.values() for a in names} | {fuzz_all.HARNESS} <= built


def test_instrumentation_names_the_library_or_the_harness() -> None:
    assert fuzz_all.instrumented(_decoder("memorypack", None, "memorypack")).startswith("MemoryPack.Core.dll")
    assert "shared framework" in fuzz_all.instrumented(
        _decoder("system_text_json", "schemaless", "json", True)
    )


def _kept() -> list[dict[str, object]]:
    index = REPRODUCERS / fuzzing.REPRODUCERS_INDEX
    return [r for r in json.loads(index.read_text()) if r["lang"] == "dotnet"]


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> fuzz_all.Target:
    return fuzz_all.Target(tmp_path_factory.mktemp("target"))


@pytest.mark.parametrize("kept", _kept(), ids=lambda r: f"{r['lib']}-{r['format']}-{str(r['sha256'])[:8]}")
def test_reproducer_gives_its_recorded_finding(kept: dict[str, object], target: fuzz_all.Target) -> None:
    decoder = next(
        d
        for d in fuzzing.decoders("dotnet", target.listed(), [])
        if (d.lib, d.variant, d.format) == (kept["lib"], kept["variant"], kept["format"])
    )
    data = (REPRODUCERS / str(kept["file"])).read_bytes()
    dataset = str(kept["dataset"]) if kept["dataset"] else None
    finding = fuzz_all.replay(target, decoder, fuzz_all.target_input(data, dataset))
    assert finding is not None and finding.kind == kept["kind"]
