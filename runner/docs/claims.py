"""The claims check: each published claim (claims.toml) beside what this run measured.

Every check is a ratio with its 95% confidence interval (results.ratio_of: paired by
round when the run has rounds, else from the two medians' CIs, and the page says which).
Verdicts, for a claimed ratio c (slow / fast; a range [a, b] uses a and b):
- reproduced: the CI overlaps [c / AGREE, c x AGREE] and lies wholly above 1 (it
  points the claimed way);
- contradicted: the CI lies wholly outside [c / REFUTE, c x REFUTE], or wholly below 1
  (it points the other way);
- inconclusive: anything else, including a ratio without a CI.
A direction-only claim and each neighbouring pair of an ordering claim is reproduced when
the CI lies above 1, contradicted when below 1, and indistinguishable when it holds 1
(the two results overlap): an ordering is never "not reproduced" for overlapping
results. A claim's verdict: contradicted if any check is, reproduced if every measured
check is, indistinguishable if the rest are, else inconclusive; not measured in this run
when no check could be measured; not measurable here when the project cannot measure
that work. The detail text of every check is written from its verdict (_detail), so it
can never say otherwise.
"""

import itertools
import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from runner.docs.results import (
    DASH,
    FROM_MEDIANS,
    TIMES,
    RatioCI,
    Result,
    Results,
    fmt_bytes,
    fmt_ratio,
    fmt_ratio_ci,
    fmt_time,
    ratio_of,
    significant,
)

AGREE = 1.5
REFUTE = 2.0
CLAIMS_FILE = Path(__file__).parent / "claims.toml"
_SELECTOR_KEYS = ("lang", "lib", "format", "op", "dataset", "size", "variant")
# The source conditions every check records (claims.toml `conditions`).
CONDITIONS = ("ops", "volume", "gc")
# A metric taken once per case, with how far apart two values must be to be told apart
# (its CI is the value +- this share): allocation and memory counters move a little from
# run to run; wire and installed bytes do not.
_METRICS = {
    "time": 0.0,
    "wire_bytes": 0.0,
    "installed_size_bytes": 0.0,
    "alloc_bytes_per_op": 0.025,
    "peak_rss_bytes": 0.025,
    "gc_memory_bytes": 0.025,
    "gc_sizeof_bytes": 0.0,
    "peak_memory_bytes": 0.025,
    "peak_memory_import_bytes": 0.025,
    "peak_heap_bytes": 0.025,
}


class Verdict(StrEnum):
    REPRODUCED = "reproduced"
    CONTRADICTED = "contradicted"
    INCONCLUSIVE = "inconclusive"
    INDISTINGUISHABLE = "indistinguishable"
    NOT_MEASURED = "not measured in this run"
    NOT_MEASURABLE = "not measurable here"


# The verdicts a measured check can get: the detail names its own and no other.
JUDGED = (Verdict.REPRODUCED, Verdict.CONTRADICTED, Verdict.INCONCLUSIVE, Verdict.INDISTINGUISHABLE)


class ClaimsError(ValueError):
    """claims.toml says something this checker cannot read."""


@dataclass(frozen=True)
class CheckResult:
    what: str
    claimed: str
    measured: str
    verdict: Verdict
    detail: str
    conditions: dict[str, str]


@dataclass(frozen=True)
class ClaimResult:
    id: str
    source: str
    claim: str
    work: str
    verdict: Verdict
    summary: str
    checks: tuple[CheckResult, ...]
    conditions: dict[str, str]
    links: tuple[tuple[str, str], ...] = ()  # (title, address) of where the source is read
    unlinked: str = ""  # why a source has no public address
    # What still differs from the source's own benchmark, and why (None: not yet compared).
    differences: tuple[str, ...] | None = None


