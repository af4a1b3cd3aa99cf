"""Libraries that decode into typed classes and validate while doing so.

Each one builds its classes from the dataset description (serbench_py.typed):
msgspec Structs (three struct options, JSON and MessagePack), pydantic v2 and
its bundled v1 API, cattrs on attrs classes and mashumaro on dataclasses (both
with orjson underneath, their fastest documented JSON backend). msgspec struct
and pydantic v2 also decode the packages document into typed classes.
"""

import functools
import importlib
import operator
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

from serbench_py.adapter import Capability, Reader, version
from serbench_py.adapters.schemaless import MSGSPEC_HOME
from serbench_py.schema import TAG
from serbench_py.sources import Source
from serbench_py.typed import DataclassFlavor, Flavor, Slot, TypedModel, tag_literal

_TYPED = frozenset({Capability.REFLECTION, Capability.VALIDATES})
# Why the other typed variants skip a typed document (packages, tens of MiB).
_DOCUMENT_PAIR = (
    "the packages document is decoded into typed classes by msgspec struct and pydantic v2 "
    "only (the pair the claims compare; and msgspec struct_nogc_tuple, the model of msgspec's "
    "own large-JSON benchmark): each further variant adds its own check and timing of tens "
    "of MiB to every run"
)
# Why the variant with the large-JSON benchmark's model skips the synthetic datasets.
_DOCUMENTS_ONLY = (
    "the model of msgspec's large-JSON benchmark (gc=False Structs, tuples for lists) is "
    "declared for the packages document only, for the claim quoted from it; the synthetic "
    "datasets have struct_nogc"
)

PYDANTIC_HOME = "https://docs.pydantic.dev/"


@dataclass(frozen=True)
class MsgspecFlavor:
    gc: bool = True
    array_like: bool = False
    tuples: bool = False

    def record(self, name: str, slots: list[Slot], tag: str | None, module: str) -> type:
        import msgspec

        fields = [
            (s.name, s.annotation, None) if s.optional else (s.name, s.annotation) for s in slots
        ]
        cls: type = msgspec.defstruct(
            name,
            fields,
            module=module,
            kw_only=True,
            omit_defaults=True,  # absent optionals stay absent, as in the fixture
            gc=self.gc,
            array_like=self.array_like,
            tag_field=TAG if tag else None,
            tag=tag,
        )
        return cls

    def union(self, members: tuple[Any, ...]) -> Any:
        return typing.Union[members]  # noqa: UP007 (a runtime-built union)

    def finish(self, classes: dict[str, Any], namespace: dict[str, Any]) -> None:
        """msgspec resolves string annotations from the class's module on first use."""


class PydanticFlavor:
    tuples = False

    def __init__(self, module_name: str) -> None:
        self.pydantic = importlib.import_module(module_name)
        self.v1 = module_name.endswith(".v1")

    def record(self, name: str, slots: list[Slot], tag: str | None, module: str) -> type:
        fields: dict[str, Any] = {
            s.name: (s.annotation, None if s.optional else ...) for s in slots
        }
        if tag:
            fields[TAG] = (tag_literal(tag), tag)
        cls: type = self.pydantic.create_model(name, __module__=module, **fields)
        return cls

    def union(self, members: tuple[Any, ...]) -> Any:
        return Annotated[typing.Union[members], self.pydantic.Field(discriminator=TAG)]  # noqa: UP007

    def finish(self, classes: dict[str, Any], namespace: dict[str, Any]) -> None:
        for cls in classes.values():
            if self.v1:
                cls.update_forward_refs(**namespace)
            else:
                cls.model_rebuild(_types_namespace=namespace)


class AttrsFlavor(DataclassFlavor):
    def record(self, name: str, slots: list[Slot], tag: str | None, module: str) -> type:
        import attrs

        fields = {
            s.name: attrs.field(type=s.annotation, default=None if s.optional else attrs.NOTHING)
            for s in slots
        }
        if tag:
            fields[TAG] = attrs.field(type=tag_literal(tag), default=tag)
        cls: type = attrs.make_class(name, fields, kw_only=True)
        cls.__module__ = module
        return cls

    def finish(self, classes: dict[str, Any], namespace: dict[str, Any]) -> None:
        import attrs

        for cls in classes.values():
            attrs.resolve_types(cls, globalns=namespace)


Encode = Callable[[Any], bytes]
Decode = Callable[[bytes], Any]


@dataclass(frozen=True)
class TypedCodec:
    model: TypedModel
    encode: Encode
    decode: Decode

    def native(self, tree: Any) -> Any:
        return self.model.native(tree)

    def to_tree(self, native: Any) -> Any:
        return self.model.to_tree(native)

    def records(self, native: Any) -> Sequence[Any]:
        return self.model.records(native)

    def reader(self, path: str) -> Reader:
        return operator.attrgetter(path)


