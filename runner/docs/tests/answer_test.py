"""The landing page's answer (runner/docs/answer.py): a use is what the program gets, lazy
against lazy, ties within the noise, judged across every comparison."""

import dataclasses
import random
import re
import zlib
from collections.abc import Mapping

from runner.docs import answer
from runner.docs.overview import noise_sentence
from runner.docs.results import Results, listed
from runner.docs.snapshot import Case
from runner.docs.tests.synthetic import snapshot
from runner.ingest.json_shape import KEYED_METRIC
from schemas.catalog import catalog

SIZES = answer.VERDICT_SIZES
DATASETS = catalog.SYNTHETIC_DATASETS[:3]
JSON_TYPED = {"validates": True, "schemaless": False}
SCHEMALESS = {"schemaless": True}


@dataclasses.dataclass(frozen=True)
class Kind:
    """What a made-up library's cases carry beside their times."""

    caps: dict[str, bool] = dataclasses.field(default_factory=lambda: JSON_TYPED)
    metrics: dict[str, float] = dataclasses.field(default_factory=dict)
    lazy: str = ""


def _case(
    lib: str, variant: str, fmt: str, op: str, at: tuple[str, int], per_record: float, kind: Kind
) -> Case:
    dataset, size = at
    rng = random.Random(zlib.crc32(repr((lib, variant, op, dataset, size)).encode()))
    samples = tuple(per_record * size * rng.lognormvariate(0, 0.02) for _ in range(10))
    rounds = tuple(range(10))
    return Case(
        "python",
        lib,
        fmt,
        op,
        dataset,
        size,
        variant,
        "1",
        kind.caps,
        samples,
        kind.metrics,
        rounds,
        kind.lazy,
    )


def _library(
    lib: str,
    variant: str,
    fmt: str,
    per_record: float | Mapping[str, float],  # one time for every dataset, or each dataset's
    ops: tuple[str, ...] = ("encode", "decode", "roundtrip"),
    kind: Kind = Kind(),
) -> list[Case]:
    times = per_record if isinstance(per_record, Mapping) else dict.fromkeys(DATASETS, per_record)
    return [
        _case(lib, variant, fmt, op, (d, s), times[d], kind) for op in ops for d in DATASETS for s in SIZES
    ]


def _verdicts(*libraries: list[Case], noise: float = 0.05) -> dict[str, answer.Verdict]:
    data = dataclasses.replace(snapshot(), cases=tuple(c for lib in libraries for c in lib))
    return {v.use.name: v for v in answer.verdicts(Results(data), {"python": noise})}


def test_the_fastest_is_named_alone_only_beyond_the_noise() -> None:
    found = _verdicts(
        _library("msgspec", "struct", "json", 900.0),
        _library("pydantic", "v2", "json", 9000.0),
        _library("json", "default", "json", 4000.0, kind=Kind(SCHEMALESS)),
    )["typed JSON API payloads"]
    assert found.tied == [("msgspec", "struct", "json")] and found.wins == 6 and found.comparisons == 6
    lead = found.leads[("pydantic", "v2", "json")]
    assert lead is not None and 9.5 < lead.lo < lead.ratio < lead.hi < 10.5 and lead.n == 6
    row = found.row()
    assert row["best"] == "**msgspec (struct) · JSON**" and "vs pydantic (v2) · JSON" in row["runner_up"]
    assert row["baseline"].startswith("4.") and row["baseline"].endswith("vs json (default) · JSON")
    assert found.cell().endswith("fastest in 6 of 6")


def test_libraries_within_the_noise_are_a_tie() -> None:
    libraries = (
        _library("orjson", "schemaless", "json", 1000.0, kind=Kind(SCHEMALESS)),
        _library("msgspec", "schemaless", "json", 1100.0, kind=Kind(SCHEMALESS)),
    )
    tied = _verdicts(*libraries, noise=0.12)["schema-less JSON"]
    assert [e[0] for e in tied.tied] == ["orjson", "msgspec"] and tied.cell().startswith("tie: **orjson")
    # The same data with a smaller noise (at least the default minimum effect, 5%): orjson's
    # 10% lead is beyond it.
    assert _verdicts(*libraries, noise=0.01)["schema-less JSON"].tied == [("orjson", "schemaless", "json")]


def test_a_lead_carried_by_part_of_the_data_depends_on_the_data() -> None:
    binary = Kind(SCHEMALESS)
    # "lead" is 3x faster on filetree, slower than "other" on user by 20%: ahead on average only.
    two = (
        _library("lead", "", "msgpack", {"user": 100.0, "order": 100.0, "filetree": 30.0}, kind=binary),
        _library("other", "", "cbor", {"user": 80.0, "order": 110.0, "filetree": 100.0}, kind=binary),
    )
    found = _verdicts(*two, _library("slow", "", "pickle", 400.0, kind=binary))["compact binary"]
    lead, other = ("lead", "", "msgpack"), ("other", "", "cbor")
    assert found.best == lead and found.decisive(found.leads[other])
    assert found.beaten == {other: [("user", 100), ("user", 1000)], ("slow", "", "pickle"): []}
    assert found.named == [lead, other] and found.kind == "depends on the data: "
    assert found.row()["best"] == "depends on the data: **lead · MessagePack** and **other · CBOR**"
    assert found.cell().endswith(
        "<br>lead leads over 6 comparisons, yet is slower, beyond Python's run-to-run noise (5.0%), "
        "than other in 2"
    )
    assert found.notes() == [
        "*compact binary* depends on the data: lead leads across it, yet is slower, beyond "
        "Python's run-to-run noise (5.0%), than other on user at 100 and 1,000 records."
    ]
    # Within a noise of 25% the 20% is no longer a loss, and the lead (about 1.4x) still holds.
    alone = _verdicts(*two, noise=0.25)["compact binary"]
    assert alone.named == [lead] and alone.kind == "" and alone.notes() == []


