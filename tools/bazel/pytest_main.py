"""Entry point of every py_pytest target: runs pytest on the files given."""

import sys

import pytest

if __name__ == "__main__":
    # No cache: tests run in a read-only runfiles tree.
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
