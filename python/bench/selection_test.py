"""Which cases a run selects and how they are grouped into jobs."""

from pathlib import Path

from bench import selection
from bench.cli import parse_cli
from bench.profiles import DECODE_ONLY
from serbench_py.registry import LIBRARIES


def test_listed_ids_are_read_one_a_line(tmp_path: Path) -> None:
    listed = tmp_path / "ids.txt"
    listed.write_text(" a \n\nb\n")
    assert selection.wanted(parse_cli(["--out", "o", "--cases", str(listed)])) == {"a", "b"}
    assert selection.wanted(parse_cli(["--out", "o"])) is None


def test_outside_the_full_profile_the_large_document_is_only_decoded() -> None:
    args = ["--out", "o", "--library", "orjson", "--dataset", DECODE_ONLY]
    quick = {p.case.op: p.not_measured for p in selection.selected(parse_cli(args), None)}
    assert quick["decode"] is None
    assert quick["encode"] and "only decode of packages" in quick["encode"]
    full = selection.selected(parse_cli([*args, "--profile", "full"]), None)
    assert all(p.not_measured is None for p in full)


def test_extras_come_with_a_whole_suite_or_one_library_run_or_by_id() -> None:
    pydantic = parse_cli(["--out", "o", "--library", "pydantic"])
    one_library = selection.selected_extras(pydantic, None)
    assert one_library and {extra.case.lib for _, extra in one_library} == {"pydantic"}
    one_dataset = parse_cli(["--out", "o", "--dataset", "user"])
    assert selection.selected_extras(one_dataset, None) == []
    index, extra = one_library[0]
    listed = selection.selected_extras(one_dataset, {extra.case.id})
    assert [(i, e.case) for i, e in listed] == [(index, extra.case)]


def test_jobs_are_the_timed_cases_grouped_by_dataset_each_with_its_unit() -> None:
    opts = parse_cli(["--out", "o", "--library", "flatbuffers", "--dataset", "order"])
    planned = selection.selected(opts, None)
    extra = selection.selected_extras(parse_cli(["--out", "o", "--library", "pydantic"]), None)[:1]
    groups = selection.jobs(planned, extra)
    assert list(groups) == ["order", f"extras/{extra[0][1].case.dataset}"]
    timed = [p for p in planned if p.not_applicable is None]
    assert [job.case_id for job in groups["order"]] == [p.case.id for p in timed]
    index = LIBRARIES.index(timed[0].library)
    assert {job.unit for job in groups["order"]} == {f"library/{index}/order"}
    assert groups[f"extras/{extra[0][1].case.dataset}"][0].unit == f"extra/{extra[0][0]}"
