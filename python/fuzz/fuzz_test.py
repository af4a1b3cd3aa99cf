"""Every Python decoder is fuzzed for a few seconds on the smoke corpus with reports
in the shared format, a crashing child is recorded as a finding, and every kept Python
reproducer still gives its recorded finding."""

import json
import signal
import subprocess
from pathlib import Path

import pytest
from fuzz import all as driver
from robustness.decoders import DECODERS

from runner.crosslang.robustness import fuzzing
from runner.crosslang.robustness.run import Decoder
from runner.paths import runfile

SMOKE = "serbench/runner/crosslang/robustness/smoke_corpus"
REPRODUCERS = Path(runfile("serbench")) / fuzzing.REPRODUCERS


def _listed() -> list[Decoder]:
    return fuzzing.decoders("python", [d.describe() for d in DECODERS.values()], [])


def test_every_decoder_fuzzes_and_reports(tmp_path: Path) -> None:
    assert (
        driver.main(["--seconds", "2", "--corpus", str(runfile(SMOKE)), "--out", str(tmp_path)])
        == 0
    )
    for decoder in _listed():
        doc = json.loads((tmp_path / f"{fuzzing.stem(decoder)}.json").read_text())
        assert fuzzing.validate(doc) == [], fuzzing.stem(decoder)
        assert doc["runs"] > 0 and doc["seeds"] > 0, fuzzing.stem(decoder)


@pytest.mark.parametrize(
    ("returncode", "stderr", "kind"),
    [
        (
            -signal.SIGSEGV,
            'Fatal Python error: Segmentation fault\n  File "/x/y.py", line 3 in f\n',
            "crash",
        ),
        (1, "Timeout (0:00:05)!\n", "hang"),
        (-signal.SIGKILL, "Timeout (killed by the parent)", "hang"),
        (-signal.SIGKILL, "", "memory_blowup"),
        (0, "", None),
    ],
)
def test_a_child_death_is_classified(returncode: int, stderr: str, kind: str | None) -> None:
    death = driver._death(subprocess.CompletedProcess([], returncode, "", stderr))
    assert (death[0] if death else None) == kind


def _kept() -> list[dict[str, object]]:
    index = REPRODUCERS / fuzzing.REPRODUCERS_INDEX
    return [r for r in json.loads(index.read_text()) if r["lang"] == "python"]


@pytest.mark.parametrize(
    "kept", _kept(), ids=lambda r: f"{r['lib']}-{r['format']}-{str(r['sha256'])[:8]}"
)
def test_reproducer_gives_its_recorded_finding(kept: dict[str, object], tmp_path: Path) -> None:
    decoder = next(
        d
        for d in _listed()
        if (d.lib, d.variant, d.format) == (kept["lib"], kept["variant"], kept["format"])
    )
    data = (REPRODUCERS / str(kept["file"])).read_bytes()
    dataset = str(kept["dataset"]) if kept["dataset"] else None
    death = driver.replay(decoder, data, dataset, tmp_path)
    assert death is not None and death[0] == kept["kind"]
