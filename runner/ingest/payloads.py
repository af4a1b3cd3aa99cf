"""Compressed sizes of the suites' encoded payloads, measured once and never timed.

Each suite, run with `--payloads DIR`, writes the payload of every encode case it
verified (the bytes its round trip check encoded, written before any timing) to
DIR/<file_name(case id)>.bin: the canonical case id with each `/` written as `,`
(no case id value holds a comma, runner/caseid.py). The runner passes
`<suite output folder>/payloads` (PAYLOAD_DIR; not to a re-measurement, which
keeps the first payloads' sizes) and, after ingesting the suite's files, stores for
each payload whose encode case has a result in the run:

- `wire_zlib6_bytes`: len(zlib.compress(payload, 6)), Python's zlib;
- `wire_zstd3_bytes`: the size of `zstd -3 -c` of the file (Debian's `zstd` tool:
  the wheelhouse has no zstd binding), a single frame with its content size;
- `json_keyed`, for a JSON payload of a dataset with a canonical fixture: whether it is
  the fixture's tree, objects keyed by field name (runner/ingest/json_shape.py).
"""

import os
import shutil
import subprocess
import zlib
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from runner.caseid import CaseIdentity, parse_case_id
from runner.ingest import json_shape
from runner.run import sha256_of

PAYLOAD_DIR = "payloads"  # inside a suite's output folder
ZLIB_LEVEL = 6
ZSTD_LEVEL = 3
ZSTD_TOOL = "zstd"
ZSTD_PACKAGE = "zstd"  # the Debian package holding it (tools/bootstrap installs it)
ZLIB_METRIC = f"wire_zlib{ZLIB_LEVEL}_bytes"
ZSTD_METRIC = f"wire_zstd{ZSTD_LEVEL}_bytes"
_SUFFIX = ".bin"


class PayloadError(Exception):
    """A payload the runner cannot measure, or no zstd tool to measure it with."""


def file_name(case_id: str) -> str:
    """The name a suite gives the payload of an encode case."""
    return case_id.replace("/", ",") + _SUFFIX


def case_of(path: Path, lang: str) -> CaseIdentity:
    """The encode case whose payload path holds; PayloadError if its name is not one."""
    if not path.name.endswith(_SUFFIX):
        raise PayloadError(f"{path}: not a payload file (<case id, '/' as ','>{_SUFFIX})")
    try:
        identity = parse_case_id(path.name.removesuffix(_SUFFIX).replace(",", "/"), lang)
    except ValueError as error:
        raise PayloadError(f"{path}: {error}") from error
    if identity.op != "encode":
        raise PayloadError(f"{path}: a payload of op {identity.op}, not encode")
    return identity


def zstd_tool(tool: str) -> str:
    """The zstd executable's path; PayloadError naming the Debian package when it is missing."""
    found = shutil.which(tool)
    if found is None:
        raise PayloadError(
            f"no {tool!r} executable to measure {ZSTD_METRIC}: install the Debian package "
            f"{ZSTD_PACKAGE!r} (tools/apt-packages.txt lists it)"
        )
    return found


def zstd_size(path: Path, tool: str) -> int:
    """Bytes of `zstd -<ZSTD_LEVEL>` of the file at path, as one frame."""
    done = subprocess.run(
        [tool, f"-{ZSTD_LEVEL}", "-c", "-q", "--no-progress", str(path)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        raise PayloadError(f"{path}: {tool} exited {done.returncode}: {done.stderr.decode()[-300:]}")
    return len(done.stdout)


def payload_metrics(
    path: Path, case: CaseIdentity, tool: str, reference: json_shape.Reference
) -> dict[str, float]:
    """The two compressed-size metrics of one payload file, and its JSON shape's verdict."""
    data = path.read_bytes()
    shape = json_shape.keyed_metric(data, case.dataset, case.size, reference) if case.format == "json" else {}
    return {
        ZLIB_METRIC: float(len(zlib.compress(data, ZLIB_LEVEL))),
        ZSTD_METRIC: float(zstd_size(path, tool)),
        **shape,
    }


def measure_folder(
    folder: Path,
    lang: str,
    only: Collection[CaseIdentity] | None = None,
    tool: str | None = None,
    reference: json_shape.Reference = json_shape.fixture_tree,
) -> dict[CaseIdentity, dict[str, float]]:
    """The metrics of every payload in folder (of the cases in only, when given), by encode
    case, with the zstd tool named (default ZSTD_TOOL) and JSON shapes checked against
    reference's fixtures; {} without the folder."""
    paths = sorted(folder.glob("*")) if folder.is_dir() else []
    cases = {path: case_of(path, lang) for path in paths}
    wanted = [path for path, case in cases.items() if only is None or case in only]
    if not wanted:
        return {}
    found = zstd_tool(tool or ZSTD_TOOL)
    # Libraries and variants often write the same bytes (a standard run: about 1,000 payloads,
    # 1 GiB, a third of it repeated): each distinct payload is compressed once, the largest
    # first, on every core (zlib releases the GIL; zstd is a process of its own).
    same: dict[str, list[Path]] = {}
    for path in wanted:
        same.setdefault(sha256_of(path), []).append(path)
    distinct = sorted(same.values(), key=lambda group: -group[0].stat().st_size)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        sizes = pool.map(lambda group: payload_metrics(group[0], cases[group[0]], found, reference), distinct)
        return {
            cases[path]: dict(measured)
            for group, measured in zip(distinct, sizes, strict=True)
            for path in group
        }
