"""The claims check: each published claim (claims.toml) beside what this run measured.

Verdict rules (stated on the page from the constants here):
- a ratio claim is reproduced when the measured ratio has the claimed direction and lies
  within [claimed / TOLERANCE, claimed x TOLERANCE] (a range claim: [low / T, high x T]);
- a direction-only claim is reproduced when the measured ratio is above 1;
- an ordering claim is reproduced when the measured order of the libraries present
  equals the claimed order (at least two present);
- a claim is reproduced when every check measured is; not reproduced when any is not;
  not measured in this run when none could be measured; not measurable here when the
  project cannot measure that work at all (the reason is given).
"""

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from runner.docs.results import DASH, TIMES, Results, fmt_bytes, fmt_ratio, fmt_time, significant

TOLERANCE = 2.0
# A time verdict resting on fewer samples per median than this is flagged as indicative:
# with one or two samples a noisy value can flip it between runs.
FEW_SAMPLES = 3
CLAIMS_FILE = Path(__file__).parent / "claims.toml"
_SELECTOR_KEYS = ("lang", "lib", "format", "op", "dataset", "size", "variant")
_METRICS = (
    "time", "wire_bytes", "alloc_bytes_per_op", "peak_rss_bytes", "gc_memory_bytes", "installed_size_bytes",
    "peak_memory_bytes", "peak_heap_bytes",
)


class Verdict(StrEnum):
    REPRODUCED = "reproduced"
    NOT_REPRODUCED = "not reproduced"
    NOT_MEASURED = "not measured in this run"
    NOT_MEASURABLE = "not measurable here"


class ClaimsError(ValueError):
    """claims.toml says something this checker cannot read."""


@dataclass(frozen=True)
class CheckResult:
    what: str
    claimed: str
    measured: str
    verdict: Verdict
    detail: str


@dataclass(frozen=True)
class ClaimResult:
    id: str
    source: str
    claim: str
    work: str
    verdict: Verdict
    summary: str
    checks: tuple[CheckResult, ...]


def load(path: Path = CLAIMS_FILE) -> list[dict[str, Any]]:
    claims = tomllib.loads(path.read_text()).get("claim", [])
    for claim in claims:
        for key in ("id", "source", "claim", "work"):
            if not isinstance(claim.get(key), str):
                raise ClaimsError(f"{path}: claim {claim.get('id', '?')!r} has no {key}")
        if not claim.get("check") and not claim.get("not_measurable"):
            raise ClaimsError(f"{path}: claim {claim['id']} has neither checks nor not_measurable")
    return list(claims)


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


def _find_one(results: Results, selector: dict[str, object], metric: str) -> tuple[float | None, str]:
    found = results.select(selector)
    if len(found) != 1:
        problem = "no case" if not found else f"{len(found)} cases"
        return None, f"{problem} matching {_describe(selector)}{_variants(results, selector)}"
    value = found[0].metric(metric)
    if value is None:
        return None, f"{_describe(selector)} has no {metric}"
    return value, ""


def _find(results: Results, selectors: list[dict[str, object]], metric: str) -> tuple[float | None, str]:
    """(value, why not): the metric of the one case each selector names, summed over the
    selectors (a library whose install is two distributions is two selectors)."""
    found = [_find_one(results, selector, metric) for selector in selectors]
    problems = [why for value, why in found if value is None]
    if problems:
        return None, "; ".join(problems)
    return sum(value or 0.0 for value, _ in found), ""


def _few_samples(results: Results, selectors: list[dict[str, object]], metric: str) -> str:
    """A note when a time median of these cases rests on fewer than FEW_SAMPLES samples."""
    counts = [r.summary.n for s in selectors for r in results.select(s)]
    fewest = min(counts, default=FEW_SAMPLES)
    if metric != "time" or fewest >= FEW_SAMPLES:
        return ""
    return f"indicative only: a median of {fewest} sample(s) (the full profile takes more)"


def _selectors(base: dict[str, Any], side: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, object]]:
    return [_selector(base, part) for part in (side if isinstance(side, list) else [side])]


def _name(selectors: list[dict[str, object]]) -> str:
    return " + ".join(str(s.get("lib", _describe(s))) for s in selectors)


def _show(metric: str, value: float) -> str:
    return fmt_time(value) if metric == "time" else fmt_bytes(value)