def _cite(path: Path, claim: dict[str, Any], sources: dict[str, Any]) -> None:
    """The claim's `links` and `unlinked` from the sources its `source` names."""
    named = [sources[name] for name in sources if name in claim["source"]]
    if not named:
        raise ClaimsError(f"{path}: claim {claim['id']}: its source names none of [sources]")
    if not all(s.get("links") or s.get("unlinked") for s in named):
        raise ClaimsError(f"{path}: claim {claim['id']}: a source with neither links nor unlinked")
    claim["links"] = tuple(dict.fromkeys(tuple(link) for s in named for link in s.get("links", [])))
    claim["unlinked"] = "; ".join(s["unlinked"] for s in named if "unlinked" in s)


def load(path: Path = CLAIMS_FILE) -> list[dict[str, Any]]:
    data = tomllib.loads(path.read_text())
    claims = data.get("claim", [])
    for claim in claims:
        for key in ("id", "source", "claim", "work"):
            if not isinstance(claim.get(key), str):
                raise ClaimsError(f"{path}: claim {claim.get('id', '?')!r} has no {key}")
        if not claim.get("check") and not claim.get("not_measurable"):
            raise ClaimsError(f"{path}: claim {claim['id']} has neither checks nor not_measurable")
        for check in claim.get("check", []):
            given = claim.get("conditions", {}) | check.get("conditions", {})
            missing = [k for k in CONDITIONS if k not in given]
            if missing:
                raise ClaimsError(
                    f"{path}: claim {claim['id']}, check {check.get('what')!r}: "
                    f"no source condition {', '.join(missing)}"
                )
        _cite(path, claim, data.get("sources", {}))
    return list(claims)


# Finding the cases of a check --------------------------------------------------------


def _selector(*parts: dict[str, Any]) -> dict[str, object]:
    merged: dict[str, object] = {}
    for part in parts:
        merged |= part
    unknown = set(merged) - set(_SELECTOR_KEYS)
    if unknown:
        raise ClaimsError(f"unknown selector field(s) {', '.join(sorted(unknown))}")
    return merged


def _describe(selector: dict[str, object]) -> str:
    return "/".join(f"{k}={selector[k]}" for k in _SELECTOR_KEYS if k in selector)


def _variants(results: Results, selector: dict[str, object]) -> str:
    """The variants of the cases matching the selector but for its variant: what a
    selector that finds no case, or several, should have named."""
    loose = {k: v for k, v in selector.items() if k != "variant"}
    found = sorted({repr(r.case.variant) for r in results.select(loose)})
    return f" (variants measured: {', '.join(found)})" if found else ""


def _recorded(results: Results, selector: dict[str, object]) -> str:
    """What the run recorded for the cases of a selector it did not measure."""
    found = {
        f"{u.outcome.replace('_', ' ')}: {' '.join(u.reason.split())}"
        for u in results.snapshot.unmeasured
        if all(getattr(u, k) in (v, None) for k, v in selector.items() if k != "variant")
        and u.lib == selector.get("lib")
    }
    return f" (the run recorded: {'; '.join(sorted(found))})" if found else ""


def _find_one(results: Results, selector: dict[str, object], metric: str) -> tuple[Result | None, str]:
    found = results.select(selector)
    if len(found) != 1:
        problem = "no case" if not found else f"{len(found)} cases"
        recorded = _recorded(results, selector) if not found else ""
        return None, f"{problem} matching {_describe(selector)}{_variants(results, selector)}{recorded}"
    if found[0].metric(metric) is None:
        return None, f"{_describe(selector)} has no {metric}"
    return found[0], ""


def _selectors(
    base: dict[str, Any], side: dict[str, Any] | list[dict[str, Any]], ops: Sequence[str]
) -> list[dict[str, object]]:
    """A side's selectors: each part (a list sums its parts), once per op of `ops` when
    the check sums ops (the source timed encode and decode and added them)."""
    parts = [_selector(base, part) for part in (side if isinstance(side, list) else [side])]
    return [part | {"op": op} for part in parts for op in ops] if ops else parts


