"""The robustness page: how every decoder met the malformed-input corpus.

Built from the snapshot's aggregates (outcome counts per decoder and mutation kind,
median time to reject, the reproducing inputs); see runner/crosslang/robustness for the corpus
and the driver, and the methodology page for the classification.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from runner.docs import charts
from runner.docs.page import Chart, Page, Provenance
from runner.docs.results import DASH, FORMAT_NAMES, LANG_NAMES, LANGS, fmt_time
from runner.docs.snapshot import FuzzDecoder, FuzzFinding, RobustnessCorpus, RobustnessDecoder, Snapshot
from runner.stats import counted
from tools.robustness.schema import MUTATIONS, OUTCOMES

# The names and chart colours of the protocol's six outcome classes (Okabe-Ito: green
# for the clean error, warm colours for the unsafe ones).
OUTCOME_NAMES = {
    "clean_error": "clean error",
    "accepted_equal": "accepted equal",
    "accepted_different": "accepted different",
    "crash": "crash",
    "hang": "hang",
    "memory_blowup": "memory blow-up",
}
OUTCOME_COLOURS = {
    "clean_error": "#009E73",
    "accepted_equal": "#56B4E9",
    "accepted_different": "#E69F00",
    "crash": "#D55E00",
    "hang": "#CC79A7",
    "memory_blowup": "#333333",
}
UNSAFE = ("crash", "hang", "memory_blowup")
# Short names for the per-mutation cells, where six words would not fit.
SHORT = {
    "clean_error": "err",
    "accepted_equal": "eq",
    "accepted_different": "diff",
    "crash": "crash",
    "hang": "hang",
    "memory_blowup": "oom",
}
ZERO_COPY = ("flatbuffers", "capnp")


def anchor(lang: str) -> str:
    """The id of a language's section of outcomes per decoder (other pages link to it)."""
    return f"decoders-{lang}"


def verdict(decoders: Sequence[RobustnessDecoder], lang: str, lib: str, fmt: str) -> str:
    """How a library's decoders of one format fared on the corpus, in a few words after the
    library's name: its crashes, hangs and memory blow-ups per decoder, or none."""
    members = sorted((d for d in decoders if (d.lang, d.lib, d.format) == (lang, lib, fmt)), key=_key)
    if not members:
        return "not in the robustness table"
    # The caller names the library: a decoder is told apart only by its setting.
    unsafe = [
        ", ".join(f"{OUTCOME_NAMES[o]} on {counted(d.total(o), 'input')}" for o in UNSAFE if d.total(o))
        + (f" ({d.variant})" if d.variant else "")
        for d in members
        if any(d.total(o) for o in UNSAFE)
    ]
    inputs = sum(d.inputs for d in members)
    said = "; ".join(unsafe) if unsafe else f"no crash, hang or memory blow-up in {counted(inputs, 'input')}"
    unsent = sorted({ds for d in members for ds in d.not_fed})
    return said + (f" (no {', '.join(unsent)} input: not modelled)" if unsent else "")


def _not_fed(d: RobustnessDecoder) -> str:
    """The inputs a decoder was not sent, per dataset its worker does not model."""
    return ", ".join(f"{d.not_fed[ds]:,} {ds}" for ds in sorted(d.not_fed))


def _order(values: Iterable[str], preferred: Sequence[str]) -> list[str]:
    found = set(values)
    return [v for v in preferred if v in found] + sorted(found - set(preferred))


def _name(d: RobustnessDecoder) -> str:
    return d.lib + (f" ({d.variant})" if d.variant else "")


def _key(d: RobustnessDecoder | FuzzDecoder) -> tuple[int, str, str, str, str]:
    return (LANGS.index(d.lang) if d.lang in LANGS else len(LANGS), d.lang, d.format, d.lib, d.variant)


def _row(d: RobustnessDecoder) -> dict[str, Any]:
    return {
        "lang": LANG_NAMES.get(d.lang, d.lang),
        "decoder": _name(d),
        "format": d.format,
        "version": d.version or DASH,
        "inputs": d.inputs,
        "counts": [d.total(o) for o in OUTCOMES],
        "reject": fmt_time(d.reject_ns_all),
        "unsafe": any(d.total(o) for o in UNSAFE),
    }


def _mutation_cell(counts: dict[str, int] | None) -> str:
    if not counts:
        return DASH
    return ", ".join(f"{counts[o]} {SHORT[o]}" for o in _order(counts, OUTCOMES) if counts[o])


