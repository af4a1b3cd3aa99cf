"""The catalog loads, its generated constants match it, and no other file spells its
lists again (the stray-copies check)."""

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from schemas.catalog import catalog
from schemas.catalog.generate import cc_header, cs_source

HERE = Path(__file__).parent  # in runfiles: the generated files sit beside it


def test_names_are_unique_and_lowercase() -> None:
    loaded = catalog.load()
    for names in (catalog.DATASETS, catalog.FORMATS, catalog.OPS, catalog.LANGUAGES, catalog.PROFILES):
        assert len(set(names)) == len(names)
        assert all(re.fullmatch(r"[a-z0-9_]+", n) for n in names), names
    assert catalog.DEFAULT_PROFILE in catalog.PUBLISHED_PROFILES
    assert loaded.sizes == (1, 100, 1000)
    assert catalog.dataset("order").sizes == loaded.sizes
    assert catalog.dataset("canada").sizes == (1,)


def test_unknown_names_say_what_exists() -> None:
    with pytest.raises(KeyError, match=r"no dataset 'nope'.*user"):
        catalog.dataset("nope")
    with pytest.raises(KeyError, match=r"no language 'go'.*python"):
        catalog.language("go")


def test_every_format_idl_is_a_schema_kind_of_every_synthetic_dataset() -> None:
    loaded = catalog.load()
    idls = {f"{f.name}" for f in loaded.formats}
    assert {"protobuf", "flatbuffers", "capnp", "thrift_binary"} <= idls
    for d in loaded.datasets:
        if d.synthetic:
            assert d.record and set(d.idls) == {"proto", "fbs", "capnp", "thrift"}
            assert d.access, f"{d.name}: no access fields"
            assert not d.file, f"{d.name}: a synthetic dataset has a file per size"
        else:
            assert not d.access, f"{d.name}: access fields are for synthetic records"
            assert d.file.startswith("schemas/"), f"{d.name}: a real document names its file"


def test_generated_constants_match_the_catalog() -> None:
    loaded = catalog.load()
    header = (HERE / "catalog.h").read_text(encoding="utf-8")
    source = (HERE / "Catalog.g.cs").read_text(encoding="utf-8")
    assert header == cc_header(loaded) and source == cs_source(loaded)
    assert 'kSyntheticDatasets = {"user", "order"' in header
    assert "Sizes { get; } = [1, 100, 1000]" in source


# --- no stray copies ---------------------------------------------------------------

# Source kinds that could spell a list (prose, data and generated docs do not count).
_SOURCE = re.compile(r"(\.(py|bzl|cs|h|cc|sh|j2|toml|csproj|props)|BUILD\.bazel|WORKSPACE)$")
_SKIP = ("docs/", "results/", "runner/testdata/", "schemas/catalog/")


def _repo_root() -> Path:
    # Runfiles link to the source tree; the catalog's real path leads back to it.
    return Path(os.path.realpath(HERE / "catalog.json")).parents[2]


def _tracked_sources(root: Path) -> Iterator[Path]:
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in listed:
        if _SOURCE.search(name) and not name.startswith(_SKIP) and (root / name).is_file():
            yield root / name


# A run of quoted names joined by commas (a list, tuple or array literal, over lines
# too), or the words of a shell `for x in a b c` loop. Mappings ("a": f) are wiring.
_RUN = re.compile(r"""["'][a-z0-9_]+["'](?:\s*,\s*["'][a-z0-9_]+["'])+""")
_SHELL = re.compile(r"\bin((?:[ \t]+[a-z0-9_]+){3,})")
_SIZES = re.compile(r"\b1\s*,\s*100\s*,\s*1_?,?000\b|\b1 100 1000\b")


# Folders whose files must not spell the ops or the real documents either (the languages
# still spelling them are not yet among them).
_READS_EVERY_LIST = ("python/",)


def stray_lists(text: str, every_list: bool = False) -> list[str]:
    """What `text` spells of the catalog's lists: three synthetic datasets, five
    formats or every language in one list, or the sizes in a row; with `every_list`,
    also four ops or three real documents in one list."""
    least = {
        "datasets": (set(catalog.SYNTHETIC_DATASETS), 3),
        "formats": (set(catalog.FORMATS), 5),
        "languages": (set(catalog.LANGUAGES), len(catalog.LANGUAGES)),
    }
    if every_list:
        least["ops"] = (set(catalog.OPS), 4)
        least["real documents"] = (set(catalog.REAL_DATASETS), 3)
    runs = [re.findall(r"[a-z0-9_]+", m.group(0)) for m in _RUN.finditer(text)]
    runs += [m.group(1).split() for m in _SHELL.finditer(text)]
    found = {
        f"{what}: {', '.join(sorted(names & set(run)))}"
        for run in runs
        for what, (names, n) in least.items()
        if len(names & set(run)) >= n
    }
    if _SIZES.search(text):
        found.add("sizes")
    return sorted(found)


def test_stray_check_finds_lists() -> None:
    assert stray_lists('DATASETS = [\n  "user",\n  "order",\n  "filetree",\n]\n')
    assert stray_lists("for d in user order filetree game; do")
    assert stray_lists("SIZES = [1, 100, 1000]")
    assert stray_lists('LANGS = ("python", "dotnet", "cpp")')
    assert not stray_lists('WIRED = {"python": 1, "dotnet": 2, "cpp": 3}')
    assert not stray_lists('dataset = "order"  # one name is a use, not a list')
    ops = 'OPS = ("encode", "decode", "roundtrip", "access_full", "access_lazy", "convert")'
    assert stray_lists(ops, every_list=True)[0].startswith("ops: access_full, access_lazy, convert")
    assert not stray_lists(ops)
    assert not stray_lists('OPS = ("encode", "decode", "roundtrip")', every_list=True)
    documents = 'REAL_JSON = ("twitter", "citm_catalog", "canada")'
    assert stray_lists(documents, every_list=True) == ["real documents: canada, citm_catalog, twitter"]


def test_no_stray_copies_of_the_catalog() -> None:
    root = _repo_root()
    if not (root / ".git").exists():
        pytest.skip(f"no git checkout at {root}")  # a source archive: no file list to check
    spelled = {}
    for path in _tracked_sources(root):
        name = str(path.relative_to(root))
        text = path.read_text(encoding="utf-8", errors="replace")
        spelled[name] = stray_lists(text, every_list=name.startswith(_READS_EVERY_LIST))
    found = [f"  {name}: {lists}" for name, lists in sorted(spelled.items()) if lists]
    assert not found, "lists the catalog holds, spelled again (read schemas/catalog):\n" + "\n".join(found)


def test_catalog_json_is_the_only_list_source() -> None:
    document = json.loads((HERE / "catalog.json").read_text(encoding="utf-8"))
    assert [d["name"] for d in document["datasets"]] == list(catalog.DATASETS)