def _side(results: Results, selectors: list[dict[str, object]], metric: str) -> tuple[list[Result], str]:
    """(the cases, why not): the one case each selector names, or the problems."""
    found = [_find_one(results, selector, metric) for selector in selectors]
    problems = [why for result, why in found if result is None]
    return ([r for r, _ in found if r is not None], "") if not problems else ([], "; ".join(problems))


def _name(selectors: list[dict[str, object]]) -> str:
    names = dict.fromkeys(
        str(s.get("lib", _describe(s))) + (f" ({s['variant']})" if s.get("variant") else "")
        for s in selectors
    )
    return " + ".join(names)


def _ratio(slow: list[Result], fast: list[Result], metric: str) -> RatioCI:
    """slow / fast with its CI: timings through results.ratio_of, a once-taken metric with
    the resolution _METRICS gives it."""
    if metric == "time":
        return ratio_of(slow, fast)
    values = [sum(r.metric(metric) or 0.0 for r in side) for side in (slow, fast)]
    spread = _METRICS[metric]
    ratio = values[0] / values[1]
    return RatioCI(
        ratio,
        ratio * (1 - spread) / (1 + spread),
        ratio * (1 + spread) / (1 - spread),
        1,
        "a single value" + (f" (\u00b1{spread:.1%} resolution)" if spread else ""),
    )


def _show(metric: str, results: list[Result]) -> str:
    total = sum(r.metric(metric) or 0.0 for r in results)
    return fmt_time(total) if metric == "time" else fmt_bytes(total)


# Verdicts and their words -------------------------------------------------------------


def _band(check: dict[str, Any]) -> tuple[float, float, str]:
    """(low, high) of the claimed ratio (the same for a single figure), and the claim as text."""
    if "ratio" in check:
        ratio = float(check["ratio"])
        return ratio, ratio, fmt_ratio(ratio)
    if "ratio_range" in check:
        low, high = (float(v) for v in check["ratio_range"])
        return low, high, f"{significant(low)}{DASH}{significant(high)}{TIMES}"
    if check.get("direction_only"):
        return math.nan, math.nan, f"> 1{TIMES}"
    raise ClaimsError(f"check {check.get('what')!r} has no ratio, ratio_range or direction_only")


def judge_ratio(found: RatioCI, low: float, high: float) -> Verdict:
    """The verdict of a claimed ratio in [low, high] (NaN: a direction-only claim)."""
    if not found.has_ci:
        return Verdict.INCONCLUSIVE
    if math.isnan(low):
        return judge_order(found)
    if found.hi < 1 or found.hi < low / REFUTE or found.lo > high * REFUTE:
        return Verdict.CONTRADICTED
    if found.lo > 1 and found.hi >= low / AGREE and found.lo <= high * AGREE:
        return Verdict.REPRODUCED
    return Verdict.INCONCLUSIVE


def judge_order(found: RatioCI) -> Verdict:
    """An ordering of two results: the later one (slow) really is above the earlier one."""
    if not found.has_ci:
        return Verdict.INCONCLUSIVE
    if found.lo > 1:
        return Verdict.REPRODUCED
    return Verdict.CONTRADICTED if found.hi < 1 else Verdict.INDISTINGUISHABLE


def _why(verdict: Verdict, found: RatioCI, low: float, high: float) -> str:
    """The reason for a ratio verdict, in words that fit only that verdict."""
    agree = f"{significant(low / AGREE)}{DASH}{significant(high * AGREE)}{TIMES}"
    refute = f"{significant(low / REFUTE)}{DASH}{significant(high * REFUTE)}{TIMES}"
    ordering = math.isnan(low)
    reasons = {
        Verdict.REPRODUCED: "its CI lies above 1"
        if ordering
        else f"its CI lies above 1 and meets the agreement band {agree}",
        Verdict.CONTRADICTED: "its CI lies below 1: the other way round"
        if found.hi < 1
        else f"its CI lies wholly outside {refute}",
        Verdict.INDISTINGUISHABLE: "its CI holds 1: the two results overlap",
        Verdict.INCONCLUSIVE: f"no 95% CI with n={found.n}"
        if not found.has_ci
        else "its CI holds 1: no direction shown"
        if found.lo <= 1
        else f"its CI misses the agreement band {agree} without lying wholly outside {refute}",
    }
    return reasons[verdict]


