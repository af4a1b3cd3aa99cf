"""The interop matrix's file (matrix.py writes it, runner/ingest/interop_json.py reads it)."""

SCHEMA = "serbench-interop/1"  # the file's format version, checked by the runner's ingester
