#!/usr/bin/env bash
# The 24-puzzle side by side: the `korf` example (`--heuristic pdb6666 --zero-aware --engine
# ida`, one thread) against the hand-written C++ IDA* of the same search
# (benches/yardsticks/twentyfour.cpp, g++ -O3 -march=native), which reads the example's own
# zero-aware tables, so that both search with one heuristic and generate the same nodes. The
# sides take turns, RUNS rounds (default 5); the script prints each side's median search time
# (the sum of the instances' times, the tables' reading left out), the ratio of the medians,
# and each side's nodes; it exits 1 if a side returns a length that is not the optimal one, or
# if the node counts differ. With --callgrind, the instructions per generated node of each side
# on the first instance instead (valgrind).
#
#   benches/compare_24.sh [INSTANCES] [--callgrind]       (from anywhere)
#
# INSTANCES defaults to the five easiest of Korf and Felner's fifty (#38 #40 #25 #32 #44, from
# benches/data/korf24.txt, the easiest first). The tables (1 GB) are read from PDB_CACHE (default
# target/informed-pdb), and built there first if missing: minutes, and about 6 GB.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${TMPDIR:-/tmp}/informed-compare-24
mkdir -p "$work"
cd "$root"
instances=
mode=
for arg in "$@"; do
  case $arg in
    --callgrind) mode=callgrind ;;
    *) instances=$(realpath "$arg") ;;
  esac
done
label=${instances#"$root"/}
if [ -z "$instances" ]; then
  instances=$work/easiest5.txt
  label="the five easiest of benches/data/korf24.txt"
  for id in 38 40 25 32 44; do grep "^$id " benches/data/korf24.txt; done > "$instances"
fi
runs=${RUNS:-5}
cache=${PDB_CACHE:-target/informed-pdb}

g++ -O3 -march=native -o "$work/twentyfour" benches/yardsticks/twentyfour.cpp
cargo build --quiet --release --example korf
korf=(target/release/examples/korf --heuristic pdb6666 --zero-aware --engine ida --pdb-cache "$cache")
# The tables: built (or checked) by the example on the goal itself, then named for the C++.
echo "compare_24: reading the tables from $cache (building them there first takes minutes)" >&2
echo "0 0 $(seq -s ' ' 0 24)" | "${korf[@]}" > /dev/null 2> "$work/tables.log" ||
  { cat "$work/tables.log" >&2; exit 1; }
tables=()
for tiles in 1-2-5-6-7-12 3-4-8-9-13-14 10-11-15-16-20-21 17-18-19-22-23-24; do
  tables+=("$(ls "$cache"/pdb-5x5-*-tiles$tiles-zero-aware.bin)")
done
sides=(informed c++)
command_of() {
  case $1 in
    informed) echo "${korf[*]}" ;;
    c++) echo "$work/twentyfour ${tables[*]}" ;;
  esac
}

if [ "$mode" = callgrind ]; then
  # Valgrind (3.19 here) stops at the first AVX-512 instruction, which -march=native emits on
  # a processor that has them: callgrind counts a build of the same code without them.
  g++ -O3 -march=native -mno-avx512f -o "$work/twentyfour-cg" benches/yardsticks/twentyfour.cpp
  first=$work/first.txt
  grep -v '^#' "$instances" | grep . | head -1 > "$first"
  echo "instructions per generated node, instance $(cut -d' ' -f1 "$first") (valgrind --tool=callgrind)"
  # The goal itself: each side reads its tables and answers at once.
  echo "0 0 $(seq -s ' ' 0 24)" > "$work/none.txt"
  # Instructions of a run of `input`.
  collected() { # side input
    local cmd
    cmd=$(command_of "$1")
    [ "$1" = c++ ] && cmd="$work/twentyfour-cg ${tables[*]}"
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" $cmd < "$2" \
      > "$work/$1.out" 2> "$work/cg.$1.log"
    grep -o 'Collected : [0-9]*' "$work/cg.$1.log" | grep -o '[0-9]*$'
  }
  for side in "${sides[@]}"; do
    reading=$(collected "$side" "$work/none.txt")
    total=$(collected "$side" "$first")
    nodes=$(awk '{ s += $3 } END { print s }' "$work/$side.out")
    printf '%-10s %14s instructions %12s nodes %8.1f a node (%s to read the tables left out)\n' \
      "$side" "$((total - reading))" "$nodes" \
      "$(awk -v i="$((total - reading))" -v n="$nodes" 'BEGIN { print i / n }')" "$reading"
  done
  exit 0
fi

status=0
declare -A times
for _ in $(seq "$runs"); do
  for side in "${sides[@]}"; do
    $(command_of "$side") < "$instances" > "$work/$side.out" 2> /dev/null
    times[$side]+="$(awk '{ s += $4 } END { printf "%.1f", s }' "$work/$side.out") "
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "instances: $label   median of $runs runs, sides in turn, search time only"
declare -A medians counts
for side in "${sides[@]}"; do
  medians[$side]=$(median <<< "${times[$side]}")
  out=$work/$side.out
  counts[$side]=$(awk '{ s += $3 } END { printf "%d", s }' "$out")
  wrong=$(awk 'NR == FNR { if ($1 !~ /^#/ && NF) optimal[$1] = $2; next } optimal[$1] != $2 { print $1 }' \
    "$instances" "$out" | tr '\n' ' ')
  answered=$(grep -c . "$out" || true)
  expected=$(grep -v '^#' "$instances" | grep -c . || true)
  [ "$answered" -eq "$expected" ] || wrong="$wrong(answered $answered of $expected)"
  printf '%-10s search %10.1f ms  nodes %12s  %s\n' "$side" "${medians[$side]}" "${counts[$side]}" \
    "${wrong:+NOT OPTIMAL: $wrong}"
  [ -z "$wrong" ] || status=1
done
if [ "${counts[informed]}" != "${counts[c++]}" ]; then
  echo "the node counts differ: not the same search"
  status=1
fi
printf 'ratio informed / c++   %.3f   (below 1: informed is faster)\n' \
  "$(awk -v a="${medians[informed]}" -v b="${medians[c++]}" 'BEGIN { print a / b }')"
exit $status
