"""The project's one list of datasets, formats, operations, profiles and languages.

Everything that needs one of these lists reads it from catalog.json through this
module (Python), @serbench_catalog//:catalog.bzl (Starlark) or the constants
generate.py writes (C++, C#), so adding a dataset or a language is one entry there.
"""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("catalog.json")


@dataclass(frozen=True)
class Dataset:
    name: str
    kind: str  # synthetic | real_json | real_protobuf | real_large
    title: str
    sizes: tuple[int, ...]
    record: str | None = None  # the record type of a synthetic dataset's schemas
    idls: tuple[str, ...] = ()  # which schema languages its folder holds
    # What the access ops read of every record: dotted paths from the record type
    # (schemas/README.md, "Access fields"); synthetic datasets only.
    access: tuple[str, ...] = ()
    # A real document's one file, as a path from the workspace root (its runfile path).
    file: str = ""
    label: str = ""  # a few words for a page title (synthetic datasets: the docs' page per dataset)
    about: str = ""  # the paragraph the docs print above the dataset's results

    @property
    def synthetic(self) -> bool:
        return self.kind == "synthetic"


@dataclass(frozen=True)
class Named:
    """A format, operation or profile: its name and one line saying what it is."""

    name: str
    text: str
    published: bool = False  # profiles: may a run of it publish the docs


@dataclass(frozen=True)
class Format:
    name: str
    title: str
    idl: str | None = None  # the schema language of a code-generated format
    golden: bool = False  # the reference encoder writes golden vectors of it
    interop: bool = False  # a column of the interop matrix
    corpus: bool = False  # the robustness corpus mutates its golden vectors


@dataclass(frozen=True)
class Language:
    name: str
    title: str
    harness: str
    suite: str  # binaries, as paths below the runfiles' workspace folder
    interop: str
    robustness: str
    default_json: str  # the JSON library a reader of this language has by default
    # The variant of default_json that makes the call a program makes, with the library's
    # default settings ("" for the unsuffixed case); tuned calls are other variants.
    default_call: str


@dataclass(frozen=True)
class Catalog:
    sizes: tuple[int, ...]  # the record counts of every synthetic dataset
    datasets: tuple[Dataset, ...]
    formats: tuple[Format, ...]
    ops: tuple[Named, ...]
    profiles: tuple[Named, ...]
    default_profile: str
    languages: tuple[Language, ...]


def _dataset(entry: dict[str, Any], synthetic_sizes: tuple[int, ...]) -> Dataset:
    synthetic = entry["kind"] == "synthetic"
    return Dataset(
        name=entry["name"],
        kind=entry["kind"],
        title=entry["title"],
        sizes=synthetic_sizes if synthetic else (1,),
        record=entry.get("record"),
        idls=tuple(entry.get("idls", ())),
        access=tuple(entry.get("access", ())),
        file=entry.get("file", ""),
        label=entry.get("label", ""),
        about=entry.get("about", ""),
    )


def parse(document: dict[str, Any]) -> Catalog:
    sizes = tuple(document["synthetic_sizes"])
    return Catalog(
        sizes=sizes,
        datasets=tuple(_dataset(d, sizes) for d in document["datasets"]),
        formats=tuple(Format(**f) for f in document["formats"]),
        ops=tuple(Named(o["name"], o["definition"]) for o in document["ops"]),
        profiles=tuple(Named(p["name"], p["definition"], p["published"]) for p in document["profiles"]),
        default_profile=document["default_profile"],
        languages=tuple(Language(**lang) for lang in document["languages"]),
    )


@cache
def load(path: Path = PATH) -> Catalog:
    with path.open(encoding="utf-8") as f:
        return parse(json.load(f))


def dataset(name: str) -> Dataset:
    for entry in load().datasets:
        if entry.name == name:
            return entry
    raise KeyError(f"no dataset {name!r} in {PATH.name} ({', '.join(DATASETS)})")


def language(name: str) -> Language:
    for entry in load().languages:
        if entry.name == name:
            return entry
    raise KeyError(f"no language {name!r} in {PATH.name} ({', '.join(LANGUAGES)})")


DATASETS: tuple[str, ...] = tuple(d.name for d in load().datasets)
SYNTHETIC_DATASETS: tuple[str, ...] = tuple(d.name for d in load().datasets if d.synthetic)
REAL_DATASETS: tuple[str, ...] = tuple(d.name for d in load().datasets if not d.synthetic)
SIZES: tuple[int, ...] = load().sizes
FORMATS: tuple[str, ...] = tuple(f.name for f in load().formats)
GOLDEN_FORMATS: tuple[str, ...] = tuple(f.name for f in load().formats if f.golden)
INTEROP_FORMATS: tuple[str, ...] = tuple(f.name for f in load().formats if f.interop)
CORPUS_FORMATS: tuple[str, ...] = tuple(f.name for f in load().formats if f.corpus)
CODEGEN_FORMATS: tuple[str, ...] = tuple(f.name for f in load().formats if f.idl)
OPS: tuple[str, ...] = tuple(o.name for o in load().ops)
PROFILES: tuple[str, ...] = tuple(p.name for p in load().profiles)
PUBLISHED_PROFILES: tuple[str, ...] = tuple(p.name for p in load().profiles if p.published)
DEFAULT_PROFILE: str = load().default_profile
LANGUAGES: tuple[str, ...] = tuple(lang.name for lang in load().languages)
