#!/usr/bin/env bash
# The pancake puzzle (gap heuristic) written as a user of the crate writes it, against a
# hand-written C++ IDA* of the same search (benches/yardsticks/pancake.cpp): same instances,
# move order and node counts. Prints, per stack size, the wall time of each side (median of
# RUNS runs, side by side in one run of this script) and the ratios; with --callgrind, the
# instructions per generated node of each (valgrind), on the first 300 instances.
#
#   benches/compare_pancake.sh [--callgrind]        (from the project root)
#
# Rows: c++ (prunes a child before flipping it), c++apply (flips every child to read its
# heuristic), then the example's styles: docs (the way the trait's docs teach: heuristic_after
# and fixed_moves), plain (heuristic and inverse only: the engine flips every child),
# closures (the pathfinding-style port through closures::FnProblem).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
work=${TMPDIR:-/tmp}/informed-pancake
mkdir -p "$work"
g++ -O3 -march=native -o "$work/pancake" benches/yardsticks/pancake.cpp
cargo build --quiet --release --example pancake
bin=target/release/examples/pancake
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
wall() { # command... < input: milliseconds
  local s e; s=$(date +%s%N); "$@" > "$work/out" 2>/dev/null; e=$(date +%s%N)
  echo $(( (e - s) / 1000000 ))
}
for n in 14 16; do
  count=$([ "$n" = 14 ] && echo 30000 || echo 15000)
  "$bin" --generate "$n" "$count" "$n" > "$work/p$n.txt"
  declare -A ms nodes
  for name in c++ c++apply docs plain closures; do
    case $name in
      c++) cmd=("$work/pancake" predict) ;;
      c++apply) cmd=("$work/pancake" apply) ;;
      *) cmd=("$bin" --style "$name") ;;
    esac
    times=()
    for _ in $(seq "$runs"); do times+=("$(wall "${cmd[@]}" < "$work/p$n.txt")"); done
    ms[$name]=$(printf '%s\n' "${times[@]}" | median)
    nodes[$name]=$(awk '{ s += $3 } END { print s }' "$work/out")
  done
  echo "n = $n, $count stacks, median of $runs runs"
  for name in c++ c++apply docs plain closures; do
    base=c++; [ "$name" = plain ] || [ "$name" = c++apply ] && base=c++apply
    [ "$name" = c++apply ] && base=c++
    printf '  %-9s %6s ms  nodes %10s  ratio to %-8s %s\n' "$name" "${ms[$name]}" "${nodes[$name]}" \
      "$base" "$(awk -v a="${ms[$name]}" -v b="${ms[$base]}" 'BEGIN { printf "%.2f", a / b }')"
  done
  if [ "${1:-}" = --callgrind ]; then
    head -300 "$work/p$n.txt" > "$work/s$n.txt"
    total=$(awk '{ s += $3 } END { print s }' < <("$work/pancake" predict < "$work/s$n.txt" 2>/dev/null))
    for name in c++ c++apply docs plain closures; do
      case $name in
        c++) cmd=("$work/pancake" predict) ;;
        c++apply) cmd=("$work/pancake" apply) ;;
        *) cmd=("$bin" --style "$name") ;;
      esac
      ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${cmd[@]}" < "$work/s$n.txt" 2>&1 >/dev/null \
        | awk '/refs:/ { gsub(",", "", $NF); print $NF }')
      printf '  %-9s %6.1f instructions per generated node (callgrind, %d nodes)\n' "$name" \
        "$(awk -v i="$ir" -v n="$total" 'BEGIN { print i / n }')" "$total"
    done
  fi
  unset ms nodes
done
