"""Case identity, shared with the other languages through the benchmark name."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from serbench_py.adapter import Library

LANG = "python"


@dataclass(frozen=True)
class Case:
    lib: str
    format: str
    op: str
    dataset: str
    size: int
    variant: str | None = None

    @classmethod
    def of(cls, library: "Library", op: str, dataset: str, size: int) -> "Case":
        return cls(library.lib, library.format, op, dataset, size, library.variant)

    @property
    def id(self) -> str:
        """The canonical case id: dataset=user/size=3/op=encode/format=protobuf/lib=protobuf."""
        parts = [
            f"dataset={self.dataset}",
            f"size={self.size}",
            f"op={self.op}",
            f"format={self.format}",
            f"lib={self.lib}",
        ]
        if self.variant:
            parts.append(f"variant={self.variant}")
        return "/".join(parts)

    def metadata(self) -> dict[str, str | int]:
        """The identity as separate fields (pyperf rejects empty metadata values)."""
        fields: dict[str, str | int] = {
            "lang": LANG,
            "lib": self.lib,
            "format": self.format,
            "op": self.op,
            "dataset": self.dataset,
            "size": self.size,
        }
        if self.variant:
            fields["variant"] = self.variant
        return fields
