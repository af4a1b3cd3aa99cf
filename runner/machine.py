"""The machine a run measured on, and the runtimes it used.

Two runs are comparable when their fingerprints match: same CPU (the kernel's model
string with its family, model and stepping, its cache sizes and microcode), core
count, memory, OS release and architecture. Left out: the hostname (a renamed box
measures the same), the kernel build (recorded, but a security update should not make
yesterday's run incomparable) and the clock frequency (recorded: on bare metal it moves
with the governor; each run's calibration workloads say how fast the machine really was).
"""

import hashlib
import os
import platform
import re
import subprocess
from dataclasses import astuple, dataclass
from pathlib import Path

_CPU = Path("/sys/devices/system/cpu/cpu0")
# What a model name leaves out, from /proc/cpuinfo: (label, its key there).
_CPU_IDS = (("family", "cpu family"), ("model", "model"), ("stepping", "stepping"))


@dataclass(frozen=True)
class Machine:
    cpu_model: str
    cores: int
    memory_bytes: int
    os: str
    arch: str
    cpu_mhz: float | None = None  # as /proc/cpuinfo says (a VM reports its host's nominal clock)
    caches: str = ""  # e.g. "L1d 48K, L1i 32K, L2 1024K, L3 32768K" (cpu0's, from /sys)
    microcode: str = ""

    @property
    def fingerprint(self) -> str:
        # Memory is rounded to GiB: the kernel's reserved share moves by a few MiB between boots.
        key: tuple[object, ...] = (
            self.cpu_model,
            self.cores,
            round(self.memory_bytes / 2**30),
            self.os,
            self.arch,
        )
        if self.caches or self.microcode:  # a kernel that shows neither keeps the older key
            key += (self.caches, self.microcode)
        return hashlib.sha256(repr(key).encode()).hexdigest()[:16]

    def describe(self) -> str:
        memory = f"{self.memory_bytes / 2**30:.1f} GiB"
        clock = f" @ {self.cpu_mhz:.0f} MHz" if self.cpu_mhz else ""
        cpu = ", ".join(
            filter(
                None,
                [f"{self.cpu_model}{clock}", self.caches, self.microcode and f"microcode {self.microcode}"],
            )
        )
        return f"{cpu}, {self.cores} cores, {memory}, {self.os} {self.arch}"


def _first_match(path: Path, pattern: str) -> str | None:
    try:
        match = re.search(pattern, path.read_text(errors="replace"), re.MULTILINE)
    except OSError:
        return None
    return match.group(1).strip() if match else None


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return ""


def cpu_caches(cpu: Path = _CPU) -> str:
    """cpu0's caches as the kernel lists them under /sys: "L1d 48K, L1i 32K, L2 1024K, ..."."""
    found = []
    for index in sorted(cpu.glob("cache/index*")):
        level, kind, size = (_read(index / name) for name in ("level", "type", "size"))
        suffix = {"Data": "d", "Instruction": "i"}.get(kind, "")
        if level and size:
            found.append(f"L{level}{suffix} {size}")
    return ", ".join(found)


def cpu_model(cpuinfo: Path = Path("/proc/cpuinfo")) -> str:
    """The kernel's model name with family, model and stepping: a VM often says only "AMD EPYC"."""
    name = _first_match(cpuinfo, r"^model name\s*:\s*(.+)$") or platform.processor() or "unknown"
    ids = [(label, _first_match(cpuinfo, rf"^{key}\s*:\s*(\S+)$")) for label, key in _CPU_IDS]
    known = ", ".join(f"{label} {value}" for label, value in ids if value)
    return f"{name} ({known})" if known else name


def this_machine() -> Machine:
    cpuinfo = Path("/proc/cpuinfo")
    memory_kib = _first_match(Path("/proc/meminfo"), r"^MemTotal:\s*(\d+) kB")
    os_name = _first_match(Path("/etc/os-release"), r'^PRETTY_NAME="?([^"\n]+)"?$') or platform.system()
    mhz = _first_match(cpuinfo, r"^cpu MHz\s*:\s*([\d.]+)$")
    return Machine(
        cpu_model=cpu_model(cpuinfo),
        cores=os.cpu_count() or 0,
        memory_bytes=int(memory_kib) * 1024 if memory_kib else 0,
        os=os_name,
        arch=platform.machine(),
        cpu_mhz=float(mhz) if mhz else None,
        caches=cpu_caches(),
        microcode=_first_match(cpuinfo, r"^microcode\s*:\s*(\S+)$") or "",
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


def as_row(machine: Machine) -> tuple[object, ...]:
    """The machines row: fingerprint, then the fields in the order of MACHINE_COLUMNS."""
    return (machine.fingerprint, *astuple(machine))


MACHINE_COLUMNS = (
    "fingerprint",
    "cpu_model",
    "cores",
    "memory_bytes",
    "os",
    "arch",
    "cpu_mhz",
    "caches",
    "microcode",
)
