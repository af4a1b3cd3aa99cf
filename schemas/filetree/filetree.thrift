// The `filetree` dataset: a recursive directory tree with a tagged union of
// file and directory, timestamps, an enum and optional fields. Twin of
// filetree.proto (same field names and numbers), filetree.fbs and
// filetree.capnp. Timestamps are i64 microseconds since the Unix epoch, UTC.
// Thrift has no unsigned integers: the uint64 nbytes is an i64 (below 2^53).
namespace cpp serbench.filetree.thrift
namespace netstd serbench.filetree.thrift

enum Permission {
  READ = 0
  WRITE = 1
  READ_WRITE = 2
}

struct File {
  1: string name
  2: string created_by
  3: i64 created_at
  4: optional string updated_by
  5: optional i64 updated_at
  6: i64 nbytes
  7: Permission permissions
}

struct Directory {
  1: string name
  2: string created_by
  3: i64 created_at
  4: optional string updated_by
  5: optional i64 updated_at
  6: list<Node> contents
}

// The tagged union (JSON: an object whose "type" is "file" or "directory").
union Node {
  1: File file
  2: Directory directory
}

// One payload: `size` top-level nodes, each a small subtree.
struct Payload {
  1: list<Node> records
}
