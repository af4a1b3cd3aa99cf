// The `user` dataset: a flat record. Twin of user.proto (same field names and
// numbers), user.fbs and user.capnp. Thrift has no unsigned integers, so the
// uint32 `age` is an i64 (every uint32 fits); decoders range-check it.
namespace cpp serbench.user.thrift
namespace netstd serbench.user.thrift

struct Address {
  1: string street
  2: string city
  3: string postcode
  4: string country
}

struct User {
  1: string name
  2: string email
  3: i64 age
  4: list<string> tags
  5: Address address
}

// One payload: `size` users.
struct Payload {
  1: list<User> records
}
