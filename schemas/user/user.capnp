# The `user` dataset: a flat record. Twin of user.proto and user.fbs.
# Cap'n Proto names are the contract's names in camelCase (schemas/README.md).
@0xfa963edd5df203a9;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("serbench::user::capnp");

struct Address {
  street @0 :Text;
  city @1 :Text;
  postcode @2 :Text;
  country @3 :Text;
}

struct User {
  name @0 :Text;
  email @1 :Text;
  age @2 :UInt32;
  tags @3 :List(Text);
  address @4 :Address;
}

# One payload: `size` users.
struct Payload {
  records @0 :List(User);
}
