"""Compiles C# with Mono's mcs against the .NET Framework builds of NuGet packages.

    mono_build.py --lock packages.lock.json --out DIR --name NAME.exe SRC.cs...

The packages are those the lock file lists (restored by tools/bootstrap into the global
packages folder, ~/.nuget/packages); each contributes the DLLs of its lib/ folder nearest
to .NET Framework 4.7.2, which Mono 6.8 implements. They are copied beside the assembly so
`mono DIR/NAME.exe` finds them. Nothing is downloaded.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

# Nearest first: the frameworks Mono 6.8 runs, then netstandard.
FRAMEWORKS = (
    "net472",
    "net471",
    "net47",
    "net462",
    "net461",
    "net46",
    "net45",
    "net40",
    "net20",
    "netstandard2.0",
)
FACADES = Path("/usr/lib/mono/4.5/Facades")


def package_dlls(lock: Path) -> list[Path]:
    packages = Path(os.environ.get("NUGET_PACKAGES", Path.home() / ".nuget/packages"))
    document = json.loads(lock.read_text(encoding="utf-8"))
    dlls: list[Path] = []
    for entries in document["dependencies"].values():
        for package, entry in entries.items():
            lib = packages / package.lower() / entry["resolved"] / "lib"
            folder = next((lib / f for f in FRAMEWORKS if (lib / f).is_dir()), None)
            if folder is not None:
                dlls += sorted(folder.glob("*.dll"))
    return dlls


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lock", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("srcs", nargs="+")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    dlls = package_dlls(args.lock)
    for dll in dlls:
        shutil.copy(dll, args.out)
    refs = [f"-r:{d}" for d in dlls] + [
        f"-r:{FACADES / n}" for n in ("System.Runtime.dll", "netstandard.dll")
    ]
    # CS1685/CS1702: the packages' System.Memory and the like duplicate types Mono's
    # mscorlib already has; mscorlib's win, as at run time.
    command = [
        "mcs",
        "-langversion:7.2",
        "-warnaserror+",
        "-nowarn:1685,1702",
        "-target:exe",
        f"-out:{args.out / args.name}",
        "-r:System.Numerics",
        *refs,
        *args.srcs,
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
