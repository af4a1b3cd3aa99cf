// Apache Thrift 0.17.0 (Debian libthrift-dev) on schemas/<d>/<d>.thrift, with
// the C++ code `thrift --gen cpp` writes by default (structs read and written
// through virtual TProtocol calls).
// The native objects are the generated Payload struct (thrift_binding.h).
//   encode   the Payload (filled from the records at setup) written into a
//            fresh TMemoryBuffer, whose bytes are copied once into the
//            std::string every codec returns.
//   decode   a TMemoryBuffer observing the bytes (no copy), the generated
//            Payload read from it.
//   convert  records -> Payload -> records.
// Decode (with the conversion to the records, where the model's limits
// apply) refuses (DecodeError) what libthrift refuses (truncated input, bad
// type ids, negative sizes, a string or list longer than the input, nesting
// beyond TConfiguration's 64 levels), trailing bytes, and what the model
// cannot hold: unknown enum numbers, out-of-range integers, a union with no
// member or two. Fields of the wrong wire type are skipped and absent fields
// keep their defaults (Thrift's rule for fields not marked `required`, and
// the schemas mark none, as proto3 has none), so it is not `validates`.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

// TBinaryProtocol: format thrift_binary.
Library ThriftLibrary();
// TCompactProtocol (zigzag varints, field-id deltas): format thrift_compact,
// variant compact.
Library ThriftCompactLibrary();

}  // namespace serbench::adapters
