"""One run of the results store as a Snapshot.

The only module of the docs generator that knows the store's tables (through the
store's queries in runner/store_reads.py): a schema change (runner/migrations.py)
touches these two files and nothing else here. Robustness
results are aggregated here (counts and medians per decoder), so a snapshot stays
small however large the corpus.
"""

import dataclasses
import json
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path

from runner.docs.snapshot import (
    Calibration,
    Case,
    FuzzDecoder,
    FuzzFinding,
    InteropCell,
    Library,
    MachineInfo,
    RobustnessCorpus,
    RobustnessDecoder,
    RobustnessRepro,
    RunInfo,
    Snapshot,
    SuiteInfo,
)
from runner.records import Unmeasured
from runner.store import Store
from runner.store_reads import fuzz_finding_rows, has_table, latest_fuzz_run, run_rows

# The store schemas this module's queries are written for (2: interop and robustness; 3:
# samples.round, cases.lazy_reason, case_flags, calibrations; 4: library_homes; 5: machine
# classes, which the snapshot does not read; 6: the fuzz pass; 7: an index for `runner
# history`). The schema-3 additions are read only where the store has them (has_table), so a
# schema-2 store gives a snapshot without rounds, lazy classification, flags or calibrations.
# 8 adds only the queue, which the docs do not read; 9 the robustness decoders' `not_fed`, read
# where the store has it.
SCHEMA_VERSIONS = (2, 3, 4, 5, 6, 7, 8, 9)


def _grouped(rows: Sequence[tuple[object, ...]]) -> dict[int, list[tuple[object, ...]]]:
    found: dict[int, list[tuple[object, ...]]] = {}
    for result_id, *rest in rows:
        found.setdefault(int(str(result_id)), []).append(tuple(rest))
    return found


def _flags(store: Store, run_id: str) -> dict[int, list[tuple[str, str]]]:
    if not has_table(store, "case_flags"):
        return {}
    found: dict[int, list[tuple[str, str]]] = {}
    for case_id, flag, detail in run_rows(store, "flags", run_id):
        found.setdefault(int(case_id), []).append((str(flag), str(detail)))
    return found


def _cases(store: Store, run_id: str) -> list[Case]:
    samples = _grouped(run_rows(store, "samples", run_id))
    metrics = _grouped(run_rows(store, "metrics", run_id))
    flags = _flags(store, run_id)
    cases = []
    for (
        result_id,
        lang,
        lib,
        fmt,
        op,
        dataset,
        size,
        variant,
        version,
        caps,
        lazy_reason,
        case_id,
    ) in run_rows(store, "cases", run_id):
        taken = samples.get(result_id, [])
        cases.append(
            Case(
                lang=lang,
                lib=lib,
                format=fmt,
                op=op,
                dataset=dataset,
                size=int(size),
                variant=variant,
                lib_version=version,
                capabilities=json.loads(caps) if caps else None,
                samples_ns=tuple(float(str(v)) for v, _ in taken),
                metrics={str(n): float(str(v)) for n, v in metrics.get(result_id, [])},
                rounds=tuple(None if r is None else int(str(r)) for _, r in taken)
                if any(r is not None for _, r in taken)
                else (),
                lazy_reason=lazy_reason,
                flags=tuple(flags.get(int(case_id), ())),
            )
        )
    return cases


