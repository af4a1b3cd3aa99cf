"""Stand-in suites and steps for the runner's tests: scripts that take the suite
protocol's arguments and copy testdata/, crash, hang, write garbage or kill things."""

import dataclasses
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from runner import all as run_all
from runner.cli import parser
from runner.store import Store
from runner.suites import STEPS, SUITES, Suite
from runner.tests.support import TESTDATA

# Each stand-in is a script taking the suites' arguments (--profile, --out, ...).
HEADER = """\
import os, shutil, signal, sys, time
out = sys.argv[sys.argv.index("--out") + 1]
"""
COPY_TESTDATA = """\
shutil.copytree({source!r}, out, dirs_exist_ok=True)
print("progress: 1/2 first", flush=True)
print("progress: 2/2 second", flush=True)
"""
HARNESS_FILE = """\
harness = max((os.path.join(d, f) for d, _, fs in os.walk(out) for f in fs), key=os.path.getsize)
"""
BEHAVIOURS = {
    "copy": COPY_TESTDATA,
    "crash": "print('segfault in decoder'); sys.exit(3)",
    "hang": "time.sleep(60)",
    # str.format() fills these in, hence the doubled braces.
    "broken": """\
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "cpp.json"), "w") as f:
    f.write('{{"context": {{')
""",
    # The steps (interop matrix, robustness driver) write one file, --out FILE, and say
    # how they were called beside it; the matrix exits 1 when a cell failed.
    "copy_interop": """\
open(out + ".argv", "w").write(repr(sys.argv))
shutil.copy({testdata!r} + "/interop/interop.json", out)
print("progress: 1/1 python/json/user/1", flush=True)
sys.exit(1)
""",
    "copy_robustness": """\
open(out + ".argv", "w").write(repr(sys.argv))
source = {testdata!r} + "/robustness"
shutil.copytree(source + "/robustness-repro", os.path.join(os.path.dirname(out), "robustness-repro"))
shutil.copy(source + "/robustness.json", out)
print("progress: 1/1 python msgspec/struct json", flush=True)
""",
    "garbage": "open(out, 'w').write('garbage, not JSON')",
    # Writes its files, then the harness's file (the largest) is cut off mid-write
    # when the suite is SIGKILLed; or that file is filled with random bytes.
    "sigkill_midway": COPY_TESTDATA
    + HARNESS_FILE
    + """\
data = open(harness, "rb").read()
open(harness, "wb").write(data[: len(data) // 2])
os.kill(os.getpid(), signal.SIGKILL)
""",
    "garbage_file": COPY_TESTDATA + HARNESS_FILE + "open(harness, 'wb').write(os.urandom(4096))\n",
    # Kills the runner (as `kill` would) the first time, behaves the second time.
    "interrupt_once": """\
marker = {marker!r}
if not os.path.exists(marker):
    open(marker, "w").close()
    os.kill(os.getppid(), signal.SIGTERM)
    time.sleep(60)
""",
}


def stand_in(tmp_path: Path, suite: Suite, behaviour: str) -> Suite:
    script = tmp_path / f"{suite.lang}-{behaviour}.py"
    if behaviour == "missing":  # a binary that was never built
        return dataclasses.replace(suite, runfile=str(tmp_path / "not-built" / suite.lang))
    body = BEHAVIOURS[behaviour].format(
        source=str(TESTDATA / suite.lang), marker=str(tmp_path / "interrupted"), testdata=str(TESTDATA)
    )
    if behaviour == "interrupt_once":
        copy = f"copy_{suite.lang}" if suite in STEPS else "copy"
        body += BEHAVIOURS[copy].format(source=str(TESTDATA / suite.lang), testdata=str(TESTDATA))
    script.write_text(f"#!{sys.executable}\n" + HEADER + textwrap.dedent(body))
    script.chmod(0o755)
    return dataclasses.replace(suite, runfile=str(script))


def stand_in_suites(tmp_path: Path, **behaviours: str) -> list[Suite]:
    return [stand_in(tmp_path, s, behaviours.get(s.lang, "copy")) for s in SUITES]


def stand_in_steps(tmp_path: Path, **behaviours: str) -> list[Suite]:
    return [stand_in(tmp_path, s, behaviours.get(s.lang, f"copy_{s.lang}")) for s in STEPS]


def run_all_in(tmp_path: Path, suites: Sequence[Suite], *extra: str, steps: Sequence[Suite] = ()) -> int:
    """`runner all` with results under tmp_path/results; extra are more arguments."""
    args = parser().parse_args(["all", "--results", str(tmp_path / "results"), "--timeout", "5", *extra])
    return run_all.main(args, suites, steps)


def results_store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "results" / "serbench.sqlite")
