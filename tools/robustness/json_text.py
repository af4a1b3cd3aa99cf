"""A compact JSON writer that can repeat keys (tree.Pairs), and JSON's deep inputs."""

import json
from typing import Any

from tools.robustness.tree import Pairs


def encode(value: Any) -> bytes:
    return _text(value).encode()


def _text(value: Any) -> str:
    if isinstance(value, dict):
        value = Pairs(tuple(value.items()))
    if isinstance(value, Pairs):
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{_text(v)}" for k, v in value.items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_text(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def nested_arrays(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def nested_objects(depth: int) -> bytes:
    return b'{"a":' * depth + b"null" + b"}" * depth


_DIRECTORY = (
    '{"type":"directory","name":"d","created_by":"","created_at":"2024-01-01T00:00:00.000000Z","contents":['
)


def deep_filetree(depth: int) -> bytes:
    """A filetree document, `depth` directories deep, written without recursion."""
    inner = _DIRECTORY.removesuffix("[") + "[]}"
    return ('{"records":[' + _DIRECTORY * (depth - 1) + inner + "]}" * (depth - 1) + "]}").encode()
