"""The history pages: per machine class, one chart per selected case across its runs.

Publishing (runner/docs/publish.py) writes results/published/history.json beside the
snapshot from the store (`collect`): for every machine class with more than one complete run
of the published run's profile up to the published run (a later run, such as the
repeatability pair taken after it, is not part of what was published), the selected cases'
median and 95% CI per run, the change points `runner history` marks (runner/changepoints.py:
PELT, Killick, Fearnhead and Eckley 2012, a step marked only above the series' noise) and
the runs whose calibration moved beyond the class's noise. `generate` reads it from there,
as it reads the repeatability report, and writes docs/history/<class>.md with its charts;
without the file no history page is written. A class the store has no two runs of keeps
the series the report published before gave it (`publish`).

Which cases: the landing page's recommended libraries (each verdict's best library per
language and use, runner/docs/answer.py; every library of a language without a verdict) on
the answer's headline comparison (dataset answer.DATASET, answer.SIZE records), every op
the published run measured them on.
"""

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from runner import repeatability
from runner.caseid import CaseIdentity
from runner.docs import answer, svg
from runner.docs.page import Chart, Page, Provenance
from runner.docs.results import LANG_NAMES, Results
from runner.docs.snapshot import Snapshot
from runner.history import calibration_moves, series_of
from runner.store import Run, Store
from runner.store_reads import class_calibrations, history_points

NAME = "history.json"
VERSION = 1
SELECTION = (
    "the landing page's recommended library per language and use (every library of a language"
    f" it names none for), on its headline comparison ({answer.DATASET}, {answer.SIZE} records),"
    " every op measured"
)
Report = dict[str, Any]


def selected_cases(results: Results, noise: Mapping[str, float]) -> list[CaseIdentity]:
    """The cases the pages chart (see the module doc), sorted."""
    verdicts = answer.verdicts(results, noise)
    best = {(v.lang, *v.best) for v in verdicts}
    judged = {v.lang for v in verdicts}
    return sorted(
        CaseIdentity(c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant)
        for c in (r.case for r in results.measured())
        if (c.dataset, c.size) == (answer.DATASET, answer.SIZE)
        and (c.lang not in judged or (c.lang, c.lib, c.variant, c.format) in best)
    )


def _number(value: float) -> float | None:
    return None if math.isnan(value) else value


def _class_report(
    store: Store,
    kind: str,
    profile: str,
    cases: Sequence[CaseIdentity],
    noise: Mapping[str, float],
    published: set[str],
) -> Report:
    """published: the ids of the runs up to the published one; the class's later runs are
    neither charted nor part of its calibrations' noise."""
    points = [
        point
        for case in cases
        for point in history_points(
            store,
            kind,
            {"lang": case.lang, "lib": case.lib, "format": case.format, "op": case.op}
            | {"dataset": case.dataset, "size": case.size, "variant": case.variant},
            profile,
        )
        if point.run_id in published
    ]
    calibrations = class_calibrations(store, kind)
    moves = calibration_moves({run_id: c for run_id, c in calibrations.items() if run_id in published})
    runs = {p.run_id: p for p in sorted(points, key=lambda p: (p.started_at, p.run_id))}
    return {
        "id": kind,
        "facts": store.class_facts(kind),
        "runs": [
            {
                "id": run_id,
                "started_at": p.started_at,
                "commit": p.git_commit,
                "calibration": [m.describe() for m in moves.get(run_id, [])],
            }
            for run_id, p in runs.items()
        ],
        "series": [
            {
                "case": str(one.identity),
                "title": _title(one.identity),
                "points": [
                    [p.run_id, s.median, _number(s.ci_low), _number(s.ci_high), s.n]
                    for p, s in zip(one.points, one.summaries, strict=True)
                ],
                "steps": [[one.points[at].run_id, step.describe()] for at, step in one.marked.items()],
            }
            for one in series_of(points, noise)
        ],
    }


def _title(case: CaseIdentity) -> str:
    variant = f" ({case.variant})" if case.variant else ""
    return f"{LANG_NAMES[case.lang]}: {case.lib}{variant}, {case.format}, {case.op}"


