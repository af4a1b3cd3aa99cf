"""filetree's own edge cases (schemas/filetree/README.md), beyond
//schemas/datagen:coverage_test."""

from typing import Any

import pytest

from schemas.datagen.registry import SIZES
from schemas.datagen.testing import built_records


def _depth(node: Any) -> int:
    return 1 + max((_depth(child) for child in node.get("contents", [])), default=0)


# The 100 records reach depth 4; no file goes deeper.
@pytest.mark.parametrize("size", [s for s in SIZES if s >= 100])
def test_filetree_depth_reaches_four_and_no_further(size: int) -> None:
    assert max(_depth(r) for r in built_records("filetree", size)) == 4
