"""binding_library(lib, idl): a code-generated library's binding target
`:<lib>_binding` in the calling package: `<lib>_binding.h` (written by hand:
its native objects and the four calls of codec.h) and `<lib>_mapping.h`,
the conversions between the model and the library's generated classes for
every synthetic dataset, written at build time by //cpp/codegen:mappings
from the descriptor set and each dataset's `<d>.<idl>` schema."""

load("@serbench_catalog//:catalog.bzl", "SYNTHETIC_DATASETS")
load("//tools/bazel:cc.bzl", "serbench_cc_library")

def binding_library(lib, idl, system_libs = []):
    schemas = ["//schemas/%s:%s.%s" % (d, d, idl) for d in SYNTHETIC_DATASETS]
    native.genrule(
        name = lib + "_mapping",
        srcs = schemas + ["//tools/codegen:descriptors"],
        outs = [lib + "_mapping.h"],
        cmd = ("$(location //cpp/codegen:mappings) --lib {lib} " +
               "--descriptors $(location //tools/codegen:descriptors) --idl {idl} --out $@").format(
            lib = lib,
            idl = " ".join(["$(location %s)" % s for s in schemas]),
        ),
        tools = ["//cpp/codegen:mappings"],
    )
    serbench_cc_library(
        name = lib + "_binding",
        hdrs = [lib + "_binding.h", lib + "_mapping.h"],
        system_libs = system_libs,
        deps = [":codec"] + ["//schemas/%s:%s_%s_cc" % (d, d, idl) for d in SYNTHETIC_DATASETS],
    )
