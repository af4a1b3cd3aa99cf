"""Every SharpFuzz target builds, its libraries are instrumented and it runs a few seconds
under afl-fuzz: a short pass over every .NET decoder writes one report each, with runs,
coverage and the reproducer of each finding."""

import hashlib
import json
from pathlib import Path

from dotnet.fuzz import all as fuzz_all
from schemas.catalog import catalog

# The table's .NET decoders (dotnet/robustness: Decoders.All) that must be among the targets.
_EXPECTED = {
    ("memorypack", None, "memorypack"), ("msgpack_light", None, "msgpack"),
    ("protobuf_net", None, "protobuf"), ("newtonsoft_json", None, "json"),
    ("messagepack", "untrusted", "msgpack"), ("thrift", "compact", "thrift_compact"),
}  # fmt: skip


def test_every_decoder_fuzzes_for_a_few_seconds(tmp_path: Path) -> None:
    assert fuzz_all.main(["--seconds", "3", "--out", str(tmp_path)]) == 0
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*.json"))]
    assert {(r["lib"], r["variant"], r["format"]) for r in reports} >= _EXPECTED
    for r in reports:
        assert r["schema"] == "serbench-fuzz/1" and r["lang"] == "dotnet", r
        assert r["runs"] > 0 and r["coverage"]["covered"] > 0, r
        assert r["seeds"] == len(catalog.SYNTHETIC_DATASETS), r
        for f in r["findings"]:
            data = (tmp_path / f["file"]).read_bytes()
            assert hashlib.sha256(data).hexdigest() == f["sha256"] and f["kind"] in fuzz_all.KINDS, f


def test_every_instrumented_assembly_is_in_the_built_target() -> None:
    built = {p.name for p in fuzz_all.runfile(fuzz_all.TARGET).iterdir()}
    assert {a for names in fuzz_all.LIBRARY_ASSEMBLIES.values() for a in names} | {fuzz_all.HARNESS} <= built


def test_instrumentation_names_the_library_or_the_harness() -> None:
    assert fuzz_all.instrumented(fuzz_all.Decoder("memorypack", None, "memorypack", "1")).startswith(
        "MemoryPack.Core.dll"
    )
    assert "shared framework" in fuzz_all.instrumented(
        fuzz_all.Decoder("system_text_json", "schemaless", "json", "1")
    )
