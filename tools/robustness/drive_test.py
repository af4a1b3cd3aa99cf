"""The driver against the stand-in worker (testdata/fake_worker.py): every way a
worker can end a request is classified as the protocol says, and every protocol
violation fails the run."""

import hashlib
import json
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tools.robustness import drive, schema

_FAKE = [sys.executable, str(Path("tools/robustness/testdata/fake_worker.py").absolute())]
_LIMITS = drive.Limits(timeout_s=2.0, memory_mib=512, startup_s=10.0)
_USER_1 = Path("schemas/user/user_1.json").read_bytes()


Input = tuple[bytes, str | None, str]
Inputs = Sequence[Input]


def corpus(root: Path, inputs: Inputs) -> Path:
    """A corpus of json inputs: (content, dataset (size 1) or None, expect)."""
    root.mkdir(parents=True)
    items: list[dict[str, Any]] = []
    for n, (data, dataset, expect) in enumerate(inputs):
        (root / f"{n}.bin").write_bytes(data)
        items.append({
            "id": f"json-{n:06d}", "format": "json", "file": f"{n}.bin", "dataset": dataset,
            "size": 1 if dataset else None, "expect": expect, "mutation": "bitflip", "params": {},
            "sha256": hashlib.sha256(data).hexdigest(),
        })  # fmt: skip
    manifest = {
        "schema": "serbench-corpus/1", "seed": 1, "name": "test", "formats": ["json"],
        "per_format": {"json": len(items)}, "not_applicable": {"json": {}}, "inputs": items,
    }  # fmt: skip
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


def outcomes(doc: dict[str, Any], variant: str | None = "typed") -> list[tuple[str, str]]:
    return [(r["outcome"], r["detail"]) for r in doc["results"] if r["variant"] == variant]


def drive_fake(
    tmp_path: Path, inputs: list[tuple[bytes, str | None, str]], lang: str = "python"
) -> dict[str, Any]:
    return drive.run({lang: _FAKE}, corpus(tmp_path / "c", inputs), tmp_path / "out" / "rob.json", _LIMITS)


def test_every_outcome_is_classified(tmp_path: Path) -> None:
    words = ["crash", "abort", "sigkill", "exit3", "hang", "alloc"]
    inputs: list[Input] = [
        (_USER_1, "user", "fixture"),
        (b"[1]", "user", "fixture"),
        (b"[1", "user", "fixture"),
    ]
    doc = drive_fake(
        tmp_path, inputs + [(w.encode(), "user", "fixture") for w in words] + [(_USER_1, "user", "fixture")]
    )
    got = outcomes(doc)
    assert [o for o, _ in got] == [
        "accepted_equal", "accepted_different", "clean_error",
        "crash", "crash", "memory_blowup", "crash", "hang", "memory_blowup",
        "accepted_equal",  # the worker was restarted after the crashes and the hang
    ]  # fmt: skip
    details = [d for _, d in got]
    # What the worker said while decoding that input, not before.
    assert details[3] == "SIGSEGV: fake: about to crash" and details[4] == "SIGABRT"
    assert details[6] == "exit status 3" and details[7].startswith("no reply within 2.")
    assert all(
        isinstance(r["ns"], int) for r in doc["results"] if r["outcome"] in ("clean_error", "accepted_equal")
    )
    assert all(r["ns"] is None for r in doc["results"] if r["outcome"] in ("crash", "hang"))
    assert schema.validate(json.loads((tmp_path / "out" / "rob.json").read_text(encoding="utf-8"))) == []


def test_accepted_is_mapped_by_expect_and_schemaless_inputs_skip_typed_decoders(tmp_path: Path) -> None:
    doc = drive_fake(tmp_path, [(b"[]", None, "accept"), (b"[]", None, "reject"), (b"[", None, "reject")])
    assert [o for o, _ in outcomes(doc, None)] == ["accepted_equal", "accepted_different", "clean_error"]
    assert outcomes(doc) == []


