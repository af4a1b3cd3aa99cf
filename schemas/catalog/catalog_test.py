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
# A run of Bazel labels ("//cpp/bench", "//dotnet/bench:bench", ...): language targets when
# they name every language (@serbench_catalog's LANGUAGE_TARGETS has them). A label is the
# language whose home (the folder its binaries share) is the longest start of its package.
_LABELS = re.compile(r""""//[\w/:.-]+"(?:\s*,\s*"//[\w/:.-]+")+""")
_HOMES = {
    os.path.commonpath([os.path.dirname(b) for b in binaries]): lang.name
    for lang in catalog.load().languages
    if (binaries := [b for b in (lang.suite, lang.interop, lang.robustness) if b])
}


def _language(label: str) -> str | None:
    package = label.split(":")[0]
    homes = [home for home in _HOMES if package == home or package.startswith(home + "/")]
    return _HOMES[max(homes, key=len)] if homes else None


# A quoted name followed on its line by its file (".../twitter.json"): a map from real
# documents to their files is a list of them too.
_NAMED_FILE = re.compile(r"""["']([a-z0-9_]+)["'][^\n]*?/\1\.\w+""")


# Folders whose files must not spell the ops or the real documents either (C++ adapters
# declare which ops each library has: a subset by nature).
_READS_EVERY_LIST = ("python/", "runner/", "cpp/bench/", "dotnet/", "tools/")


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
    labels = [{_language(x) for x in re.findall(r'"//([\w/]+)', m.group(0))} for m in _LABELS.finditer(text)]
    found = {
        f"{what}: {', '.join(sorted(names & set(run)))}"
        for run in runs
        for what, (names, n) in least.items()
        if len(names & set(run)) >= n
    }
    documents = set(catalog.REAL_DATASETS) & set(_NAMED_FILE.findall(text))
    if every_list and len(documents) >= 3:
        found.add(f"real documents: {', '.join(sorted(documents))}")
    found |= {
        f"language targets: {', '.join(sorted(set(catalog.LANGUAGES)))}"
        for run in labels
        if set(catalog.LANGUAGES) <= run
    }
    if _SIZES.search(text):
        found.add("sizes")
    return sorted(found)


def test_stray_check_finds_lists() -> None:
    assert stray_lists('DATASETS = [\n  "user",\n  "order",\n  "filetree",\n]\n')
    assert stray_lists("for d in user order filetree game; do")
    assert stray_lists("SIZES = [1, 100, 1000]")
    assert stray_lists('LANGS = ("python", "dotnet", "cpp", "mono")')
    assert not stray_lists('WIRED = {"python": 1, "dotnet": 2, "cpp": 3}')
    assert not stray_lists('dataset = "order"  # one name is a use, not a list')
    ops = 'OPS = ("encode", "decode", "roundtrip", "access_full", "access_lazy", "convert")'
    assert stray_lists(ops, every_list=True)[0].startswith("ops: access_full, access_lazy, convert")
    assert not stray_lists(ops)
    assert not stray_lists('OPS = ("encode", "decode", "roundtrip")', every_list=True)
    documents = 'REAL_JSON = ("twitter", "citm_catalog", "canada")'
    assert stray_lists(documents, every_list=True) == ["real documents: canada, citm_catalog, twitter"]
    files = '{"twitter", "json", "real/twitter.json"},\n["canada"] = "real/canada.json",\n'
    assert not stray_lists(files, every_list=True)  # two
    files += '{"citm_catalog", "real/citm_catalog.json"}'
    assert stray_lists(files, every_list=True) == ["real documents: canada, citm_catalog, twitter"]
    assert not stray_lists(files)
    assert not stray_lists('"twitter" "canada" "citm_catalog" named in a test', every_list=True)
    labels = ["//cpp/bench", "//dotnet/bench:bench", "//dotnet/mono:bench", "//python/bench"]
    targets = "BINARIES = [\n" + "".join(f'    "{label}",\n' for label in labels) + "]"
    assert stray_lists(targets) == ["language targets: cpp, dotnet, mono, python"]
    assert not stray_lists('FUZZ = ["//cpp/fuzz:all", "//python/fuzz:all"]')


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


# --- package versions: dotnet/Directory.Packages.props pins each C# library's package ---

_PINS = "dotnet/Directory.Packages.props"
_PIN = re.compile(r'<LibraryPackage Include="([^"]+)" Pin="([^"]+)"')


def stray_versions(text: str, pins: dict[str, str]) -> list[str]:
    """The pins `text` spells again: a package named with its version, or the version quoted."""
    return [
        f"{package} {version}"
        for package, version in sorted(pins.items())
        if re.search(rf"{re.escape(package)}\s+{re.escape(version)}\b|[\"']{re.escape(version)}[\"']", text)
    ]


def test_stray_check_finds_versions() -> None:
    pins = {"MemoryPack": "1.21.4", "msgpack.light": "1.4.0"}
    assert stray_versions("| MemoryPack 1.21.4 | codegen |", pins) == ["MemoryPack 1.21.4"]
    assert stray_versions('Assert.Equal("1.4.0", versions["msgpack_light/"]);', pins) == [
        "msgpack.light 1.4.0"
    ]
    assert not stray_versions("| MemoryPack | codegen | pinned in Directory.Packages.props", pins)


def test_no_stray_copies_of_the_package_versions() -> None:
    root = _repo_root()
    if not (root / ".git").exists():
        pytest.skip(f"no git checkout at {root}")
    pins = dict(_PIN.findall((root / _PINS).read_text(encoding="utf-8")))
    assert len(pins) >= 8, "the pins are no longer LibraryPackage items: update _PIN"
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard", "dotnet"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    found = [
        f"  {name}: {versions}"
        for name in listed
        if name != _PINS and not name.endswith("packages.lock.json") and (root / name).is_file()
        for versions in [stray_versions((root / name).read_text(encoding="utf-8", errors="replace"), pins)]
        if versions
    ]
    assert not found, f"package versions pinned in {_PINS}, spelled again:\n" + "\n".join(found)
