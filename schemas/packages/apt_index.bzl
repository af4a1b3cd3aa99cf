"""apt_packages: the `packages` dataset built from this machine's apt index.

A local repository rule: it runs again on each fresh Bazel server, so a new
`apt-get update` is picked up; packages.meta.json records the size, sha256 and
apt Release dates of what was built. Nothing is downloaded or committed.
"""

def _apt_packages_impl(rctx):
    python = rctx.which("python3")
    if not python:
        fail("apt_packages: python3 not found on PATH (apt-get install python3)")
    res = rctx.execute(
        [python, rctx.path(rctx.attr._convert), "--out", "packages.json", "--meta", "packages.meta.json"],
        timeout = 600,
    )
    if res.return_code != 0:
        fail(res.stderr.strip() or res.stdout.strip())
    rctx.file("BUILD.bazel", 'exports_files(["packages.json", "packages.meta.json"], visibility = ["//visibility:public"])\n')

apt_packages = repository_rule(
    implementation = _apt_packages_impl,
    local = True,
    attrs = {"_convert": attr.label(default = "//schemas/packages:convert.py")},
)
