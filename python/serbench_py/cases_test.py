from serbench_py.cases import Case
from serbench_py.registry import LIBRARIES


def test_case_id_is_canonical() -> None:
    case = Case("protobuf", "protobuf", "encode", "user", 3, "upb")
    assert case.id == "dataset=user/size=3/op=encode/format=protobuf/lib=protobuf/variant=upb"
    assert Case("pickle", "pickle", "decode", "user", 3).id == (
        "dataset=user/size=3/op=decode/format=pickle/lib=pickle"
    )


def test_metadata_carries_the_identity_without_empty_values() -> None:
    assert Case("flatbuffers", "flatbuffers", "decode", "user", 3).metadata() == {
        "lang": "python",
        "lib": "flatbuffers",
        "format": "flatbuffers",
        "op": "decode",
        "dataset": "user",
        "size": 3,
    }
    assert Case("protobuf", "protobuf", "encode", "user", 3, "upb").metadata()["variant"] == "upb"


def test_registered_adapters_have_distinct_identities() -> None:
    identities = [(a.lib, a.format, a.variant) for a in LIBRARIES]
    assert len(set(identities)) == len(identities)
