"""serbench's Python suite: the native model, the adapters and the checks.

Named serbench_py, not serbench: Bazel runfiles trees hold a `serbench/`
directory (the workspace) on sys.path, which would shadow a `serbench` package.
"""
