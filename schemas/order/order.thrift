// The `order` dataset: a nested e-commerce order. Twin of order.proto (same
// field names and numbers), order.fbs and order.capnp. Timestamps are i64
// microseconds since the Unix epoch, UTC (JSON: RFC 3339). Thrift has no
// unsigned integers: the uint64 ids are i64 (ids are below 2^53) and the
// uint32 quantity is an i64; decoders range-check them.
namespace cpp serbench.order.thrift
namespace netstd serbench.order.thrift

enum OrderStatus {
  PENDING = 0
  PAID = 1
  SHIPPED = 2
  DELIVERED = 3
  CANCELLED = 4
}

struct Customer {
  1: i64 id
  2: string name
  3: string email
  4: string phone
}

struct Address {
  1: string street
  2: string city
  3: string postcode
  4: string country
}

struct LineItem {
  1: string sku
  2: string name
  3: i64 quantity
  4: double unit_price
}

struct Order {
  1: i64 id
  2: i64 created_at
  3: OrderStatus status
  4: Customer customer
  5: Address shipping_address
  6: list<LineItem> items
  7: double total
  8: string currency
}

// One payload: `size` orders.
struct Payload {
  1: list<Order> records
}
