"""What the runner drives: one suite per language, then the cross-language steps.

Each suite is a Bazel binary that takes `--profile quick|standard|full --out DIR`
(plus optional `--library`/`--dataset` filters, `--cases FILE` to measure only
the case ids listed there, and `--rounds N` to take N samples per case instead of the
profile's) and writes its harness's native JSON into DIR. The
languages, their harnesses and suite binaries are the catalog's
(schemas/catalog/catalog.json); adding a language is its catalog entry, one entry in
NATIVE_FILES (the parser of each file it writes) and one data dependency in
runner/BUILD.bazel.

The steps (STEPS: the interop matrix, the robustness driver) run the same way,
each as its own process writing one file the runner ingests; each builds its
own command line from the run's profile and filters, or says why the filters
leave it nothing to do.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from runner.ingest import (
    NativeKind,
    bdn_json,
    calibration_json,
    cases_json,
    extras_json,
    fuzz_json,
    gbench_json,
    interop_json,
    mono_json,
    payloads,
    pyperf_json,
    robustness_json,
)
from runner.paths import runfile
from schemas.catalog import catalog


class SkippedError(Exception):
    """The run's filters leave a step nothing to do; the message says why."""


@dataclass(frozen=True)
class Invocation:
    """What a suite or step is asked to do in a run."""

    binary: Path
    out_dir: Path
    profile: str
    langs: tuple[str, ...]  # the languages chosen (all of them unless --lang narrowed it)
    library: str | None = None
    dataset: str | None = None
    every_lang: bool = True  # no --lang filter narrowed the languages
    cases: Path | None = None  # a file of case ids, one a line: measure only those
    rounds: int | None = None  # samples per case, when not the profile's
    # (another build's suite binary, its output folder): the suite times that build's samples
    # of each case right beside its own (a suite whose `pairs` is set)
    paired: tuple[Path, Path] | None = None


def suite_command(call: Invocation) -> list[str]:
    """The suite protocol's command line (README.md, "Adding things"): a suite's first pass
    writes its encode payloads (`--payloads`, runner/ingest/payloads.py), a re-measurement
    (`--cases`) none."""
    argv = [str(call.binary), "--profile", call.profile, "--out", str(call.out_dir)]
    chosen = {"--library": call.library, "--dataset": call.dataset, "--cases": call.cases}
    for flag, value in {**chosen, "--rounds": call.rounds}.items():
        if value:
            argv += [flag, str(value)]
    if call.cases is None:
        argv += ["--payloads", str(call.out_dir / payloads.PAYLOAD_DIR)]
    if call.paired is not None:
        argv += ["--paired-base", str(call.paired[0]), "--paired-out", str(call.paired[1])]
    return argv


Command = Callable[[Invocation], list[str]]  # raises SkippedError


@dataclass(frozen=True)
class Suite:
    lang: str  # a language, or the name of a cross-language step
    harness: str
    runfile: str  # path of the binary relative to the runfiles root
    files: tuple[NativeKind, ...]
    command: Command = suite_command
    # Exit codes that mean "ran to the end" (the interop matrix exits 1 when a cell failed).
    ok_exit_codes: frozenset[int] = field(default=frozenset({0}))
    # It takes `--cases FILE`: the runner re-measures its cases whose samples spread too much.
    remeasure: bool = False
    # It takes `--paired-base BIN --paired-out DIR` (Invocation.paired): `runner check` then
    # pairs a base's and a head's samples seconds apart, not an invocation apart.
    pairs: bool = False


def _side_files(lang: str) -> tuple[NativeKind, ...]:
    """What every suite writes beside its harness's file: its case catalog and its calibration.
    Optional: a suite that crashed before writing them still has its harness's results."""
    return (
        NativeKind(cases_json.file_name(lang), cases_json.parse, required=False),
        NativeKind(calibration_json.file_name(lang), calibration_json.parse, required=False),
    )


# What each language's suite writes, in ingest order (a catalog after the files it vouches
# for). The languages and their suite binaries come from the catalog (schemas/catalog).
NATIVE_FILES: dict[str, tuple[NativeKind, ...]] = {
    "python": (
        NativeKind("python.json", pyperf_json.parse),
        # Only a whole-suite or one-library run measures the extras.
        NativeKind(extras_json.FILE_NAME, extras_json.parse, required=False),
        *_side_files("python"),
    ),
    # One folder per round, results/round-<r>/, or one report per class in results/.
    "dotnet": (NativeKind("results/**/*-report-full.json", bdn_json.parse), *_side_files("dotnet")),
    "cpp": (NativeKind("cpp.json", gbench_json.parse), *_side_files("cpp")),
    # C# on Mono 6.8 (dotnet/mono): its own language, so never in the .NET rankings.
    "mono": (NativeKind(mono_json.FILE_NAME, mono_json.parse), *_side_files("mono")),
}


