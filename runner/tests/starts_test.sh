#!/usr/bin/env bash
# A runner binary answers --help: its imports resolve in its runfiles.
set -euo pipefail
"$1" --help > /dev/null
