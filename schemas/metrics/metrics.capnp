# The `metrics` dataset: numeric arrays. Twin of metrics.proto and metrics.fbs.
@0x8ef4f54bcee2f723;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("serbench::metrics::capnp");

struct Series {
  name @0 :Text;
  unit @1 :Text;
  timestamps @2 :List(Int64);
  values @3 :List(Float64);
}

# One payload: `size` series.
struct Payload {
  records @0 :List(Series);
}