# The suites that can measure another build beside their own (python/bench/cli.py).
PAIRED_SUITES = frozenset({"python"})


def _suite(lang: catalog.Language) -> Suite:
    if lang.name not in NATIVE_FILES:
        raise KeyError(f"the catalog lists language {lang.name!r}, but runner/suites.py reads no file of it")
    return Suite(
        lang.name,
        lang.harness,
        f"serbench/{lang.suite}",
        NATIVE_FILES[lang.name],
        remeasure=True,
        pairs=lang.name in PAIRED_SUITES,
    )


SUITES: tuple[Suite, ...] = tuple(_suite(lang) for lang in catalog.load().languages)


# Matrix sizes by profile: the quick one leaves out the 1,000-record payloads; the published
# profiles cover every size (the docs say each cell does).
INTEROP_SIZES = {
    profile: ",".join(
        map(str, catalog.SIZES if profile in catalog.PUBLISHED_PROFILES else catalog.SIZES[:-1])
    )
    for profile in catalog.PROFILES
}
# The corpus the robustness driver runs (a Bazel-built folder in the runfiles): the full
# one in every profile, as it takes about a minute and a half.
ROBUSTNESS_CORPUS = "serbench/tools/robustness/corpus"


def _narrowed_langs(call: Invocation, binary_of: Callable[[str], str]) -> list[str]:
    """`--lang NAME=CMD` for each chosen language when --lang narrowed them, else nothing
    (the step then uses every language wired into it). A language whose catalog entry names
    no program for the step ("") is left out; SkippedError when that leaves none."""
    if call.every_lang:
        return []
    wired = [lang for lang in call.langs if binary_of(lang)]
    if not wired:
        raise SkippedError(
            f"no program of this step for {', '.join(call.langs)} (see the catalog's languages)"
        )
    return [arg for lang in wired for arg in ("--lang", f"{lang}={runfile(f'serbench/{binary_of(lang)}')}")]


def interop_command(call: Invocation) -> list[str]:
    if call.library:
        raise SkippedError("the interop matrix runs each language's reference library, not a chosen one")
    if call.dataset and call.dataset not in catalog.SYNTHETIC_DATASETS:
        known = ", ".join(catalog.SYNTHETIC_DATASETS)
        raise SkippedError(f"the interop matrix has no dataset {call.dataset} (its datasets: {known})")
    argv = [str(call.binary), "--out", str(call.out_dir / interop_json.FILE_NAME)]
    argv += ["--sizes", INTEROP_SIZES[call.profile]]
    if call.dataset:
        argv += ["--datasets", call.dataset]
    return argv + _narrowed_langs(call, lambda lang: catalog.language(lang).interop)


def robustness_command(call: Invocation) -> list[str]:
    if call.dataset:
        raise SkippedError("the robustness corpus is chosen per format, not per dataset")
    argv = [str(call.binary), "--corpus", str(runfile(ROBUSTNESS_CORPUS))]
    argv += ["--out", str(call.out_dir / robustness_json.FILE_NAME)]
    if call.library:
        argv += ["--libs", call.library]
    return argv + _narrowed_langs(call, lambda lang: catalog.language(lang).robustness)


# Cross-language steps, run after the suites (each ingested into its own tables).
STEPS: tuple[Suite, ...] = (
    Suite(
        "interop",
        "interop matrix",
        "serbench/runner/crosslang/interop/matrix",
        (NativeKind(interop_json.FILE_NAME, interop_json.parse),),
        interop_command,
        frozenset({0, 1}),
    ),
    Suite(
        "robustness",
        "robustness driver",
        "serbench/runner/crosslang/robustness/run",
        (NativeKind(robustness_json.FILE_NAME, robustness_json.parse),),
        robustness_command,
    ),
)


def fuzz_command(call: Invocation) -> list[str]:
    argv = [str(call.binary), "--out", str(call.out_dir)]
    return argv + (["--libs", call.library] if call.library else [])


# The fuzz pass (`runner all --fuzz`), after the steps: each language's decoders with its
# default budget (cpp/fuzz, dotnet/fuzz, python/fuzz), a report per decoder.
FUZZ_STEPS: tuple[Suite, ...] = tuple(
    Suite(
        f"fuzz-{lang}",
        f"{lang} fuzz pass",
        f"serbench/{lang}/fuzz/all",
        (NativeKind(fuzz_json.PATTERN, fuzz_json.parse),),
        fuzz_command,
    )
    for lang in ("cpp", "dotnet", "python")
)


def suite(lang: str) -> Suite:
    for candidate in (*SUITES, *STEPS, *FUZZ_STEPS):
        if candidate.lang == lang:
            return candidate
    known = ", ".join(s.lang for s in (*SUITES, *STEPS, *FUZZ_STEPS))
    raise KeyError(f"no suite or step {lang!r} (known: {known})")
