#!/bin/bash
# The tool takes readings until its time is up, then summarizes each workload;
# bad arguments are refused with exit code 2.
set -euo pipefail
tool=tools/hostnoise/hostnoise
out=$("$tool" --seconds 1 --every 1)
readings=$(grep -c "cpu_loop .* ms  memcpy_1mib .* ms  walk_24mib .* ms  fresh_pages_4mib .* ms$" <<<"$out")
[ "$readings" -ge 1 ] || { echo "no reading in: $out"; exit 1; }
for workload in cpu_loop memcpy_1mib walk_24mib fresh_pages_4mib; do
  grep -Eq "^$workload +$readings +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+%$" <<<"$out" || {
    echo "no summary of $workload in: $out"; exit 1; }
done
for bad in "--seconds 0" "--every x" "--minutes 3" "--seconds"; do
  code=0
  "$tool" $bad >/dev/null 2>&1 || code=$?
  [ "$code" -eq 2 ] || { echo "$bad: exit $code, not 2"; exit 1; }
done
echo ok
