"""Entry point of every py_pytest target: runs pytest on the files in argv.

importlib mode keeps pytest from inserting runfiles directories into sys.path;
the cache plugin is off because the runfiles tree is not ours to write into.
"""

import os
import sys

# Python puts this script's real directory first on sys.path: through the
# runfiles symlink, that is tools/bazel/ in the source tree, which would shadow the
# runfiles (and write __pycache__ into the source tree). Import from runfiles only.
del sys.path[0]

import pytest  # noqa: E402 (after the sys.path fix on purpose)

if __name__ == "__main__":
    args = ["-q", "-p", "no:cacheprovider", "--import-mode=importlib", *sys.argv[1:]]
    if "XML_OUTPUT_FILE" in os.environ:  # set by `bazel test` for its test report
        args.append(f"--junitxml={os.environ['XML_OUTPUT_FILE']}")
    sys.exit(pytest.main(args))
