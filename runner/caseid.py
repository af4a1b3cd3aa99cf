"""The canonical case id, parsed strictly.

`dataset=user/size=3/op=encode/format=protobuf/lib=protobuf[/variant=upb]` is
the same in every language and is the only place the runner learns what a
benchmark measured: it never guesses from file names or console text.
"""

import re
from dataclasses import dataclass

_REQUIRED = ("dataset", "size", "op", "format", "lib")
_OPTIONAL = ("variant",)
# Values are names, never paths or free text, so a stray separator shows up as an error
# (":" joins a user's document's dataset name, mine:<sha256 prefix>).
_VALUE = re.compile(r"[A-Za-z0-9_.+:-]+")


class CaseIdError(ValueError):
    """A benchmark name that is not a canonical case id."""


# The memcpy floor: a language that times a plain copy of a dataset's payload names it so.
MEMCPY_LIB = MEMCPY_OP = "memcpy"
MEMCPY_FORMAT = "raw"


@dataclass(frozen=True, order=True)
class CaseIdentity:
    lang: str
    lib: str
    format: str
    op: str
    dataset: str
    size: int
    variant: str = ""  # "" when the library has a single build

    @property
    def case_id(self) -> str:
        """The canonical id, without the language (it is the same across languages)."""
        text = f"dataset={self.dataset}/size={self.size}/op={self.op}/format={self.format}/lib={self.lib}"
        return text + (f"/variant={self.variant}" if self.variant else "")

    def __str__(self) -> str:
        return f"lang={self.lang}/{self.case_id}"


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in text.split("/"):
        key, sep, value = part.partition("=")
        if not sep or not _VALUE.fullmatch(value):
            raise CaseIdError(f"case id {text!r}: segment {part!r} is not key=value")
        if key in fields:
            raise CaseIdError(f"case id {text!r}: {key!r} given twice")
        if key not in _REQUIRED + _OPTIONAL:
            raise CaseIdError(f"case id {text!r}: unknown key {key!r}")
        fields[key] = value
    return fields


def parse_case_id(text: str, lang: str) -> CaseIdentity:
    """The identity of `text` measured in `lang`; CaseIdError if it is not canonical."""
    fields = _fields(text)
    missing = [key for key in _REQUIRED if key not in fields]
    if missing:
        raise CaseIdError(f"case id {text!r}: missing {', '.join(missing)}")
    if not fields["size"].isdigit():
        raise CaseIdError(f"case id {text!r}: size {fields['size']!r} is not a record count")
    return CaseIdentity(
        lang=lang,
        lib=fields["lib"],
        format=fields["format"],
        op=fields["op"],
        dataset=fields["dataset"],
        size=int(fields["size"]),
        variant=fields.get("variant", ""),
    )


def memcpy_floor(lang: str, dataset: str, size: int) -> CaseIdentity:
    """The memcpy floor's case for a language, dataset and size."""
    return CaseIdentity(lang, MEMCPY_LIB, MEMCPY_FORMAT, MEMCPY_OP, dataset, size)
