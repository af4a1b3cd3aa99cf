"""Descriptor protos for the generators' tests, built by hand."""

from __future__ import annotations

from google.protobuf import descriptor_pb2

F = descriptor_pb2.FieldDescriptorProto


def message(name: str, *fields: F, oneofs: tuple[str, ...] = ()) -> descriptor_pb2.DescriptorProto:
    m = descriptor_pb2.DescriptorProto(name=name)
    m.field.extend(fields)
    for o in oneofs:
        m.oneof_decl.add(name=o)
    return m


def field(name: str, kind: int, number: int = 1, label: int = F.LABEL_OPTIONAL, **extra: object) -> F:
    return F(name=name, number=number, type=kind, label=label, **extra)  # type: ignore[arg-type]
