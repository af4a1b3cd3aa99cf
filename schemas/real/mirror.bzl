"""mirrored_files: a repository of upstream files named by URL and sha256,
resolved from a local mirror folder (no network needed) or else downloaded.

The mirror folder is $SERBENCH_DATASETS, or ../shared/datasets beside the
workspace when that exists (CI always has it). The work, and the one-line
errors, are in mirror.py, which is unit-tested.
"""

_SCRIPT = "//schemas/real:mirror.py"

def _mirror_folder(rctx):
    chosen = rctx.os.environ.get("SERBENCH_DATASETS", "")
    if chosen:
        return chosen
    beside = rctx.path(Label("@//:WORKSPACE")).dirname.dirname.get_child("shared").get_child("datasets")
    return str(beside) if beside.exists else ""

def _mirrored_files_impl(rctx):
    python = rctx.which("python3")
    if not python:
        fail("mirrored_files: python3 not found on PATH (apt-get install python3)")
    script = rctx.path(Label(_SCRIPT))
    mirror = _mirror_folder(rctx)
    for name, (path, sha256, url) in rctx.attr.files.items():
        res = rctx.execute([
            python, script, "--mirror", mirror, "--path", path,
            "--sha256", sha256, "--url", url, "--dest", rctx.path(name),
        ], quiet = True)
        if res.return_code != 0:
            fail(res.stderr.strip() or res.stdout.strip())
    rctx.symlink(rctx.attr.build_file, "BUILD.bazel")

mirrored_files = repository_rule(
    implementation = _mirrored_files_impl,
    environ = ["SERBENCH_DATASETS"],
    attrs = {
        # local file name -> [path inside the mirror, sha256, upstream URL]
        "files": attr.string_list_dict(mandatory = True),
        "build_file": attr.label(mandatory = True, allow_single_file = True),
    },
)
