"""The message of msgspec's serialization benchmarks (bench_validation, bench_encodings):
one file system tree, drawn the way its generate_data.py draws it.

The tree is one root directory of `nodes` nodes in all. Each directory, when made, draws
0-30 children (fewer once the budget runs out); a child is a directory one time in five
and is filled at once, before its next sibling, so the tree runs deep (about 50 levels at
1,000 nodes). Names are 4-30 ASCII letters, users one of 26 first names, timestamps whole
seconds between 2018 and 2023 in UTC, written by `datetime.isoformat` (+00:00); one node in
four has both `updated_by` and `updated_at` (no earlier than `created_at`); files have
`nbytes` 0..1,000,000 and a permission. Nodes left over when the root's subtree is done
go under the root, the same way. The source serializes it with `json.dumps` (its default
separators and ASCII escapes): `source_json`.
"""

import enum
import json
import string
from datetime import UTC, datetime
from random import Random
from typing import Any

NODES = 1_000  # the source's default size
SEED = 42
PERMISSIONS = ("READ", "WRITE", "READ_WRITE")
USERS = (
    "ada", "boris", "chloe", "dmitri", "elena", "farid", "greta", "hiro", "ines", "jonas",
    "kira", "luis", "maya", "nils", "olga", "pavel", "qing", "rosa", "sami", "tara",
    "ugo", "vera", "wim", "xenia", "yusuf", "zoe",
)  # fmt: skip
_FIRST = int(datetime(2018, 1, 1, tzinfo=UTC).timestamp())
_LAST = int(datetime(2023, 1, 1, tzinfo=UTC).timestamp())
MAX_CHILDREN = 30
DIRECTORY_SHARE = 0.2
UPDATED_SHARE = 0.25

Node = dict[str, Any]


class Permissions(enum.Enum):
    """The typed models' permission (every library's classes share it)."""

    READ = "READ"
    WRITE = "WRITE"
    READ_WRITE = "READ_WRITE"


class _Drawer:
    def __init__(self, nodes: int, seed: int) -> None:
        self.rng = Random(seed)
        self.budget = nodes

    def _stamp(self, earliest: int) -> tuple[int, str]:
        seconds = self.rng.randint(earliest, _LAST)
        return seconds, datetime.fromtimestamp(seconds, UTC).isoformat()

    def node(self, directory: bool) -> Node:
        """A node; a directory with its subtree."""
        node = self._bare(directory)
        if directory:
            self._fill(node)
        return node

    def _bare(self, directory: bool) -> Node:
        """A node; a directory without children yet (its place in the budget is taken)."""
        name = "".join(self.rng.choices(string.ascii_letters, k=self.rng.randint(4, 30)))
        created, created_at = self._stamp(_FIRST)
        node: Node = {
            "type": "directory" if directory else "file",
            "name": name,
            "created_by": self.rng.choice(USERS),
            "created_at": created_at,
        }
        if self.rng.random() < UPDATED_SHARE:
            node["updated_by"] = self.rng.choice(USERS)
            node["updated_at"] = self._stamp(created)[1]
        if directory:
            node["contents"] = []
        else:
            node["nbytes"] = self.rng.randint(0, 1_000_000)
            node["permissions"] = self.rng.choice(PERMISSIONS)
        return node

    def _fill(self, directory: Node) -> None:
        """Draws the directory's children; a child directory is filled before the next
        sibling is drawn (an explicit stack: the tree is deeper than it is wide)."""
        stack = [(directory, self._children())]
        while stack:
            parent, left = stack.pop()
            if not left:
                continue
            is_directory = self.rng.random() < DIRECTORY_SHARE
            child = self._bare(is_directory)
            parent["contents"].append(child)
            stack.append((parent, left - 1))
            if is_directory:
                stack.append((child, self._children()))

    def _children(self) -> int:
        """How many children a directory gets, taken from the budget when drawn."""
        count = min(self.rng.randint(0, MAX_CHILDREN), self.budget)
        self.budget -= count
        return count


def message(nodes: int = NODES, seed: int = SEED) -> Node:
    """The tree: a root directory holding `nodes - 1` nodes below it."""
    drawer = _Drawer(nodes - 1, seed)  # the root is the first
    root = drawer.node(True)
    while drawer.budget > 0:
        drawer.budget -= 1
        root["contents"].append(drawer.node(drawer.rng.random() < DIRECTORY_SHARE))
    return root


def source_json(tree: Node) -> bytes:
    """The bytes the source's validation benchmark decodes: json.dumps' defaults, UTF-8."""
    return json.dumps(tree).encode()


def walk(tree: Node) -> list[Node]:
    """Every node of the tree, the root first."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.get("contents", ())))
    return found
