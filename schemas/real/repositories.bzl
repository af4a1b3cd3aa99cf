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

# JSON_checker's pass/fail files (nativejson-benchmark's copy), for the JSON
# robustness corpus (//tools/robustness). The mirror README lists no hashes for
# them: these were taken from the mirror's copies of the same upstream commit.
def _jsonchecker(name, sha256):
    return [name, ["jsonchecker/" + name, sha256, _NATIVEJSON + "jsonchecker/" + name]]

JSONCHECKER = dict([
    _jsonchecker("fail01_EXCLUDE.json", "438b1027386f69e8ff72306d162bba30745cfc3ad99522c06b77093f6b2868b1"),
    _jsonchecker("fail02.json", "9dbe48572aa40ff5e44b7b0e691e1b487d37cd4cfb34cf5bb506a5b6e965ec3b"),
    _jsonchecker("fail03.json", "6903daf61af5b38e0bc66d8da4f13631e2c2d03598169fe2d7c45d2504d310b9"),
    _jsonchecker("fail04.json", "15836776fdc7d0473f68c35c1295e473d57c215af1232b439b28120f674be45f"),
    _jsonchecker("fail05.json", "40b23c469b617b09914010ee5c5aa0faa706061f77b4a96b374742c18bb17d42"),
    _jsonchecker("fail06.json", "9cac15bfc3db16d965b9074329f4b7b26443fd4ccbf21cc545cc718114cbda20"),
    _jsonchecker("fail07.json", "d9b01bb868ba4a6156085744bddf7acf119125aaf40e19e404b284e99b1973e0"),
    _jsonchecker("fail08.json", "fbb0928ebab6b0f1aa7b5a7f10453bf89cc7ed56185bd783836ceedeec248ea8"),
    _jsonchecker("fail09.json", "a3a4796b5ddb6c80e894113c690a75e5290ef109601dee2e277f652bc6d6a163"),
    _jsonchecker("fail10.json", "ffea57a589f965c41b8778f1f0b69a1f4b7a14f072b868389cd6e2d249a33246"),
    _jsonchecker("fail11.json", "ba669b02c583cdc66458f9318ec64f2787e1edded69cee94361d9d04bf87b591"),
    _jsonchecker("fail12.json", "8033711342b67e573d96916fd820730a0a12ee291bd2e4ae324df3455c3f825f"),
    _jsonchecker("fail13.json", "a9235f6b3a47a700d45a8cba0c0b01b62ed4b2fd8a0f10cfe7964bde5e8cc1e0"),
    _jsonchecker("fail14.json", "4c353586a59fd208964f41f12547ef9e403520b87e9d9fe73c0bd6951de36933"),
    _jsonchecker("fail15.json", "656c4510d2ae41d28f3bb5498a7df7e87652bbbb35a7c7ef7c28d4a3d1d59eae"),
    _jsonchecker("fail16.json", "4514053448b28818d0d23041242b0e1705ea0bbf9f2ee84694d4e0100bd90cc4"),
    _jsonchecker("fail17.json", "a806d560ae63698f5082c7e51189395be458d1709db63244d26846f5a1e1a91d"),
    _jsonchecker("fail18_EXCLUDE.json", "e663fb0874bda154424bc35b9aff5f61d73d1a8cb926ccf41311827f30456997"),
    _jsonchecker("fail19.json", "f262f8944e9f4346e80ccab07d2cc74f95928193210bc7a95c634f665f105b03"),
    _jsonchecker("fail20.json", "beff780d4797749a6180792d96de68b52eafbe3558578e2486b51c0fc384d3f0"),
    _jsonchecker("fail21.json", "d786f4c34fc330006cfd6ef9a855d4233ce7ea4ffdce19a1aeb6498ae0341edc"),
    _jsonchecker("fail22.json", "dd22ed47b00f7977a8fd058adbf448e7af9b4cf7299c8a11f21298ded07b9e03"),
    _jsonchecker("fail23.json", "5b746985dd2a3406e0d457dc38583b5ed26c2691950a10e1e50049a93c924a78"),
    _jsonchecker("fail24.json", "0389d0d5920ee2996811974bdcbfe05c9ca0ed79af909704b8485bc86f6eaf25"),
    _jsonchecker("fail25.json", "8305373703e9a50e767c42929d22bb69b377cf62a5aeba4dc60bfbf28939411d"),
    _jsonchecker("fail26.json", "032ff03c5b7bf611b5015000312a290b6fa7878ccb508c5ed5cc73cb2b649179"),
    _jsonchecker("fail27.json", "4a6ce093f89d76306dc76ccb5f6e468fb95c189eaa16d6b6c80954c21b3be635"),
    _jsonchecker("fail28.json", "a4a310e88adb621126f6e044f7919728d6fdf1df6a7d5a445e7215539f2ac264"),
    _jsonchecker("fail29.json", "cd279aa777afca083b346dbc2b62a1847c24f1556b619b7564842457f8949c93"),
    _jsonchecker("fail30.json", "3f54bdbbd4e3ad547fa457b5810df7c96f2d2c3bc6985e11202ffd1d42116889"),
    _jsonchecker("fail31.json", "25981c42fdd25646ab17d57bfaa65e4b2d7b791fdf13840e75c5a9e8f66dec70"),
    _jsonchecker("fail32.json", "15388c40b8b3920b49a317f303140234fecaa37d6adc8056f54b8d7d79cfba87"),
    _jsonchecker("fail33.json", "df72f007b029ebe06bffcd6083deff92aae557aa172eaf7e2504a3222dc73b60"),
    _jsonchecker("pass01.json", "a46f670e9676dd3d5a22ccbd44be74391cd57867f0a20ee9c5bba2c1e9742239"),
    _jsonchecker("pass02.json", "7f9deff2652df58a02ca676ff9494de3d93f18db64c7f20f9596dffb8c92f187"),
    _jsonchecker("pass03.json", "45aaef317f170e5490aa4a18cc301f6d5e03ee617980dec1b15403abf6c537f4"),
])

def jsonchecker_files():
    mirrored_files(name = "jsonchecker", files = JSONCHECKER, build_file = "//tools/robustness:jsonchecker.BUILD.bazel")
