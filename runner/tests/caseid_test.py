"""The canonical case id: parsed strictly, printed back the same."""

import pytest

from runner.caseid import CaseIdentity, CaseIdError, parse_case_id


def test_parses_and_prints_back() -> None:
    text = "dataset=user/size=3/op=encode/format=protobuf/lib=protobuf/variant=upb"
    identity = parse_case_id(text, "python")
    assert identity == CaseIdentity("python", "protobuf", "protobuf", "encode", "user", 3, "upb")
    assert identity.case_id == text
    assert str(identity) == f"lang=python/{text}"


def test_variant_is_optional_and_key_order_free() -> None:
    identity = parse_case_id("op=decode/format=json/lib=orjson/dataset=order/size=100", "python")
    assert identity.variant == ""
    assert identity.case_id == "dataset=order/size=100/op=decode/format=json/lib=orjson"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("BM_Encode/3", "segment 'BM_Encode' is not key=value"),
        ("dataset=user/size=3/op=encode/format=protobuf", "missing lib"),
        ("dataset=user/size=large/op=encode/format=x/lib=x", "size 'large' is not a record count"),
        ("dataset=user/size=3/op=encode/format=x/lib=x/lib=y", "'lib' given twice"),
        ("dataset=user/size=3/op=encode/format=x/lib=x/threads=2", "unknown key 'threads'"),
        ("dataset=user/size=3/op=encode/format=x/lib=", "segment 'lib=' is not key=value"),
        ("dataset=user/size=3/op=encode/format=x/lib=x_mean/", "segment '' is not key=value"),
    ],
)
def test_refuses_what_is_not_canonical(text: str, problem: str) -> None:
    with pytest.raises(CaseIdError, match=problem):
        parse_case_id(text, "cpp")
