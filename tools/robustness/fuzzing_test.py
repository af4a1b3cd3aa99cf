"""The fuzz passes' shared parts: deduplication, seeds, reports, kept reproducers, and the
corpus replaying what was kept."""

import json
from pathlib import Path

import pytest

from tools.robustness import fuzzing, generate
from tools.robustness.drive import Decoder
from tools.robustness.runfiles import runfile
from tools.robustness.schema import FUZZ_REPRODUCER, OUTCOMES

TYPED = Decoder("cpp", "protobuf", "hardened", "protobuf", "3.21", False)
SCHEMALESS = Decoder("python", "orjson", None, "json", "3.10", True)


def _finding(kind: str, frames: tuple[str, ...], data: bytes, dataset: str | None = None) -> fuzzing.Finding:
    return fuzzing.Finding(kind, "detail", frames, "library", dataset, data)


def test_unique_keeps_the_smallest_input_per_kind_and_frames() -> None:
    found = fuzzing.unique([
        _finding("crash", ("a", "b"), b"long input"),
        _finding("crash", ("a", "b"), b"short"),
        _finding("crash", ("c",), b"other frames"),
        _finding("hang", ("a", "b"), b"same frames, other kind"),
    ])  # fmt: skip
    assert sorted(f.data for f in found) == [b"other frames", b"same frames, other kind", b"short"]


def test_unique_refuses_a_kind_the_robustness_table_does_not_have() -> None:
    with pytest.raises(ValueError, match="leak"):
        fuzzing.unique([_finding("leak", (), b"x")])


def test_a_typed_input_starts_with_its_datasets_index() -> None:
    assert fuzzing.dataset_prefixed(b"\x0a\x01", "order") == b"\x01\x0a\x01"


def _corpus(tmp_path: Path) -> tuple[Path, Path]:
    corpus, golden = tmp_path / "corpus", tmp_path / "golden"
    (corpus / "json").mkdir(parents=True)
    golden.mkdir()
    inputs = [("user", "json/0.bin", b"{}"), (None, "json/1.bin", b"[")]
    for _, file, data in inputs:
        (corpus / file).write_bytes(data)
    manifest = {"inputs": [{"format": "json", "dataset": d, "file": f} for d, f, _ in inputs]}
    (corpus / "manifest.json").write_text(json.dumps(manifest))
    (golden / "order_1.json").write_bytes(b'{"records": []}')
    return corpus, golden


def test_a_decoders_own_kept_findings_are_not_its_seeds(tmp_path: Path) -> None:
    corpus, golden = _corpus(tmp_path)
    (corpus / "json" / "kept.bin").write_bytes(b"[[")
    manifest = json.loads((corpus / "manifest.json").read_text())
    kept = {"lang": SCHEMALESS.lang, "lib": SCHEMALESS.lib, "variant": SCHEMALESS.variant}
    manifest["inputs"].append(
        {
            "format": "json",
            "dataset": None,
            "file": "json/kept.bin",
            "mutation": FUZZ_REPRODUCER,
            "params": kept,
        }
    )
    (corpus / "manifest.json").write_text(json.dumps(manifest))
    assert b"[[" not in [data for _, data in fuzzing.seeds(corpus, golden, SCHEMALESS)]
    other = Decoder(SCHEMALESS.lang, "other", None, "json", "1", True)
    assert b"[[" in [data for _, data in fuzzing.seeds(corpus, golden, other)]


def test_seeds_are_the_formats_corpus_inputs_and_golden_vectors(tmp_path: Path) -> None:
    corpus, golden = _corpus(tmp_path)
    assert list(fuzzing.seeds(corpus, golden, SCHEMALESS)) == [
        ("user", b"{}"), (None, b"["), ("order", b'{"records": []}'),
    ]  # fmt: skip
    typed_json = Decoder("cpp", "nlohmann", None, "json", "3", False)
    assert [d for d, _ in fuzzing.seeds(corpus, golden, typed_json)] == ["user", "order"]


def _report(tmp_path: Path, findings: list[fuzzing.Finding]) -> dict[str, object]:
    return fuzzing.report(
        TYPED, engine="e", instrumented="i", seconds=1, cpu_seconds=1.0, runs=10, seeds=2,
        coverage={"unit": "edges", "covered": 5}, findings=findings, out=tmp_path,
    )  # fmt: skip


def test_a_report_is_valid_and_keeps_its_reproducers(tmp_path: Path) -> None:
    doc = _report(tmp_path, [_finding("crash", ("f",), b"\x00\x01", "user")])
    assert fuzzing.validate(doc) == []
    assert json.loads((tmp_path / f"{fuzzing.stem(TYPED)}.json").read_text()) == doc
    finding = doc["findings"][0]  # type: ignore[index]
    assert (tmp_path / finding["file"]).read_bytes() == b"\x00\x01"


