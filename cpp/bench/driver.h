// The suite's driver (isolation): one worker process per dataset and round,
// each planning and timing only its dataset's cases, so no case is timed in
// a process holding another dataset's objects; the workers' files merged
// into DIR/cpp.json and DIR/cpp-cases.json; the calibration workloads
// around them into DIR/cpp-calibration.json.
#pragma once

#include <string>

#include "cpp/bench/cli.h"

namespace serbench::bench {

// Returns the exit code: 0, 1 when a worker failed (the others' results are
// still merged), 2 for an unknown --library / --dataset or unreadable --cases.
int Drive(const Options& options, const std::string& argv0);

}  // namespace serbench::bench
