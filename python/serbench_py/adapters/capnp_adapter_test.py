"""Cap'n Proto's spelling of optional fields in the dicts pycapnp builds from."""

from serbench_py.adapters.capnp_adapter import CapnpMapping
from serbench_py.schema import STR, TIMESTAMP, Scalar
from serbench_py.sources import SOURCES


def test_optional_numbers_and_timestamps_are_unions_and_optional_text_is_a_pointer() -> None:
    schema = SOURCES["filetree"].schema
    assert schema is not None
    mapping = CapnpMapping(schema)
    assert mapping.optional_out(TIMESTAMP, 5) == {"value": 5}
    assert mapping.optional_out(Scalar("float64"), 1.5) == {"value": 1.5}
    assert mapping.optional_out(Scalar("uint32"), 0) == {"value": 0}
    assert mapping.optional_out(STR, "ann") == "ann"
    assert mapping.get({"durationMs": {"value": 1.5}}, "duration_ms") == 1.5
    assert not mapping.present({"durationMs": {"none": None}}, "duration_ms")
