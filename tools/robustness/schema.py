"""The robustness output file's shape (README.md), checked field by field: the
runner ingests it, and every language's smoke test validates it."""

from typing import Any

SCHEMA = "serbench-robustness/1"
OUTCOMES = ("clean_error", "accepted_equal", "accepted_different", "crash", "hang", "memory_blowup")
# Outcomes that keep a reproducing input.
FINDINGS = ("crash", "hang", "memory_blowup")
EXPECTS = ("fixture", "accept", "reject")
# The corpus's mutation kinds (README.md), in the order the corpus makes them.
MUTATIONS = (
    "none", "truncate", "bitflip", "insert", "delete", "length_lie", "deep_nesting",
    "wrong_type", "invalid_utf8", "duplicate_key", "jsonchecker", "edge_document", "fuzz_reproducer",
)  # fmt: skip
# The kind of the inputs kept from fuzzing (reproducers/), not made by a mutator.
FUZZ_REPRODUCER = "fuzz_reproducer"

_DECODER = {
    "lang": str,
    "lib": str,
    "variant": (str, type(None)),
    "format": str,
    "version": str,
    "schemaless": bool,
    # The datasets its worker binds (null: every one), and per other dataset the inputs of
    # its format it was therefore not sent.
    "datasets": (list, type(None)),
    "not_fed": dict,
}
_RESULT = {
    "lang": str, "lib": str, "variant": (str, type(None)), "format": str, "input": str,
    "dataset": (str, type(None)), "size": (int, type(None)), "mutation": str, "expect": str,
    "outcome": str, "detail": str, "ns": (int, type(None)),
}  # fmt: skip
_REPRO = {
    "lang": str, "lib": str, "variant": (str, type(None)), "format": str, "input": str,
    "outcome": str, "sha256": str, "file": str,
}  # fmt: skip
_CORPUS = {
    "name": str,
    "seed": int,
    "manifest_sha256": str,
    "inputs": int,
    "per_format": dict,
    "not_applicable": dict,
}
_LIMITS = {"timeout_s": (int, float), "memory_mib": int}
_TOP = {"schema": str, "corpus": dict, "limits": dict, "decoders": list, "results": list, "repro": list}


def record_errors(where: str, value: Any, shape: dict[str, Any]) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: not an object"]
    errors = [f"{where}: keys {sorted(value)} != {sorted(shape)}"] if value.keys() != shape.keys() else []
    for key, kind in shape.items():
        if key in value and (
            not isinstance(value[key], kind) or (kind is int and isinstance(value[key], bool))
        ):
            errors.append(f"{where}.{key}: {value[key]!r} has the wrong type")
    return errors


def _listed(where: str, items: list[Any], shape: dict[str, Any]) -> list[str]:
    return [e for i, item in enumerate(items) for e in record_errors(f"{where}[{i}]", item, shape)]


def validate(doc: Any) -> list[str]:
    """Every way `doc` departs from the output schema (empty when valid)."""
    errors = record_errors("$", doc, _TOP)
    if errors:
        return errors
    if doc["schema"] != SCHEMA:
        errors.append(f"$.schema: {doc['schema']!r} != {SCHEMA!r}")
    errors += record_errors("$.corpus", doc["corpus"], _CORPUS) + record_errors(
        "$.limits", doc["limits"], _LIMITS
    )
    errors += _listed("$.decoders", doc["decoders"], _DECODER)
    errors += _listed("$.results", doc["results"], _RESULT) + _listed("$.repro", doc["repro"], _REPRO)
    for i, r in enumerate(doc["results"]):
        if isinstance(r, dict) and r.get("outcome") not in OUTCOMES:
            errors.append(f"$.results[{i}].outcome: {r.get('outcome')!r} is not one of {OUTCOMES}")
        if isinstance(r, dict) and r.get("expect") not in EXPECTS:
            errors.append(f"$.results[{i}].expect: {r.get('expect')!r} is not one of {EXPECTS}")
    for i, r in enumerate(doc["repro"]):
        if isinstance(r, dict) and r.get("outcome") not in FINDINGS:
            errors.append(f"$.repro[{i}].outcome: {r.get('outcome')!r} is not one of {FINDINGS}")
    return errors
