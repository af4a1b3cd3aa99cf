#!/bin/bash
# Decodes this language's own encodings of every format, dataset and size,
# and checks the protocol's exit codes for a corrupted payload (1), a format
# without a reference library (3) and bad usage (2).
set -uo pipefail

interop="$PWD/$1"
catalog_h="$PWD/$2"
cd "$TEST_TMPDIR"
failures=0

expect() {  # expect STATUS COMMAND...
  local want=$1
  shift
  "$@" >out.txt 2>&1
  local got=$?
  if [[ $got != "$want" ]]; then
    echo "want exit $want, got $got: $*" >&2
    cat out.txt >&2
    failures=$((failures + 1))
  fi
}

# A constant of the catalog's generated header, as words: "a" "b" -> a b
# (never empty: a header the pattern misses fails the test).
catalog() {
  local words
  words=$(sed -n "s/.* $1 = {\(.*\)};/\1/p" "$catalog_h" | tr -d '",')
  [[ -n $words ]] || { echo "no $1 in $catalog_h" >&2; exit 1; }
  echo "$words"
}

formats=$(catalog kInteropFormats) && datasets=$(catalog kSyntheticDatasets) &&
  sizes=$(catalog kSizes) || exit 1
for format in $formats; do
  for dataset in $datasets; do
    for size in $sizes; do
      file="$format-$dataset-$size.bin"
      args=(--format "$format" --dataset "$dataset" --size "$size")
      expect 0 "$interop" encode "${args[@]}" --out "$file"
      expect 0 "$interop" decode "${args[@]}" --in "$file"
    done
  done
done

# The 1-record user payload decoded as the 100-record fixture: a difference.
expect 1 "$interop" decode --format json --dataset user --size 100 --in json-user-1.bin
grep -q "records: want 100 elements" out.txt || { echo "no field path in: $(cat out.txt)" >&2; failures=$((failures + 1)); }
head -c 20 protobuf-order-100.bin >truncated.bin
expect 1 "$interop" decode --format protobuf --dataset order --size 100 --in truncated.bin
expect 3 "$interop" decode --format cbor --dataset user --size 1 --in truncated.bin
grep -q "^not-applicable: " out.txt || { echo "no not-applicable line" >&2; failures=$((failures + 1)); }
expect 2 "$interop" encode --format json --dataset nosuch --size 1 --out x
expect 2 "$interop" transcode
exit $((failures > 0))