def _metadata(store: Store, run_id: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for scope, key, value in run_rows(store, "metadata", run_id):
        found.setdefault(str(scope), {})[str(key)] = str(value)
    return found


def _calibrations(store: Store, run_id: str) -> tuple[Calibration, ...]:
    if not has_table(store, "calibrations"):
        return ()
    return tuple(
        Calibration(str(lang), str(when), str(workload), float(ns), int(n))
        for lang, when, workload, ns, n in run_rows(store, "calibrations", run_id)
    )


def _libraries(store: Store, run_id: str) -> tuple[Library, ...]:
    if not has_table(store, "library_homes"):
        return ()
    return tuple(Library(*row) for row in run_rows(store, "libraries", run_id))


def _interop(store: Store, run_id: str) -> tuple[InteropCell, ...]:
    return tuple(InteropCell(*row) for row in run_rows(store, "interop", run_id))


def _corpus(store: Store, run_id: str) -> RobustnessCorpus | None:
    row = next(iter(run_rows(store, "corpus", run_id)), None)
    if row is None:
        return None
    name, seed, sha, inputs, per_format, not_applicable, timeout_s, memory_mib = row
    return RobustnessCorpus(
        name, seed, sha, inputs, json.loads(per_format), json.loads(not_applicable), timeout_s, memory_mib
    )


DecoderKey = tuple[str, str, str, str]


def aggregate(
    decoders: Iterable[tuple[str, str, str, str, str, bool, str]],
    results: Iterable[tuple[str, str, str, str, str, str, float | None]],
) -> list[RobustnessDecoder]:
    """Per decoder: inputs per mutation and outcome, and the median ns of its clean errors
    (per mutation and overall). decoders: (lang, lib, variant, format, version, schemaless,
    not_fed as JSON);
    results: (lang, lib, variant, format, mutation, outcome, ns)."""
    counts: dict[DecoderKey, dict[str, dict[str, int]]] = {}
    rejects: dict[DecoderKey, dict[str, list[float]]] = {}
    for lang, lib, variant, fmt, mutation, outcome, ns in results:
        key = (lang, lib, variant, fmt)
        per_outcome = counts.setdefault(key, {}).setdefault(mutation, {})
        per_outcome[outcome] = per_outcome.get(outcome, 0) + 1
        if outcome == "clean_error" and ns is not None:
            rejects.setdefault(key, {}).setdefault(mutation, []).append(float(ns))
    found = []
    for lang, lib, variant, fmt, version, schemaless, not_fed in decoders:
        key = (lang, lib, variant, fmt)
        times = rejects.get(key, {})
        every = [ns for values in times.values() for ns in values]
        found.append(
            RobustnessDecoder(
                lang,
                lib,
                variant,
                fmt,
                version,
                bool(schemaless),
                counts.get(key, {}),
                {m: statistics.median(v) for m, v in times.items()},
                statistics.median(every) if every else None,
                json.loads(not_fed),
            )
        )
    return found


def _robustness(store: Store, run_id: str) -> tuple[list[RobustnessDecoder], list[RobustnessRepro]]:
    decoders = run_rows(store, "decoders", run_id)
    aggregated = aggregate(decoders, run_rows(store, "outcomes", run_id))
    repro = [RobustnessRepro(*row) for row in run_rows(store, "repro", run_id)]
    return aggregated, repro


def _fuzz(store: Store, run_id: str) -> tuple[tuple[FuzzDecoder, ...], tuple[FuzzFinding, ...]]:
    """The latest fuzz pass in the store, its findings replayed by `run_id`'s corpus."""
    latest = latest_fuzz_run(store)
    if latest is None:
        return (), ()
    decoders = tuple(FuzzDecoder(*row) for row in run_rows(store, "fuzz_decoders", latest))
    names = [f.name for f in dataclasses.fields(FuzzFinding)]
    findings = tuple(
        FuzzFinding(**dict(zip(names, row, strict=True)) | {"frames": tuple(json.loads(row[6]))})
        for row in fuzz_finding_rows(store, run_id, latest)
    )
    return decoders, findings


def read_run(store_file: Path | str, run_ref: str) -> Snapshot:
    """The run named by run_ref (id, unique prefix, `latest`) as a snapshot."""
    with Store.open(store_file) as store:
        if store.schema_version not in SCHEMA_VERSIONS:
            raise ValueError(
                f"{store_file}: store schema {store.schema_version}; runner/docs/store_snapshot.py "
                f"reads {', '.join(map(str, SCHEMA_VERSIONS))}: update its queries"
            )
        run_id = store.resolve_run(run_ref).id
        (row,) = run_rows(store, "run", run_id)
        suites = store.suites(run_id)
        harnesses = {str(lang): harness for lang, harness in run_rows(store, "harnesses", run_id)}
        decoders, repro = _robustness(store, run_id)
        fuzz, fuzz_findings = _fuzz(store, run_id)
        return Snapshot(
            run=RunInfo(*row[:7]),
            machine=MachineInfo(*row[7:]),
            metadata=_metadata(store, run_id),
            suites=tuple(
                SuiteInfo(lang, str(harnesses[lang]), status, reason, seconds)
                for lang, (status, reason, seconds) in suites.items()
            ),
            cases=tuple(_cases(store, run_id)),
            unmeasured=tuple(Unmeasured(*row) for row in run_rows(store, "unmeasured", run_id)),
            interop=_interop(store, run_id),
            robustness_corpus=_corpus(store, run_id),
            robustness=tuple(decoders),
            robustness_repro=tuple(repro),
            calibrations=_calibrations(store, run_id),
            libraries=_libraries(store, run_id),
            fuzz=fuzz,
            fuzz_findings=fuzz_findings,
        ).sorted()
