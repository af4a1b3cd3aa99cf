"""The machine a run measured on, the runtimes it used, and its machine class.

Two runs are comparable when their fingerprints match: same CPU (the kernel's model
string with its family, model and stepping, its cache sizes and microcode), core
count, memory, OS release and architecture. Left out: the hostname (a renamed box
measures the same), the kernel build (recorded, but a security update should not make
yesterday's run incomparable) and the clock frequency (recorded: on bare metal it moves
with the governor; each run's calibration workloads say how fast the machine really was).

A machine class is what comparisons, history and a team store group runs by: the hash
of an explicit, versioned list of stable facts (CLASS_FACTS), the toolchains included,
so that a new compiler starts a new class and a changed clock never does. Volatile
readings (the clock, the calibration workloads) are stored per run and never hashed.
"""

import hashlib
import json
import os
import platform
import re
import subprocess
from collections.abc import Mapping
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
    threads_per_core: int = 1  # 2 with SMT (hyper-threading) on

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
        threads_per_core=threads_per_core(),
    )


def threads_per_core(cpu: Path = _CPU) -> int:
    """How many logical CPUs share cpu0's core ("0-1" or "0,64" in /sys: 2, SMT on)."""
    siblings = 0
    for part in filter(None, _read(cpu / "topology" / "thread_siblings_list").split(",")):
        first, _, last = part.partition("-")
        siblings += int(last or first) - int(first) + 1
    return max(siblings, 1)


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


# Bump when CLASS_FACTS or how a fact is read changes: every class then gets a new id,
# so a changed list never merges machines that the old one told apart.
CLASS_VERSION = 1
CLASS_FACTS = (
    "cpu_model",
    "cores",
    "threads",
    "smt",
    "memory_gib",
    "os",
    "kernel",
    "arch",
    "python",
    "dotnet",
    "g++",
)


@dataclass(frozen=True)
class MachineClass:
    id: str  # "v<CLASS_VERSION>-<12 hex digits>"
    facts: dict[str, object]  # CLASS_FACTS and their values, stored as JSON beside the id

    def describe(self) -> str:
        return f"{self.id} ({', '.join(f'{k} {v}' for k, v in self.facts.items())})"


def _kernel_series(release: str) -> str:
    """ "6.1.0-18-amd64" -> "6.1": a security update stays in the class, a new series does not."""
    return ".".join(release.split("-")[0].split(".")[:2])


def machine_class(machine: Machine, runtimes: Mapping[str, str]) -> MachineClass:
    """The class of a machine with these runtimes (runtime_metadata(): kernel and toolchains)."""
    facts: dict[str, object] = {
        "cpu_model": machine.cpu_model,
        "cores": machine.cores // max(machine.threads_per_core, 1),
        "threads": machine.cores,
        "smt": machine.threads_per_core > 1,
        "memory_gib": round(machine.memory_bytes / 2**30),
        "os": machine.os,
        "kernel": _kernel_series(runtimes.get("kernel", "")),
        "arch": machine.arch,
        **{tool: runtimes.get(tool, "") for tool in ("python", "dotnet", "g++")},
    }
    assert tuple(facts) == CLASS_FACTS
    key = json.dumps([CLASS_VERSION, list(facts.items())])
    return MachineClass(f"v{CLASS_VERSION}-{hashlib.sha256(key.encode()).hexdigest()[:12]}", facts)


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
    "threads_per_core",
)
