"""Files of the running Bazel target's runfiles (fixtures, schemas)."""

import os
from pathlib import Path

from bazel_tools.tools.python.runfiles import runfiles

from schemas.catalog import catalog

# Runfiles paths start with the workspace name (see WORKSPACE).
_WORKSPACE = "serbench"
SIZES = catalog.SIZES


def runfile(path: str) -> Path:
    """The runfile `path` (relative to the workspace); FileNotFoundError if absent."""
    rlocation = f"{_WORKSPACE}/{path}"
    # Bazel's launcher exports RUNFILES_DIR or RUNFILES_MANIFEST_FILE; Create()
    # reads whichever is set (it returns None outside Bazel).
    files = runfiles.Create()
    found = files.Rlocation(rlocation) if files else None
    if not found or not os.path.isfile(found):
        raise FileNotFoundError(f"runfile {rlocation} not found (run the target through Bazel)")
    return Path(found)
