# The `order` dataset: a nested e-commerce order. Twin of order.proto and order.fbs.
# Timestamps are microseconds since the Unix epoch, UTC.
@0xc98beae58224f6e2;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("serbench::order::capnp");

enum OrderStatus {
  pending @0;
  paid @1;
  shipped @2;
  delivered @3;
  cancelled @4;
}

struct Customer {
  id @0 :UInt64;
  name @1 :Text;
  email @2 :Text;
  phone @3 :Text;
}

struct Address {
  street @0 :Text;
  city @1 :Text;
  postcode @2 :Text;
  country @3 :Text;
}

struct LineItem {
  sku @0 :Text;
  name @1 :Text;
  quantity @2 :UInt32;
  unitPrice @3 :Float64;
}

struct Order {
  id @0 :UInt64;
  createdAt @1 :Int64;
  status @2 :OrderStatus;
  customer @3 :Customer;
  shippingAddress @4 :Address;
  items @5 :List(LineItem);
  total @6 :Float64;
  currency @7 :Text;
}

# One payload: `size` orders.
struct Payload {
  records @0 :List(Order);
}
