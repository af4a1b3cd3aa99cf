"""What the pages count, defined once: every count on every page comes from here.

A measured case is a library case of the run (never the memcpy floor, shown beside them)
that has samples or a metric. A library is a serializer: a (language, library) with a
measured case in one of the catalog's formats; the Python suite's object-model stand-ins
(plain classes, dataclasses, attrs, the interpreter itself: format "python", timed for
create, compare and GC) are measured but are no serialization library.
"""

from runner.docs.results import Result, Results
from runner.records import Unmeasured
from schemas.catalog import catalog


def measured_cases(results: Results, lang: str) -> list[Result]:
    """The language's measured cases."""
    return [r for r in results.measured() if r.case.lang == lang and (r.case.samples_ns or r.case.metrics)]


def is_library(result: Result) -> bool:
    return result.case.format in catalog.FORMATS


def libraries(results: Results, lang: str) -> set[str]:
    """The serialization libraries of the language with at least one measured case."""
    return {r.case.lib for r in measured_cases(results, lang) if is_library(r)}


def stand_ins(results: Results, lang: str) -> set[str]:
    """The language's measured names that are no serialization library."""
    return {r.case.lib for r in measured_cases(results, lang)} - libraries(results, lang)


def left_out(results: Results, lang: str) -> set[str]:
    """The libraries the run lists for the language without measuring any of their cases
    (never built, or every case refused, failed or not applicable)."""
    named = {u.lib for u in results.snapshot.unmeasured if u.lang == lang and u.lib}
    return named - {r.case.lib for r in measured_cases(results, lang)}


def left_out_entries(results: Results, lang: str) -> list[Unmeasured]:
    """The run's entries of the language's left-out libraries, and those of no dataset
    page (the whole suite, a library's build)."""
    gone = left_out(results, lang)
    return [
        u
        for u in results.snapshot.unmeasured
        if u.lang == lang and (u.dataset is None or not u.lib or u.lib in gone)
    ]
