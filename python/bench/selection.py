"""Which cases a run measures (--library, --dataset, --cases, the profile) and the jobs
that time them, grouped by dataset."""

import argparse
import dataclasses
from collections.abc import Sequence

from bench.profiles import DECODE_ONLY, PROFILES
from bench.rounds import Job
from bench.worker import extra_unit, library_unit
from serbench_py.extras import Extra, extras
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES
from serbench_py.suite import Planned, plan


def wanted(opts: argparse.Namespace) -> set[str] | None:
    """The case ids of --cases, or None: every case."""
    if opts.cases is None:
        return None
    lines = opts.cases.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip()}


def selected(opts: argparse.Namespace, ids: set[str] | None) -> list[Planned]:
    """The planned cases of the libraries and datasets asked for; outside the full
    profile, every op of DECODE_ONLY but decode is not measured."""
    libraries = [a for a in LIBRARIES if opts.library in (None, a.lib)]
    sources = [s for name, s in SOURCES.items() if opts.dataset in (None, name)]
    planned = [p for p in plan(libraries, sources) if ids is None or p.case.id in ids]
    if PROFILES[opts.profile].every_document_op:
        return planned
    reason = f"the {opts.profile} profile times only decode of {DECODE_ONLY}: run --profile full"
    return [
        dataclasses.replace(p, not_measured=reason)
        if p.case.dataset == DECODE_ONLY and p.case.op != "decode"
        else p
        for p in planned
    ]


def selected_extras(opts: argparse.Namespace, ids: set[str] | None) -> list[tuple[int, Extra]]:
    """The extra cases run with a whole-suite or one-library run (or when listed by id)."""
    if opts.dataset and ids is None:
        return []
    return [
        (index, extra)
        for index, extra in enumerate(extras())
        if opts.library in (None, extra.case.lib) and (ids is None or extra.case.id in ids)
    ]


def jobs(
    planned: Sequence[Planned], extra_cases: Sequence[tuple[int, Extra]]
) -> dict[str, list[Job]]:
    """The cases to time, grouped by dataset (extras by their own dataset names)."""
    groups: dict[str, list[Job]] = {}
    for item in planned:
        if item.not_applicable is None and item.not_measured is None:
            job = Job(item.case.id, library_unit(item), item.library.env)
            groups.setdefault(item.case.dataset, []).append(job)
    for index, extra in extra_cases:
        job = Job(extra.case.id, extra_unit(index), {})
        groups.setdefault(f"extras/{extra.case.dataset}", []).append(job)
    return groups
