# The `filetree` dataset: a recursive tree with a tagged union of file and
# directory. Twin of filetree.proto and filetree.fbs. Timestamps are
# microseconds since the Unix epoch, UTC. An absent updatedBy is a null Text
# pointer (hasUpdatedBy() is false); updatedAt is a union, as Cap'n Proto has
# no optional scalars.
@0xbad5d027ef35bf5d;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("serbench::filetree::capnp");

enum Permission {
  read @0;
  write @1;
  readWrite @2;
}

struct File {
  name @0 :Text;
  createdBy @1 :Text;
  createdAt @2 :Int64;
  updatedBy @3 :Text;
  updatedAt :union {
    none @4 :Void;
    value @5 :Int64;
  }
  nbytes @6 :UInt64;
  permissions @7 :Permission;
}

struct Directory {
  name @0 :Text;
  createdBy @1 :Text;
  createdAt @2 :Int64;
  updatedBy @3 :Text;
  updatedAt :union {
    none @4 :Void;
    value @5 :Int64;
  }
  contents @6 :List(Node);
}

# The tagged union.
struct Node {
  union {
    file @0 :File;
    directory @1 :Directory;
  }
}

# One payload: `size` top-level nodes, each a small subtree.
struct Payload {
  records @0 :List(Node);
}
