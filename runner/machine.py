"""The machine a run measured on, and the runtimes it used.

Two runs are comparable when their fingerprints match: same CPU model, core
count, memory, OS release and architecture. The hostname is left out (a
renamed box measures the same) and so is the kernel build (recorded, but a
security update should not make yesterday's run incomparable).
"""

import hashlib
import os
import platform
import re
import subprocess
from dataclasses import astuple, dataclass
from pathlib import Path


@dataclass(frozen=True)
class Machine:
    cpu_model: str
    cores: int
    memory_bytes: int
    os: str
    arch: str

    @property
    def fingerprint(self) -> str:
        # Memory is rounded to GiB: the kernel's reserved share moves by a few MiB between boots.
        key = (self.cpu_model, self.cores, round(self.memory_bytes / 2**30), self.os, self.arch)
        return hashlib.sha256(repr(key).encode()).hexdigest()[:16]

    def describe(self) -> str:
        memory = f"{self.memory_bytes / 2**30:.1f} GiB"
        return f"{self.cpu_model}, {self.cores} cores, {memory}, {self.os} {self.arch}"


def _first_match(path: Path, pattern: str) -> str | None:
    try:
        match = re.search(pattern, path.read_text(errors="replace"), re.MULTILINE)
    except OSError:
        return None
    return match.group(1).strip() if match else None


def this_machine() -> Machine:
    cpu = _first_match(Path("/proc/cpuinfo"), r"^model name\s*:\s*(.+)$") or platform.processor() or "unknown"
    memory_kib = _first_match(Path("/proc/meminfo"), r"^MemTotal:\s*(\d+) kB")
    os_name = _first_match(Path("/etc/os-release"), r'^PRETTY_NAME="?([^"\n]+)"?$') or platform.system()
    return Machine(
        cpu_model=cpu,
        cores=os.cpu_count() or 0,
        memory_bytes=int(memory_kib) * 1024 if memory_kib else 0,
        os=os_name,
        arch=platform.machine(),
    )


def _tool_version(argv: list[str]) -> str:
    try:
        probe = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "not found"
    lines = (probe.stdout or probe.stderr).strip().splitlines()
    return lines[0] if probe.returncode == 0 and lines else "not found"


def runtime_metadata() -> dict[str, str]:
    """Runtimes and toolchains on the PATH, as the suites will find them."""
    return {
        "kernel": platform.release(),
        "python": platform.python_version(),
        "dotnet": _tool_version(["dotnet", "--version"]),
        "g++": _tool_version(["g++", "--version"]),
    }


def as_row(machine: Machine) -> tuple[str, str, int, int, str, str]:
    return (machine.fingerprint, *astuple(machine))
