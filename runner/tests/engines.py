"""The store's tests against both engines: SQLite files, and databases of a throwaway
PostgreSQL server (tools/pg-local) that the test session starts and stops itself.

The server's folder is a short one under the system's temporary folder, not TEST_TMPDIR:
its Unix socket's path must fit in 107 bytes, and its unprivileged owner must be able to
reach it (Bazel's TEST_TMPDIR sits under root's home).
"""

import itertools
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ENGINES = ("sqlite", "postgresql")
_NAMES = itertools.count()


def _pg_local() -> Path:
    here = Path(__file__).resolve().parent.parent.parent
    # In Bazel's runfiles the script is a link; outside Bazel, the source tree's copy.
    found = next((p for p in (Path("tools/pg-local"), here / "tools" / "pg-local") if p.exists()), None)
    assert found is not None, "tools/pg-local is missing from the test's data"
    return found


@pytest.fixture(scope="session", name="postgres_server")
def postgres_server_fixture() -> Iterator[str]:
    """The URL of a running throwaway server (its default database)."""
    folder = tempfile.mkdtemp(prefix="serbench-pg-", dir="/tmp")
    script = str(_pg_local())
    try:
        started = subprocess.run([script, "start", folder], capture_output=True, text=True, check=False)
        assert started.returncode == 0, started.stderr
        yield started.stdout.strip()
    finally:
        subprocess.run([script, "stop", folder], capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


def new_database(server: str) -> str:
    """The URL of a new, empty database on the server."""
    import psycopg

    name = f"test{next(_NAMES)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return server.replace("/serbench?", f"/{name}?")


def location(engine: str, request: pytest.FixtureRequest, tmp_path: Path, name: str = "s") -> str:
    """A new, empty store of this engine."""
    if engine == "postgresql":
        return new_database(request.getfixturevalue("postgres_server"))
    return str(tmp_path / f"{name}.sqlite")