def _by_format(decoders: Sequence[RobustnessDecoder]) -> list[dict[str, Any]]:
    """Per format: decoders x mutation kinds, outcome counts and time to reject."""
    sections = []
    for fmt in _order((d.format for d in decoders), list(FORMAT_NAMES)):
        members = sorted((d for d in decoders if d.format == fmt), key=_key)
        kinds = _order((m for d in members for m in d.outcomes), MUTATIONS)
        rows = [
            {
                "decoder": f"{LANG_NAMES.get(d.lang, d.lang)} · {_name(d)}",
                "outcomes": [_mutation_cell(d.outcomes.get(m)) for m in kinds],
                "reject": [fmt_time(d.reject_ns.get(m)) for m in kinds],
            }
            for d in members
        ]
        sections.append({"format": fmt, "name": FORMAT_NAMES.get(fmt, fmt), "kinds": kinds, "rows": rows})
    return sections


def _per_format_text(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {value[k]}" for k in _order(value, MUTATIONS))
    return str(value)


def _corpus(corpus: RobustnessCorpus | None) -> dict[str, Any] | None:
    if corpus is None:
        return None
    return {
        "corpus": corpus,
        "per_format": [(f, _per_format_text(v)) for f, v in sorted(corpus.per_format.items())],
        "not_applicable": [
            (fmt, kind, why)
            for fmt, kinds in sorted(corpus.not_applicable.items())
            for kind, why in sorted(kinds.items())
        ],
    }


def _language(
    lang: str, members: Sequence[RobustnessDecoder], provenance: Provenance
) -> tuple[dict[str, Any], Chart]:
    path = f"charts/robustness/{lang}.svg"
    stacks = [
        charts.Stack(f"{_name(d)} · {d.format}", tuple((o, d.total(o)) for o in OUTCOMES)) for d in members
    ]
    title = f"{LANG_NAMES.get(lang, lang)}: outcomes per decoder on malformed input"
    chart = Chart(
        path, lambda: charts.stacked_chart(stacks, OUTCOME_COLOURS, OUTCOME_NAMES, title, provenance)
    )
    rows = [_row(d) for d in members]
    return {
        "lang": lang,
        "name": LANG_NAMES.get(lang, lang),
        "anchor": anchor(lang),
        "chart": path,
        "rows": rows,
        "not_fed": [(f"{_name(d)} · {d.format}", _not_fed(d)) for d in members if d.not_fed],
    }, chart


def _fuzz_name(d: FuzzDecoder | FuzzFinding) -> str:
    return f"{LANG_NAMES.get(d.lang, d.lang)} · {d.lib}" + (f" ({d.variant})" if d.variant else "")


def _fuzz(snapshot: Snapshot) -> dict[str, Any] | None:
    """The latest fuzz pass: a coverage line per decoder, and its findings."""
    if not snapshot.fuzz:
        return None
    versions = {(d.lang, d.lib, d.variant, d.format): d.version for d in snapshot.fuzz}
    order = {(d.lang, d.lib, d.variant, d.format): i for i, d in enumerate(sorted(snapshot.fuzz, key=_key))}
    findings = sorted(
        snapshot.fuzz_findings, key=lambda f: (order.get((f.lang, f.lib, f.variant, f.format), 0), f.kind)
    )
    return {
        "run_id": snapshot.fuzz[0].run_id,
        "decoders": [{"name": _fuzz_name(d), "d": d} for d in sorted(snapshot.fuzz, key=_key)],
        "findings": [
            {
                "name": _fuzz_name(f),
                "f": f,
                "kind": OUTCOME_NAMES.get(f.kind, f.kind),
                "version": versions.get((f.lang, f.lib, f.variant, f.format), DASH),
                "replayed": ", ".join(OUTCOME_NAMES.get(o, o) for o in f.replayed.split(",") if o) or DASH,
            }
            for f in findings
        ],
    }


def page(snapshot: Snapshot, provenance: Provenance) -> Page:
    decoders = sorted(snapshot.robustness, key=_key)
    result = Page("robustness.md", "robustness.md.j2", {})
    languages = []
    for lang in _order((d.lang for d in decoders), LANGS):
        section, chart = _language(lang, [d for d in decoders if d.lang == lang], provenance)
        languages.append(section)
        result.charts.append(chart)
    found = sorted(snapshot.robustness_repro, key=lambda r: (r.outcome, r.lang, r.lib, r.variant, r.format))
    repro = [
        {
            "outcome": OUTCOME_NAMES.get(r.outcome, r.outcome),
            "lang": LANG_NAMES.get(r.lang, r.lang),
            "repro": r,
        }
        for r in found
    ]
    result.context = {
        "outcomes": [OUTCOME_NAMES[o] for o in OUTCOMES],
        "languages": languages,
        "formats": _by_format(decoders),
        "zero_copy": [_row(d) for d in decoders if d.format in ZERO_COPY],
        "repro": repro,
        "corpus": _corpus(snapshot.robustness_corpus),
        "short": [(SHORT[o], OUTCOME_NAMES[o]) for o in OUTCOMES],
        "unsafe": sum(1 for d in decoders if any(d.total(o) for o in UNSAFE)),
        "decoders": len(decoders),
        "fuzz": _fuzz(snapshot),
    }
    return result