def test_typed_json_ranks_only_the_keyed_payload() -> None:
    keyed = Kind(metrics={KEYED_METRIC: 1.0})
    found = _verdicts(
        _library("msgspec", "struct_array", "json", 300.0, kind=Kind(metrics={KEYED_METRIC: 0.0})),
        _library("msgspec", "struct", "json", 900.0, kind=keyed),
        _library("mashumaro", "dataclass", "json", 3000.0, kind=keyed),
    )["typed JSON API payloads"]
    assert found.best == ("msgspec", "struct", "json")
    assert found.left_out == [
        "msgspec (struct_array) · JSON: not the fixture's tree of objects keyed by field name on "
        + listed(sorted(DATASETS))
    ]
    assert "not ranked: msgspec (struct_array)" in found.notes()[0]


def test_a_use_no_library_qualifies_for_says_why() -> None:
    array_like = _library("msgspec", "struct_array", "json", 300.0, kind=Kind(metrics={KEYED_METRIC: 0.0}))
    data = dataclasses.replace(snapshot(), cases=tuple(array_like))
    found = {v.use.name: v for v in answer.judged(Results(data), {})}
    unranked = found["typed JSON API payloads"]
    assert isinstance(unranked, answer.Unranked) and "typed JSON API payloads" not in {
        v.use.name for v in answer.verdicts(Results(data), {})
    }
    assert unranked.cell() == "none qualifies (1 measured: see Python's notes)"
    assert unranked.notes() == [
        "*typed JSON API payloads*, no library qualifies: msgspec (struct_array) · JSON: not the fixture's "
        f"tree of objects keyed by field name on {listed(sorted(DATASETS))}."
    ]


def test_lazy_reads_rank_among_themselves_and_against_the_best_full_read() -> None:
    lazy = Kind({"zero_copy": True}, lazy="reads in place")
    found = _verdicts(
        _library("pycapnp", "", "capnp", 50.0, ops=("access_lazy",), kind=lazy),
        _library(
            "flatbuffers",
            "",
            "flatbuffers",
            200.0,
            ops=("access_lazy", "access_full"),
            kind=Kind({"zero_copy": True}),
        ),
        _library("protobuf", "upb", "protobuf", 25.0, ops=("access_full",), kind=Kind({})),
        _library("json", "default", "json", 5.0, kind=Kind(SCHEMALESS)),  # never the lazy use's yardstick
    )["zero-copy reads"]
    assert found.best == ("pycapnp", "", "capnp") and list(found.leads) == [
        ("flatbuffers", "", "flatbuffers")
    ]
    assert re.match(
        r"protobuf \(upb\) · Protocol Buffers is faster: (1\.9\d|2\.0\d)", found.row()["baseline"]
    )
    assert (
        "a full decode-and-read (protobuf (upb) · Protocol Buffers) is faster than every lazy read"
        in found.notes()[0]
    )


def test_an_entry_measured_on_part_of_the_data_is_not_ranked() -> None:
    partial = [c for c in _library("pyarrow", "ipc", "arrow", 10.0) if c.dataset == "user"]
    found = _verdicts(partial, _library("msgpack", "schemaless", "msgpack", 500.0, kind=Kind(SCHEMALESS)))[
        "compact binary"
    ]
    assert found.best == ("msgpack", "schemaless", "msgpack")
    assert found.left_out == ["pyarrow (ipc) · Arrow IPC: measured on part of the comparisons"]


def test_the_default_json_call_is_named_when_best_or_missing() -> None:
    found = _verdicts(_library("json", "default", "json", 900.0, kind=Kind(SCHEMALESS)))["schema-less JSON"]
    assert found.row()["baseline"] == "is the default"
    absent = _verdicts(_library("orjson", "schemaless", "json", 900.0, kind=Kind(SCHEMALESS)))[
        "schema-less JSON"
    ]
    assert absent.row()["baseline"] == "json (default) · JSON: not in this run"


def test_the_noise_sentence_names_the_languages_on_the_default() -> None:
    runs = "repeatability runs A and B"
    measured = {"python": 0.277, "cpp": 0.049}
    assert noise_sentence(["python", "cpp", "mono"], measured, runs) == (
        "Python 27.7%: how far 95% of cases' times moved between the repeatability runs A and B;"
        " C++, C# on Mono 6.8: 5.0%, the default minimum effect, as those runs moved them less"
        " or did not measure them"
    )
    assert noise_sentence(["cpp"], {"cpp": 0.049}, runs) == (
        "C++: 5.0%, the default minimum effect, as the repeatability runs A and B moved them"
        " less or did not measure them"
    )
    assert noise_sentence(["python", "cpp"], {}, "") == (
        "Python, C++: 5.0%, the default minimum effect, no repeatability report of this machine"
    )
