"""The six synthetic datasets and the packages document's records, described once
(see schemas/README.md for the contract)."""

from schemas.catalog import catalog
from serbench_py.schema import (
    STR,
    TIMESTAMP,
    Dataset,
    Enum,
    Field,
    List,
    Map,
    Optional,
    Record,
    Ref,
    Scalar,
    Union,
)

_ADDRESS = Record(
    "Address", tuple(Field(n, STR) for n in ("street", "city", "postcode", "country"))
)

USER = Dataset(
    "user",
    records=(
        _ADDRESS,
        Record(
            "User",
            (
                Field("name", STR),
                Field("email", STR),
                Field("age", Scalar("uint32")),
                Field("tags", List(STR)),
                Field("address", Ref("Address")),
            ),
        ),
    ),
    root=Ref("User"),
    access=catalog.dataset("user").access,
)

ORDER = Dataset(
    "order",
    records=(
        Record(
            "Customer",
            (
                Field("id", Scalar("uint64")),
                Field("name", STR),
                Field("email", STR),
                Field("phone", STR),
            ),
        ),
        _ADDRESS,
        Record(
            "LineItem",
            (
                Field("sku", STR),
                Field("name", STR),
                Field("quantity", Scalar("uint32")),
                Field("unit_price", Scalar("float64")),
            ),
        ),
        Record(
            "Order",
            (
                Field("id", Scalar("uint64")),
                Field("created_at", TIMESTAMP),
                Field(
                    "status",
                    Enum("OrderStatus", ("PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED")),
                ),
                Field("customer", Ref("Customer")),
                Field("shipping_address", Ref("Address")),
                Field("items", List(Ref("LineItem"))),
                Field("total", Scalar("float64")),
                Field("currency", STR),
            ),
        ),
    ),
    root=Ref("Order"),
    access=catalog.dataset("order").access,
)

_NODE = Union(
    "Node",
    (("file", "File"), ("directory", "Directory")),
    wrapper="Node",
    field="entry",
    fbs_enum="Entry",
)


def _entry(*rest: Field) -> tuple[Field, ...]:
    return (
        Field("name", STR),
        Field("created_by", STR),
        Field("created_at", TIMESTAMP),
        Field("updated_by", Optional(STR)),
        Field("updated_at", Optional(TIMESTAMP)),
        *rest,
    )


FILETREE = Dataset(
    "filetree",
    records=(
        Record(
            "File",
            _entry(
                Field("nbytes", Scalar("uint64")),
                Field("permissions", Enum("Permission", ("READ", "WRITE", "READ_WRITE"))),
            ),
        ),
        Record("Directory", _entry(Field("contents", List(_NODE)))),
    ),
    root=_NODE,
    access=catalog.dataset("filetree").access,
    unions=(_NODE,),
)

_EQUIPMENT = Union("Equipment", (("weapon", "Weapon"), ("shield", "Shield")))
_F32 = Scalar("float32")
_I16 = Scalar("int16")

GAME = Dataset(
    "game",
    records=(
        Record("Vec3", (Field("x", _F32), Field("y", _F32), Field("z", _F32))),
        Record("Weapon", (Field("name", STR), Field("damage", _I16))),
        Record("Shield", (Field("name", STR), Field("armor", _I16))),
        Record(
            "Monster",
            (
                Field("pos", Ref("Vec3")),
                Field("mana", _I16),
                Field("hp", _I16),
                Field("name", STR),
                Field("inventory", List(Scalar("uint8"))),
                Field("color", Enum("Color", ("RED", "GREEN", "BLUE"))),
                Field("weapons", List(Ref("Weapon"))),
                Field("equipped", _EQUIPMENT),
                Field("path", List(Ref("Vec3"))),
            ),
        ),
    ),
    root=Ref("Monster"),
    access=catalog.dataset("game").access,
    unions=(_EQUIPMENT,),
)

_CONTACT = Record("Contact", (Field("name", STR), Field("address", STR)))

MAIL = Dataset(
    "mail",
    records=(
        _CONTACT,
        Record("Header", (Field("name", STR), Field("value", STR))),
        Record(
            "Mail",
            (
                Field("message_id", STR),
                Field("subject", STR),
                Field("sender", Ref("Contact")),
                Field("to", List(Ref("Contact"))),
                Field("cc", List(Ref("Contact"))),
                Field("date", TIMESTAMP),
                Field("headers", List(Ref("Header"))),
                Field("body", STR),
            ),
        ),
    ),
    root=Ref("Mail"),
    access=catalog.dataset("mail").access,
)

METRICS = Dataset(
    "metrics",
    records=(
        Record(
            "Series",
            (
                Field("name", STR),
                Field("unit", STR),
                Field("timestamps", List(Scalar("int64"))),
                Field("values", List(Scalar("float64"))),
            ),
        ),
    ),
    root=Ref("Series"),
    access=catalog.dataset("metrics").access,
)

SYNTHETIC: dict[str, Dataset] = {d.name: d for d in (USER, ORDER, FILETREE, GAME, MAIL, METRICS)}

_INT = Scalar("int64")

# The packages document (apt's index): no IDL schemas, only typed classes use it.
PACKAGES = Dataset(
    "packages",
    records=(
        Record(
            "Package",
            (
                *(Field(n, STR) for n in ("version", "architecture")),
                Field("depends", List(STR)),
                Field("installed_size", _INT),
                Field("size", _INT),
                *(Field(n, STR) for n in ("md5", "sha256", "section", "maintainer", "description")),
            ),
        ),
    ),
    root=Ref("Package"),
    access=(),  # one document: no records to access
    top=Record("Packages", (Field("packages", Map(Ref("Package"))),)),
)