def _msgspec(kind: str, model: TypedModel) -> tuple[Encode, Decode]:
    module = importlib.import_module(f"msgspec.{kind}")
    return module.Encoder().encode, module.Decoder(model.payload).decode


def _pydantic_v2(model: TypedModel) -> tuple[Encode, Decode]:
    payload: Any = model.payload
    return (
        lambda obj: obj.model_dump_json(exclude_none=True).encode(),
        payload.model_validate_json,
    )


def _pydantic_v1(model: TypedModel) -> tuple[Encode, Decode]:
    payload: Any = model.payload
    return (lambda obj: obj.json(exclude_none=True).encode()), payload.parse_raw


def _cattrs(model: TypedModel) -> tuple[Encode, Decode]:
    from cattrs.preconf.orjson import make_converter

    converter = make_converter()
    return converter.dumps, functools.partial(converter.loads, cl=model.payload)


def _mashumaro(model: TypedModel) -> tuple[Encode, Decode]:
    from mashumaro.codecs.orjson import ORJSONDecoder, ORJSONEncoder

    return ORJSONEncoder(model.payload).encode, ORJSONDecoder(model.payload).decode


@dataclass(frozen=True)
class TypedLibrary:
    lib: str
    format: str
    variant: str | None
    distribution: str
    import_module: str  # what extras.py times the import of
    home: str
    flavor: Callable[[], Flavor]
    make: Callable[[TypedModel], tuple[Encode, Decode]]
    capabilities: frozenset[Capability] = _TYPED
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = ()  # every op materializes its result
    documents: bool = False  # also decodes a document described for typed classes (packages)
    documents_only: bool = False  # decodes only such a document
    # Also timed with the cyclic GC disabled (suite.GC_OFF_*: filetree and order).
    gc_off_twin: bool = False

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        if source.schema:
            return _DOCUMENTS_ONLY if self.documents_only else None
        if source.typed is None:
            return "typed classes need a record schema"
        return None if self.documents else _DOCUMENT_PAIR

    def codec(self, source: Source) -> TypedCodec:
        dataset = source.schema or source.typed
        assert dataset is not None
        name = f"{self.lib}_{self.format}_{self.variant}"
        model = TypedModel(dataset, self.flavor(), name)
        return TypedCodec(model, *self.make(model))


def _msgspec_libraries() -> list[TypedLibrary]:
    options = {
        "struct": MsgspecFlavor(),
        "struct_nogc": MsgspecFlavor(gc=False),
        "struct_array": MsgspecFlavor(array_like=True),
    }
    return [
        TypedLibrary(
            lib="msgspec",
            format=kind,
            variant=variant,
            distribution="msgspec",
            import_module="msgspec",
            home=MSGSPEC_HOME,
            flavor=functools.partial(lambda f: f, flavor),
            make=functools.partial(_msgspec, kind),
            documents=(kind, variant) == ("json", "struct"),
            gc_off_twin=(kind, variant) == ("json", "struct"),
        )
        for kind in ("json", "msgpack")
        for variant, flavor in options.items()
    ] + [
        # The packages document decoded into Structs declared as msgspec's large-JSON
        # benchmark declares its own document's (gc=False, tuples): its claim's work.
        TypedLibrary(
            lib="msgspec",
            format="json",
            variant="struct_nogc_tuple",
            distribution="msgspec",
            import_module="msgspec",
            home=MSGSPEC_HOME,
            flavor=lambda: MsgspecFlavor(gc=False, tuples=True),
            make=functools.partial(_msgspec, "json"),
            documents=True,
            documents_only=True,
        )
    ]


LIBRARIES: tuple[TypedLibrary, ...] = (
    *_msgspec_libraries(),
    TypedLibrary(
        lib="pydantic",
        format="json",
        variant="v2",
        distribution="pydantic",
        import_module="pydantic",
        home=PYDANTIC_HOME,
        flavor=lambda: PydanticFlavor("pydantic"),
        make=_pydantic_v2,
        documents=True,
        gc_off_twin=True,
    ),
    TypedLibrary(
        lib="pydantic",
        format="json",
        variant="v1",
        distribution="pydantic",
        import_module="pydantic",
        home=PYDANTIC_HOME,
        flavor=lambda: PydanticFlavor("pydantic.v1"),
        make=_pydantic_v1,
        gc_off_twin=True,
    ),
    TypedLibrary(
        lib="cattrs",
        format="json",
        variant="attrs",
        distribution="cattrs",
        import_module="cattrs",
        home="https://catt.rs/",
        flavor=AttrsFlavor,
        make=_cattrs,
        gc_off_twin=True,
    ),
    TypedLibrary(
        lib="mashumaro",
        format="json",
        variant="dataclass",
        distribution="mashumaro",
        import_module="mashumaro",
        home="https://github.com/Fatal1ty/mashumaro",
        flavor=DataclassFlavor,
        make=_mashumaro,
        gc_off_twin=True,
    ),
)
