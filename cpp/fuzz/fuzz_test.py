"""Every C++ fuzz target builds and fuzzes its decoder for a few seconds on the smoke
corpus, each report is well formed, and every kept C++ reproducer still gives its
recorded finding."""

import json
import time
from pathlib import Path

import pytest

from cpp.fuzz import all as driver
from tools.robustness import fuzzing
from tools.robustness.drive import Decoder
from tools.robustness.runfiles import runfile

SMOKE = "serbench/tools/robustness/smoke_corpus"
REPRODUCERS = Path(runfile("serbench")) / fuzzing.REPRODUCERS


def _listed() -> list[Decoder]:
    return fuzzing.decoders("cpp", json.loads(driver.list_decoders()), [])


def test_the_default_budget_counts_every_decoder() -> None:
    assert len(_listed()) <= fuzzing.PASS_DECODERS["cpp"]


def test_a_stuck_libfuzzer_and_its_jobs_are_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A parent waiting on a forked job that holds its pipe open: both killed, none waited on."""
    monkeypatch.setattr(driver, "OVERRUN_S", 1)
    env = {"SERBENCH_FUZZ_LIB": "stuck", "SERBENCH_FUZZ_FORMAT": "none"}
    started = time.monotonic()
    code, _ = driver._run(["sh", "-c", "sleep 300 & echo started >&2; wait"], env, 0)
    assert code is None and time.monotonic() - started < 30


def test_every_decoder_fuzzes_and_reports(tmp_path: Path) -> None:
    assert driver.main(["--seconds", "2", "--corpus", str(runfile(SMOKE)), "--out", str(tmp_path)]) == 0
    for decoder in _listed():
        doc = json.loads((tmp_path / f"{fuzzing.stem(decoder)}.json").read_text())
        assert fuzzing.validate(doc) == [], fuzzing.stem(decoder)
        assert doc["runs"] > 0 and doc["seeds"] > 0, fuzzing.stem(decoder)
        # libFuzzer's fork mode reports no coverage when every job ended in a finding.
        assert doc["coverage"]["covered"] > 0 or doc["findings"], fuzzing.stem(decoder)
        for finding in doc["findings"]:
            assert (tmp_path / finding["file"]).read_bytes() != b"" or finding["size"] == 0


def _kept() -> list[dict[str, object]]:
    index = REPRODUCERS / fuzzing.REPRODUCERS_INDEX
    return [r for r in json.loads(index.read_text()) if r["lang"] == "cpp"]


def _input(kept: dict[str, object]) -> tuple[Decoder, bytes]:
    """The kept finding's decoder and its input as the fuzzer reads it."""
    decoder = next(
        d for d in _listed() if (d.lib, d.variant, d.format) == (kept["lib"], kept["variant"], kept["format"])
    )
    data = (REPRODUCERS / str(kept["file"])).read_bytes()
    if kept["dataset"]:
        data = fuzzing.dataset_prefixed(data, str(kept["dataset"]))
    return decoder, data


@pytest.mark.parametrize("kept", _kept(), ids=lambda r: f"{r['lib']}-{r['format']}-{str(r['sha256'])[:8]}")
def test_reproducer_gives_its_recorded_finding(kept: dict[str, object], tmp_path: Path) -> None:
    decoder, data = _input(kept)
    # Without symbols (the kind is all it checks): a second a replay, not five.
    key = driver._raw_key(runfile(driver.FUZZER), decoder, data, tmp_path, silence_known=False)
    assert key is not None and key[0] == kept["kind"]


def _silenced() -> list[dict[str, object]]:
    """The kept findings cpp/fuzz/known_findings.supp names: RapidJSON's parse-stack arithmetic."""
    return [r for r in _kept() if r["lib"] == "rapidjson" and "to null pointer" in str(r["detail"])]


@pytest.mark.parametrize("kept", _silenced(), ids=lambda r: f"{r['variant']}-{str(r['sha256'])[:8]}")
def test_a_kept_finding_is_silenced_while_fuzzing(kept: dict[str, object], tmp_path: Path) -> None:
    decoder, data = _input(kept)
    assert driver._raw_key(runfile(driver.FUZZER), decoder, data, tmp_path) is None