def _detail(verdict: Verdict, why: str, found: RatioCI, extra: str = "") -> str:
    method = found.method if found.method != FROM_MEDIANS else f"CI {FROM_MEDIANS}"
    return "; ".join(filter(None, (f"{verdict}: {why}", method, extra)))


# Checks -------------------------------------------------------------------------------


def _conditions(claim: dict[str, Any], check: dict[str, Any]) -> dict[str, str]:
    return {k: str(v) for k, v in (claim.get("conditions", {}) | check.get("conditions", {})).items()}


def _ratio_check(
    results: Results, base: dict[str, Any], check: dict[str, Any], conditions: dict[str, str]
) -> CheckResult:
    metric = str(check.get("metric", "time"))
    low, high, claimed = _band(check)
    ops = check.get("ops", [])
    slow, why_slow = _side(results, _selectors(base, check["slow"], ops), metric)
    fast, why_fast = _side(results, _selectors(base, check["fast"], ops), metric)
    if not slow or not fast or not sum(r.metric(metric) or 0.0 for r in fast):
        reason = "; ".join(filter(None, (why_fast, why_slow))) or "a zero measurement"
        return CheckResult(check["what"], claimed, DASH, Verdict.NOT_MEASURED, reason, conditions)
    found = _ratio(slow, fast, metric)
    verdict = judge_ratio(found, low, high)
    values = f"{_show(metric, slow)} / {_show(metric, fast)}"
    return CheckResult(
        check["what"],
        claimed,
        fmt_ratio_ci(found),
        verdict,
        _detail(verdict, _why(verdict, found, low, high), found, values),
        conditions,
    )


# A pair of an ordering in words that are no verdict's name (the detail names one verdict).
_PAIR_WORDS = {
    Verdict.REPRODUCED: "above 1",
    Verdict.CONTRADICTED: "below 1",
    Verdict.INDISTINGUISHABLE: "holds 1",
    Verdict.INCONCLUSIVE: "no CI",
}


def _order_check(
    results: Results, base: dict[str, Any], check: dict[str, Any], conditions: dict[str, str]
) -> CheckResult:
    metric = str(check.get("metric", "time"))
    claimed_order = [_selectors(base, entry, []) for entry in check["order"]]
    present: list[tuple[str, list[Result]]] = []
    missing: list[str] = []
    for selectors in claimed_order:
        found, why = _side(results, selectors, metric)
        if found:
            present.append((_name(selectors), found))
        else:
            missing.append(f"{_name(selectors)} ({why})")
    runtimes = {result.case.lang for _, found in present for result in found}
    if len(runtimes) > 1:
        # Two runtimes (e.g. .NET 10 and Mono) rank by their runtime too: each gets its own check.
        raise ClaimsError(
            f"check {check['what']!r} orders cases of {', '.join(sorted(runtimes))}: one language per check"
        )
    claimed = " < ".join(_name(s) for s in claimed_order)
    absent = f"not measured: {', '.join(missing)}" if missing else ""
    if len(present) < 2:
        return CheckResult(
            check["what"], claimed, DASH, Verdict.NOT_MEASURED, absent or "fewer than two cases", conditions
        )
    pairs = [(a, b, _ratio(b[1], a[1], metric)) for a, b in itertools.pairwise(present)]
    verdicts = [judge_order(found) for _, _, found in pairs]
    verdict = _overall_of(verdicts)
    shown = "; ".join(f"{b[0]} / {a[0]} {fmt_ratio_ci(found)}" for a, b, found in pairs)
    why = ", ".join(
        f"{b[0]} / {a[0]}: {_PAIR_WORDS[v]}" for (a, b, _), v in zip(pairs, verdicts, strict=True)
    )
    reason = {
        Verdict.REPRODUCED: "every neighbouring pair's CI lies above 1",
        Verdict.CONTRADICTED: "a pair's CI lies below 1: that pair is the other way round",
        Verdict.INDISTINGUISHABLE: "no pair the other way round, and a pair's CI holds 1: those overlap",
        Verdict.INCONCLUSIVE: "a pair has no 95% CI",
    }[verdict]
    detail = _detail(verdict, f"{reason} ({why})", pairs[0][2], absent)
    return CheckResult(check["what"], claimed, shown, verdict, detail, conditions)


