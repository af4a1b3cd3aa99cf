"""The `metrics` dataset: numeric arrays, one time series of 256 points per record
(int64 microsecond timestamps, finite doubles in shortest round-trip form)."""

import math
import sys
from random import Random

from schemas.datagen.common import Record, is_edge, micros

POINTS = 256
SERIES = [
    ("cpu.user", "percent"),
    ("mem.rss", "bytes"),
    ("http.latency", "ms"),
    ("http.requests", "requests/s"),
    ("disk.temp", "°C"),
    ("queue.depth", ""),
]
HOSTS = ["web-01", "web-02", "db-primary", "cache-eu", "edge-東京"]
STEPS_US = [1_000_000, 10_000_000, 60_000_000]
# Doubles at the edges of the format: zero, the largest and the smallest
# (subnormal) finite values, and the smallest normal one.
EDGE_VALUES = [0.0, sys.float_info.max, -sys.float_info.max, 5e-324, sys.float_info.min, 0.1, 1.0]


def _values(rng: Random) -> list[float]:
    """A random walk with noise: full 17-digit doubles, as real telemetry has."""
    level = rng.uniform(0, 1000)
    values = []
    for _ in range(POINTS):
        level += rng.gauss(0, 5)
        values.append(level * math.exp(rng.gauss(0, 0.01)))
    return values


def record(rng: Random, index: int) -> Record:
    metric, unit = rng.choice(SERIES)
    start = micros(rng)
    step = rng.choice(STEPS_US)
    values = _values(rng)
    if is_edge(index, 50, 2):
        values[: len(EDGE_VALUES)] = EDGE_VALUES
    return {
        "name": f"{metric}{{host={rng.choice(HOSTS)}}}",
        "unit": unit,
        "timestamps": [start + i * step + rng.randrange(1000) for i in range(POINTS)],
        "values": values,
    }