def _claimed(check: dict[str, Any]) -> tuple[float, float, str]:
    """(lowest, highest) measured ratio that reproduces the check, and the claim as text."""
    if "ratio" in check:
        ratio = float(check["ratio"])
        return ratio / TOLERANCE, ratio * TOLERANCE, fmt_ratio(ratio)
    if "ratio_range" in check:
        low, high = (float(v) for v in check["ratio_range"])
        return low / TOLERANCE, high * TOLERANCE, f"{significant(low)}{DASH}{significant(high)}{TIMES}"
    if check.get("direction_only"):
        return 1.0, math.inf, f"> 1{TIMES}"
    raise ClaimsError(f"check {check.get('what')!r} has no ratio, ratio_range or direction_only")


def _ratio_check(results: Results, base: dict[str, Any], check: dict[str, Any]) -> CheckResult:
    metric = str(check.get("metric", "time"))
    low, high, claimed = _claimed(check)
    fast_side, slow_side = _selectors(base, check["fast"]), _selectors(base, check["slow"])
    fast, why_fast = _find(results, fast_side, metric)
    slow, why_slow = _find(results, slow_side, metric)
    if fast is None or slow is None or fast <= 0:
        reason = "; ".join(filter(None, (why_fast, why_slow))) or "a zero measurement"
        return CheckResult(check["what"], claimed, DASH, Verdict.NOT_MEASURED, reason)
    ratio = slow / fast
    verdict = Verdict.REPRODUCED if ratio > 1 and low <= ratio <= high else Verdict.NOT_REPRODUCED
    detail = f"{_show(metric, slow)} / {_show(metric, fast)}; reproduced within {significant(low)}{DASH}"
    detail += "\u221e" if math.isinf(high) else f"{significant(high)}{TIMES}"
    detail = "; ".join(filter(None, (detail, _few_samples(results, fast_side + slow_side, metric))))
    return CheckResult(check["what"], claimed, fmt_ratio(ratio), verdict, detail)


def _order_check(results: Results, base: dict[str, Any], check: dict[str, Any]) -> CheckResult:
    metric = str(check.get("metric", "time"))
    claimed_order = [_selectors(base, entry) for entry in check["order"]]
    present: list[tuple[float, str]] = []
    missing: list[str] = []
    for selectors in claimed_order:
        value, why = _find(results, selectors, metric)
        if value is None:
            missing.append(f"{_name(selectors)} ({why})")
        else:
            present.append((value, _name(selectors)))
    claimed = " < ".join(_name(s) for s in claimed_order)
    absent = f"not measured: {', '.join(missing)}" if missing else ""
    if len(present) < 2:
        return CheckResult(
            check["what"], claimed, DASH, Verdict.NOT_MEASURED, absent or "fewer than two cases"
        )
    expected = [name for _, name in present]
    measured = [name for _, name in sorted(present)]
    verdict = Verdict.REPRODUCED if measured == expected else Verdict.NOT_REPRODUCED
    shown = " < ".join(f"{name} ({_show(metric, value)})" for value, name in sorted(present))
    few = _few_samples(results, [s for selectors in claimed_order for s in selectors], metric)
    return CheckResult(check["what"], claimed, shown, verdict, "; ".join(filter(None, (absent, few))))


def _check(results: Results, base: dict[str, Any], check: dict[str, Any]) -> CheckResult:
    if "metric" in check and check["metric"] not in _METRICS:
        raise ClaimsError(f"check {check.get('what')!r}: unknown metric {check['metric']!r}")
    return _order_check(results, base, check) if "order" in check else _ratio_check(results, base, check)


def _overall(checks: Sequence[CheckResult]) -> tuple[Verdict, str]:
    measured = [c for c in checks if c.verdict is not Verdict.NOT_MEASURED]
    if not measured:
        return Verdict.NOT_MEASURED, "no case of this work is in the published run"
    good = sum(c.verdict is Verdict.REPRODUCED for c in measured)
    verdict = Verdict.REPRODUCED if good == len(measured) else Verdict.NOT_REPRODUCED
    return verdict, f"{good} of {len(measured)} measured check(s) reproduced ({len(checks)} in all)"


def check_all(results: Results, claims: Sequence[dict[str, Any]]) -> list[ClaimResult]:
    found = []
    for claim in claims:
        head = (claim["id"], claim["source"], claim["claim"], claim["work"])
        if claim.get("not_measurable"):
            found.append(ClaimResult(*head, Verdict.NOT_MEASURABLE, str(claim["not_measurable"]), ()))
            continue
        checks = tuple(_check(results, claim.get("base", {}), c) for c in claim["check"])
        found.append(ClaimResult(*head, *_overall(checks), checks))
    return found
