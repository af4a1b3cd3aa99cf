// The `metrics` dataset: numeric arrays. Each record is one time series of
// 256 points (i64 timestamps in microseconds, double values). Twin of
// metrics.proto (same field names and numbers), metrics.fbs and metrics.capnp.
namespace cpp serbench.metrics.thrift
namespace netstd serbench.metrics.thrift

struct Series {
  1: string name
  2: string unit
  3: list<i64> timestamps
  4: list<double> values
}

// One payload: `size` series.
struct Payload {
  1: list<Series> records
}