def test_one_reproducing_input_per_decoder_and_finding(tmp_path: Path) -> None:
    doc = drive_fake(
        tmp_path, [(b"crash", "user", "fixture"), (b"abort", "user", "fixture"), (b"hang", None, "accept")]
    )
    kept = {(r["variant"], r["outcome"]): r for r in doc["repro"]}
    assert sorted(kept, key=str) == sorted([("typed", "crash"), (None, "crash"), (None, "hang")], key=str)
    first = kept[("typed", "crash")]
    assert first["input"] == "json-000000"
    copy = tmp_path / "out" / first["file"]
    assert hashlib.sha256(copy.read_bytes()).hexdigest() == first["sha256"] and copy.read_bytes() == b"crash"


def test_a_decoder_is_fed_only_the_datasets_it_binds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_LIST", "user_only")
    order_1 = Path("schemas/order/order_1.json").read_bytes()
    inputs: list[Input] = [
        (_USER_1, "user", "fixture"),
        (order_1, "order", "fixture"),
        (b"[", "order", "fixture"),
    ]
    doc = drive_fake(tmp_path, inputs)
    assert outcomes(doc, "user_only") == [("accepted_equal", "")]
    assert [o for o, _ in outcomes(doc)] == ["accepted_equal", "accepted_equal", "clean_error"]
    records = {d["variant"]: d for d in doc["decoders"]}
    assert records["user_only"]["datasets"] == ["user"] and records["user_only"]["not_fed"] == {"order": 2}
    assert records["typed"]["datasets"] is None and records["typed"]["not_fed"] == {}
    assert schema.validate(json.loads((tmp_path / "out" / "rob.json").read_text(encoding="utf-8"))) == []


def test_memory_limit_is_rlimit_as_except_for_dotnet(tmp_path: Path) -> None:
    py = json.loads(outcomes(drive_fake(tmp_path / "py", [(b"limits", "user", "fixture")]))[0][1])
    assert py == {"heap": "", "rlimit_as": 512 << 20}
    mono = json.loads(outcomes(drive_fake(tmp_path / "mono", [(b"limits", "user", "fixture")], "mono"))[0][1])
    assert mono == py
    net = json.loads(outcomes(drive_fake(tmp_path / "net", [(b"limits", "user", "fixture")], "dotnet"))[0][1])
    assert net == {"heap": hex(512 << 20), "rlimit_as": -1}


@pytest.mark.parametrize("word", ["garbage", "two_lines", "late_line", "bad_outcome", "exit2"])
def test_protocol_violations_fail_the_run(tmp_path: Path, word: str) -> None:
    with pytest.raises(drive.ProtocolError):
        drive_fake(tmp_path, [(_USER_1, "user", "fixture"), (word.encode(), "user", "fixture")])
    assert not (tmp_path / "out" / "rob.json").exists()


def test_main_exits_1_on_a_protocol_violation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_LIST", "garbage")
    path = corpus(tmp_path / "c", [(_USER_1, "user", "fixture")])
    argv = ["--corpus", str(path), "--out", str(tmp_path / "o.json"), "--lang", f"python={' '.join(_FAKE)}"]
    assert drive.main(argv) == 1


def test_died_maps_exit_statuses() -> None:
    assert drive.died(-signal.SIGSEGV, "").outcome == "crash"
    assert drive.died(-signal.SIGKILL, "").outcome == "memory_blowup"
    assert drive.died(137, "").outcome == "memory_blowup"
    assert drive.died(134, "Aborted").detail == "exit status 134 (SIGABRT?): Aborted"
    with pytest.raises(drive.ProtocolError):
        drive.died(2, "unknown decoder")


def test_a_crash_is_told_by_the_first_line_with_a_word(tmp_path: Path) -> None:
    log = tmp_path / "stderr"
    log.write_text("before\n\n" + "=" * 65 + "\n\tNative Crash Reporting\n", encoding="utf-8")
    assert drive.first_line(log, len("before\n")) == "Native Crash Reporting"