def _check(results: Results, claim: dict[str, Any], check: dict[str, Any]) -> CheckResult:
    if "metric" in check and check["metric"] not in _METRICS:
        raise ClaimsError(f"check {check.get('what')!r}: unknown metric {check['metric']!r}")
    kind = _order_check if "order" in check else _ratio_check
    conditions = {k: _sized(results, claim, v) for k, v in _conditions(claim, check).items()}
    return kind(results, claim.get("base", {}) | check.get("base", {}), check, conditions)


def _overall_of(verdicts: Sequence[Verdict]) -> Verdict:
    """Contradicted if any is; reproduced if all are; indistinguishable if the rest are."""
    if Verdict.CONTRADICTED in verdicts:
        return Verdict.CONTRADICTED
    if all(v is Verdict.REPRODUCED for v in verdicts):
        return Verdict.REPRODUCED
    if all(v in (Verdict.REPRODUCED, Verdict.INDISTINGUISHABLE) for v in verdicts):
        return Verdict.INDISTINGUISHABLE
    return Verdict.INCONCLUSIVE


def _overall(checks: Sequence[CheckResult]) -> tuple[Verdict, str]:
    measured = [c for c in checks if c.verdict is not Verdict.NOT_MEASURED]
    if not measured:
        return Verdict.NOT_MEASURED, "no case of this work is in the published run"
    verdict = _overall_of([c.verdict for c in measured])
    counts = ", ".join(f"{n} {v}" for v in JUDGED if (n := sum(c.verdict is v for c in measured)))
    return verdict, f"{len(measured)} of {len(checks)} check(s) measured: {counts}"


def _sized(results: Results, claim: dict[str, Any], text: str) -> str:
    """text with each {name} of the claim's `sizes` replaced by that case's wire size in
    this run: a size the text states is the run's, never typed in."""
    for name, selector in claim.get("sizes", {}).items():
        case, _ = _find_one(results, _selector(claim.get("base", {}), selector), "wire_bytes")
        size = fmt_bytes(case.metric("wire_bytes")) if case else "a size not in this run"
        text = text.replace(f"{{{name}}}", size)
    return text


def check_all(results: Results, claims: Sequence[dict[str, Any]]) -> list[ClaimResult]:
    found = []
    for claim in claims:
        head = (claim["id"], claim["source"], claim["claim"], _sized(results, claim, claim["work"]))
        conditions = {k: _sized(results, claim, v) for k, v in _conditions(claim, {}).items()}
        differences = claim.get("differences")
        cited = {
            "links": claim.get("links", ()),
            "unlinked": claim.get("unlinked", ""),
            "differences": None if differences is None else tuple(map(str, differences)),
        }
        if claim.get("not_measurable"):
            verdict = (Verdict.NOT_MEASURABLE, str(claim["not_measurable"]), ())
            found.append(ClaimResult(*head, *verdict, conditions, **cited))
            continue
        checks = tuple(_check(results, claim, c) for c in claim["check"])
        found.append(ClaimResult(*head, *_overall(checks), checks, conditions, **cited))
    return found
