#!/bin/bash
# An ingest of /work/synth350k (or CORPUS) into a registry that already holds it, timed by /usr/bin/time -v.
#
#     bench/reingest.sh LABEL BINARY REGISTRY_DIR [warm|cold] [CORPUS]
#
# Cold (the default) empties the page cache first (root only). Writes /tmp/LABEL.out and /tmp/LABEL.err and
# prints the wall time, CPU, bytes read and written and the peak RSS. bench/RESULTS.md has the figures.
set -euo pipefail
label=$1 binary=$2 registry=$3 cache=${4:-cold} corpus=${5:-/work/synth350k}
if [ "$cache" != warm ]; then sync; echo 3 > /proc/sys/vm/drop_caches; fi
/usr/bin/time -v "$binary" ingest "$corpus" --db "$registry/registry.sqlite" > "/tmp/$label.out" 2> "/tmp/$label.err"
echo "== $label"
grep -E "User time|System time|Elapsed|Maximum resident|File system" "/tmp/$label.err"
tail -2 "/tmp/$label.out"