def collect(store: Store, results: Results, noise: Mapping[str, float]) -> Report:
    """The history report of every class with more than one complete run of the published
    run's profile up to the published run; noise: lang -> its run-to-run noise (the smallest
    step marked)."""
    profile = results.snapshot.run.profile
    earlier = _up_to(store.runs(), results.snapshot.run.id)
    counts = Counter(
        run.machine_class
        for run in earlier
        if run.status == "complete" and run.profile == profile and run.machine_class
    )
    published = {run.id for run in earlier}
    cases = selected_cases(results, noise)
    classes = [
        _class_report(store, str(kind), profile, cases, noise, published)
        for kind, n in sorted(counts.items())
        if n > 1
    ]
    return {"version": VERSION, "profile": profile, "selection": SELECTION, "classes": classes}


def _up_to(runs: Sequence[Run], published: str) -> Sequence[Run]:
    """runs (oldest first) up to the published one; all of them if it is not among them."""
    ids = [run.id for run in runs]
    return runs[: ids.index(published) + 1] if published in ids else runs


def publish(location: str, data: Snapshot, folder: Path) -> int:
    """Writes the history report of the store at location beside the published snapshot in
    folder; returns its number of classes. A class the store cannot chart (a fresh machine's
    store holds one run) is carried over from the report published before, unchanged, so
    publishing from another store never deletes history; a report of another profile is
    dropped."""
    found = repeatability.noise(folder / repeatability.NAME)
    noise = found.moved_95 if found and found.machine == data.machine.fingerprint else {}
    with Store.open(location) as store:
        report = collect(store, Results(data), noise)
    report["classes"] += _carried(load(folder), report)
    write(report, folder / NAME)
    return len(report["classes"])


def _carried(before: Report | None, report: Report) -> list[Report]:
    if before is None or before["profile"] != report["profile"]:
        return []
    charted = {kind["id"] for kind in report["classes"]}
    return [kind for kind in before["classes"] if kind["id"] not in charted]


def write(report: Report, path: Path) -> None:
    """The report beside the snapshot; none when no class has two runs (and no page then)."""
    if report["classes"]:
        path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    else:
        path.unlink(missing_ok=True)


def load(folder: Path) -> Report | None:
    """The report beside the snapshot in folder; None without one."""
    path = folder / NAME
    if not path.exists():
        return None
    try:
        report = json.loads(path.read_text())
        if report["version"] != VERSION:
            raise ValueError(f"version {report['version']}, this generator reads {VERSION}")
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path}: not a history report ({error})") from error
    return dict(report)


def _chart(kind: Report, series: Report, index: int, profile: str) -> Chart:
    runs = {run["id"]: run for run in kind["runs"]}
    order = [point[0] for point in series["points"]]
    points = [
        svg.RunPoint(
            runs[run_id]["started_at"][:10],
            median,
            math.nan if low is None else low,
            math.nan if high is None else high,
            bool(runs[run_id]["calibration"]),
        )
        for run_id, median, low, high, _ in series["points"]
    ]
    steps = [(order.index(run_id), label.split(" (")[0]) for run_id, label in series["steps"]]
    first, last = runs[order[0]], runs[order[-1]]
    provenance = Provenance(
        f"{first['id']} to {last['id']}", profile, f"machine class {kind['id']}", last["commit"]
    )
    title = series["title"]
    return Chart(
        f"charts/history/{kind['id']}/{index}.svg",
        lambda: svg.history_chart(title, points, steps, provenance),
    )


def pages(report: Report | None) -> list[Page]:
    """One page per machine class of the report (none without a report)."""
    if report is None:
        return []
    made = []
    for kind in report["classes"]:
        charts = [_chart(kind, series, i, report["profile"]) for i, series in enumerate(kind["series"])]
        flagged = [run for run in kind["runs"] if run["calibration"]]
        context = {
            "class": kind,
            "selection": report["selection"],
            "profile": report["profile"],
            # From the page's folder (history/) to the chart's.
            "charts": [
                (series, f"../{chart.path}") for series, chart in zip(kind["series"], charts, strict=True)
            ],
            "flagged": flagged,
        }
        made.append(Page(f"history/{kind['id']}.md", "history.md.j2", context, charts))
    return made
