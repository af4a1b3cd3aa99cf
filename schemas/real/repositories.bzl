"""The real datasets, each named by upstream URL and sha256 (see the table in
schemas/README.md and ../shared/datasets/README.md). Called from WORKSPACE."""

load("//schemas/real:mirror.bzl", "mirrored_files")

_NATIVEJSON = "https://raw.githubusercontent.com/miloyip/nativejson-benchmark/478d5727c2a4048e835a29c65adecc7d795360d5/data/"
_PROTOBUF = "https://raw.githubusercontent.com/protocolbuffers/protobuf/91cda68a22c999f37aa4671896e6a314bac5881d/benchmarks/"

def _json(name, sha256):
    return [name, ["json/" + name, sha256, _NATIVEJSON + name]]

def _protobuf(name, upstream_dir, sha256):
    return [name, ["protobuf-benchmarks/" + name, sha256, _PROTOBUF + upstream_dir + name]]

REAL_JSON = dict([
    _json("twitter.json", "a08b769f32b95f426cbc3abafcec65c1a19d3eb544d4ddf320eae142c99efc5d"),
    _json("citm_catalog.json", "a73e7a883f6ea8de113dff59702975e60119b4b58d451d518a929f31c92e2059"),
    _json("canada.json", "f83b3b354030d5dd58740c68ac4fecef64cb730a0d12a90362a7f23077f50d78"),
])

# The .proto hashes were taken from the mirror's copies of the same upstream
# commit (the mirror README lists hashes for the payloads only).
GOOGLE_MESSAGE = dict([
    _protobuf("dataset.google_message1_proto2.pb", "datasets/google_message1/proto2/", "e8db59c48f99e4bfda06322a2146e94aadbe42cc17e883f09f925dd2b8e3430a"),
    _protobuf("dataset.google_message1_proto3.pb", "datasets/google_message1/proto3/", "610e3a861b4a6bc38b778bd0e674baf200f2cd60318eb80a5403c81a36364b97"),
    _protobuf("dataset.google_message2.pb", "datasets/google_message2/", "2d408fb9e0ba8d6cb86461d19d59bbce877ab57fc51be2531d3eeed05be2405b"),
    _protobuf("benchmarks.proto", "", "b4041d4d3fdfe06d4e23355372b93da0a6da4ca8549df28f4b985e6a19cdfe94"),
    _protobuf("benchmark_message1_proto2.proto", "datasets/google_message1/proto2/", "c07479453cde8fd262755b7e85803baa5d57404c61b811d8d34a74232df947c0"),
    _protobuf("benchmark_message1_proto3.proto", "datasets/google_message1/proto3/", "07b32832d7b2b83619ea3339ac7130d0358b2f46cce60d1eaae570bb94247ffe"),
    _protobuf("benchmark_message2.proto", "datasets/google_message2/", "8824ee24a5d23175d147a9b7b80e677b2861392869533977af2134894307c939"),
])

def real_datasets():
    mirrored_files(name = "real_json", files = REAL_JSON, build_file = "//schemas/real:real_json.BUILD.bazel")
    mirrored_files(name = "google_message", files = GOOGLE_MESSAGE, build_file = "//schemas/google_message:upstream.BUILD.bazel")