def test_validate_names_what_is_wrong(tmp_path: Path) -> None:
    doc = _report(tmp_path, [])
    assert fuzzing.validate({**doc, "runs": "many"}) == ["$.runs: 'many' has the wrong type"]
    assert fuzzing.validate({**doc, "coverage": {}})[0].startswith("$.coverage")


def test_keep_adds_new_findings_once_and_the_full_corpus_replays_them(tmp_path: Path) -> None:
    out, workspace = tmp_path / "out", tmp_path / "ws"
    doc = _report(out, [_finding("crash", ("f",), b"\x00\x01", "user")])
    assert fuzzing.keep(doc, out, workspace) == 1
    assert fuzzing.keep(doc, out, workspace) == 0
    index = workspace / fuzzing.REPRODUCERS / fuzzing.REPRODUCERS_INDEX
    [kept] = json.loads(index.read_text())
    assert (kept["lib"], kept["kind"], kept["dataset"], kept["version"], kept["corpus_outcomes"]) == (
        "protobuf",
        "crash",
        "user",
        "3.21",
        [],  # what the corpus run gives it is the committer's to record
    )
    [entry] = generate.reproducer_entries(index, "protobuf")
    assert (entry.data, entry.dataset, entry.expect, entry.mutation) == (
        b"\x00\x01",
        "user",
        "fixture",
        FUZZ_REPRODUCER,
    )
    assert generate.reproducer_entries(index, "json") == []


def test_keep_skips_a_known_stack_and_keeps_a_new_one(tmp_path: Path) -> None:
    out, workspace = tmp_path / "out", tmp_path / "ws"
    assert fuzzing.keep(_report(out, [_finding("crash", ("f", "g"), b"\x01", "user")]), out, workspace) == 1
    same_stack = _finding("crash", ("f", "g"), b"\x02\x03", "order")
    other_kind = _finding("hang", ("f", "g"), b"\x04", "user")
    other_stack = _finding("crash", ("h",), b"\x05", "user")
    doc = _report(out, [same_stack, other_kind, other_stack])
    assert fuzzing.keep(doc, out, workspace) == 2
    index = json.loads((workspace / fuzzing.REPRODUCERS / fuzzing.REPRODUCERS_INDEX).read_text())
    assert sorted((r["kind"], tuple(r["frames"])) for r in index) == [
        ("crash", ("f", "g")), ("crash", ("h",)), ("hang", ("f", "g"))]  # fmt: skip


def _replayed(outcome: str, lib: str = "protobuf") -> dict[str, object]:
    return {"lang": "cpp", "lib": lib, "variant": "hardened", "format": "protobuf",
            "input": "protobuf-000001", "outcome": outcome, "detail": "d"}  # fmt: skip


def test_a_corpus_run_must_give_each_kept_finding_its_recorded_outcome() -> None:
    params = {"lang": "cpp", "lib": "protobuf", "variant": "hardened", "kind": "crash",
              "corpus_outcomes": ["clean_error", "accepted_different"], "sha256": "ab" * 32}  # fmt: skip
    manifest = {"inputs": [{"id": "protobuf-000001", "mutation": FUZZ_REPRODUCER, "params": params}]}
    assert fuzzing.replays_changed([_replayed("clean_error")], manifest) == []
    assert fuzzing.replays_changed([_replayed("accepted_different")], manifest) == []
    # Another decoder of the format is fed the input too; only the finder's outcome is recorded.
    assert fuzzing.replays_changed([_replayed("crash", lib="other")], manifest) == []
    [changed] = fuzzing.replays_changed([_replayed("crash")], manifest)
    assert "recorded corpus_outcomes: ['clean_error', 'accepted_different']" in changed
    # A finding kept but not yet recorded fails, naming what the run gave.
    unrecorded = {"inputs": [{**manifest["inputs"][0], "params": {**params, "corpus_outcomes": []}}]}
    [changed] = fuzzing.replays_changed([_replayed("clean_error")], unrecorded)
    assert "clean_error d; recorded corpus_outcomes: []" in changed


def test_every_kept_finding_says_what_the_corpus_run_gives_it_and_why() -> None:
    index = runfile("serbench") / fuzzing.REPRODUCERS / fuzzing.REPRODUCERS_INDEX
    for r in json.loads(index.read_text()):
        who = f"{r['lang']} {r['lib']} {r['format']} {r['sha256'][:16]}"
        assert r["corpus_outcomes"] and set(r["corpus_outcomes"]) <= set(OUTCOMES), who
        # A note exactly where the worker's outcomes are not just the fuzz build's kind.
        assert bool(r["corpus_note"]) == (r["corpus_outcomes"] != [r["kind"]]), who
