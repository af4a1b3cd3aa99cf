"""The `filetree` dataset: each record is a small subtree (depth up to 4) of a tagged
union of files and directories, with timestamps, a permission enum and optional
`updated_by` / `updated_at` fields (omitted when absent)."""

from random import Random

from schemas.datagen.common import Record, micros, person_name, rfc3339, text_or_tricky

PERMISSIONS = ["READ", "WRITE", "READ_WRITE"]
MAX_DEPTH = 4
EXTENSIONS = ["txt", "py", "md", "json", "png", "tar.gz", ""]
STEMS = ["README", "main", "notes", "données", "報告書", "photo 🎉", "build", "a b c", 'x"y']
# Sizes that hit the edges of the field: empty, one byte, 4 GiB + 1, near 2^53.
EDGE_NBYTES = [0, 1, 2**32 + 1, 2**53 - 1]


def _file_name(rng: Random) -> str:
    stem = text_or_tricky(rng, rng.choice(STEMS))
    ext = rng.choice(EXTENSIONS)
    return f"{stem}.{ext}" if ext else stem


def _header(rng: Random, kind: str, name: str) -> Record:
    """The fields files and directories share; each optional field is present or not."""
    created = micros(rng)
    node: Record = {
        "type": kind,
        "name": name,
        "created_by": person_name(rng),
        "created_at": rfc3339(created),
    }
    if rng.random() < 0.5:
        node["updated_by"] = person_name(rng)
    if rng.random() < 0.5:
        node["updated_at"] = rfc3339(created + rng.randrange(10**12))
    return node


def _file(rng: Random) -> Record:
    node = _header(rng, "file", _file_name(rng))
    node["nbytes"] = rng.choice(EDGE_NBYTES) if rng.random() < 0.1 else rng.randrange(1 << 24)
    node["permissions"] = rng.choice(PERMISSIONS)
    return node


def _directory(rng: Random, depth: int) -> Record:
    node = _header(rng, "directory", text_or_tricky(rng, rng.choice(STEMS)))
    # Fewer children deeper down keeps records small; directories at the last
    # level are empty (an empty list is an edge case of its own).
    count = rng.randint(0, MAX_DEPTH - depth + 1) if depth < MAX_DEPTH else 0
    node["contents"] = [_node(rng, depth + 1) for _ in range(count)]
    return node


def _node(rng: Random, depth: int) -> Record:
    return _directory(rng, depth) if depth < MAX_DEPTH and rng.random() < 0.35 else _file(rng)


def record(rng: Random, index: int) -> Record:
    # Mostly directory roots; every fifth record is a single file.
    return _file(rng) if index % 5 == 4 else _directory(rng, 1)
