"""run_suite records every way a suite can end, and never raises for it."""

import sys
from pathlib import Path

from runner.run import run_suite


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_ok_suite_lists_its_files_with_hashes(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code = f"import pathlib; pathlib.Path({str(out)!r}, 'r.json').write_text('{{}}')"
    result = run_suite("x", _python(code), out, timeout_s=30)
    assert result.status == "ok"
    assert list(result.files) == ["r.json"]
    assert len(result.files["r.json"]) == 64


def test_crash_is_failed_with_exit_code_and_last_line(tmp_path: Path) -> None:
    result = run_suite("x", _python("print('boom'); raise SystemExit(3)"), tmp_path, timeout_s=30)
    assert result.status == "failed"
    assert "exit code 3" in result.reason and "boom" in result.reason


def test_signal_is_reported(tmp_path: Path) -> None:
    result = run_suite(
        "x", _python("import os, signal; os.kill(os.getpid(), signal.SIGKILL)"), tmp_path, timeout_s=30
    )
    assert result.status == "failed"
    assert "signal 9" in result.reason


def test_hang_is_killed_at_the_time_limit(tmp_path: Path) -> None:
    result = run_suite("x", _python("import time; time.sleep(60)"), tmp_path, timeout_s=1)
    assert result.status == "timeout"
    assert result.seconds < 30


def test_success_without_output_is_a_failure(tmp_path: Path) -> None:
    result = run_suite("x", _python("pass"), tmp_path, timeout_s=30)
    assert result.status == "failed"
    assert "no JSON" in result.reason


def test_a_missing_binary_is_a_failure(tmp_path: Path) -> None:
    result = run_suite("x", [str(tmp_path / "no-such-suite")], tmp_path, timeout_s=30)
    assert result.status == "failed"
    assert "cannot start" in result.reason and "no-such-suite" in result.reason
