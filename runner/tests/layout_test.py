"""runner/ stays readable at a glance: no import cycles, dependencies one way (the runner's
core never imports its docs generator; parsers never touch the store or the drivers)."""

import ast
import re
from pathlib import Path

RUNNER = Path(__file__).parent.parent
# Every package of runner/, its docs generator, cross-language drivers and tests included;
# not Debian's driver it links to, nor test data.
SOURCES = sorted(
    p for p in RUNNER.rglob("*.py") if p.relative_to(RUNNER).parts[0] not in ("debian_psycopg", "testdata")
)
# The programs at the top, which may reach up to the docs: the commands regenerate them after
# a run, the repeatability benchmark draws its cases from the published snapshot.
# The commands that write pages (runner all, runner mine) may import the docs; the core never.
COMMANDS = ("runner.all", "runner.cli", "runner.mine", "runner.benchmarks.")


def _module(path: Path) -> str:
    parts = ["runner", *path.relative_to(RUNNER).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, known: set[str]) -> set[str]:
    """The runner modules a file imports, anywhere in it (deferred imports count too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        found |= {name for name in names if name in known}
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in SOURCES}
    return {name: _imports(path, set(modules)) - {name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle, as the modules along it, or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_the_sources_are_found() -> None:
    names = {_module(p) for p in SOURCES}
    assert {"runner.all", "runner.cli", "runner.ingest", "runner.ingest.pyperf_json"} <= names
    assert {"runner.benchmarks.store", "runner.docs.generate", "runner.crosslang.interop.matrix"} <= names
    assert "runner.tests.layout_test" in names


def _is_test(name: str) -> bool:
    return name.endswith("_test") or ".tests." in name


def test_the_core_never_imports_the_docs() -> None:
    graph = _graph()
    core = [n for n in graph if not n.startswith(("runner.docs", *COMMANDS)) and not _is_test(n)]
    assert "runner.compare" in core
    reaching = {name: sorted(t for t in graph[name] if t.startswith("runner.docs")) for name in core}
    assert {name: found for name, found in reaching.items() if found} == {}


def test_no_import_cycle() -> None:
    assert _cycle(_graph()) == []


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


# The fuzz pass's module, which its parser still reads its format from; it leaves runner/
# with the rest of the robustness drivers.
_DRIVERS_READ = {"runner.crosslang.robustness.fuzzing"}


def test_parsers_never_touch_the_store_the_suites_or_the_drivers() -> None:
    graph = _graph()
    parsers = [name for name in graph if name.startswith("runner.ingest.") and name != "runner.ingest.load"]
    assert len(parsers) >= 8
    for name in parsers:
        assert not graph[name] & {"runner.store", "runner.suites", "runner.all", "runner.cli"}, name
        drivers = {t for t in graph[name] if t.startswith("runner.crosslang.") and not t.endswith(".schema")}
        assert drivers <= _DRIVERS_READ, name


def test_languages_and_profiles_are_the_catalogs() -> None:
    from runner import all as run_all
    from runner.suites import INTEROP_SIZES, SUITES
    from schemas.catalog import catalog

    assert tuple(s.lang for s in SUITES) == catalog.LANGUAGES
    assert [s.runfile for s in SUITES] == [f"serbench/{lang.suite}" for lang in catalog.load().languages]
    assert set(run_all.TIMEOUTS) == set(INTEROP_SIZES) == set(catalog.PROFILES)
    assert INTEROP_SIZES[catalog.DEFAULT_PROFILE] == ",".join(map(str, catalog.SIZES))


# SQL a module sends: a statement's opening words in a string of its code.
_SQL = re.compile(r"\b(SELECT .+ FROM|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE (TABLE|INDEX))\b")
# The store modules (store.py and store_*.py, with the migrations), and the store benchmark's one
# query of the server's own (its connection's process id, which it kills mid-push).
_SQL_HOMES = ("runner.store", "runner.migrations", "runner.benchmarks.store")


def _sends_sql(path: Path) -> bool:
    return any(
        isinstance(node, ast.Constant) and isinstance(node.value, str) and _SQL.search(node.value)
        for node in ast.walk(ast.parse(path.read_text()))
    )


def test_only_the_store_modules_write_sql() -> None:
    found = [
        _module(p)
        for p in SOURCES
        if "tests" not in p.relative_to(RUNNER).parts
        and not _module(p).startswith(_SQL_HOMES)
        and _sends_sql(p)
    ]
    assert found == []
