#!/usr/bin/env bash
# The 15-puzzle side by side: the `korf` example against the hand-written C++ IDA*
# (benches/yardsticks/fifteen.cpp, g++ -O3 -march=native) and, with --with-pathfinding, the
# `pathfinding` crate's idastar (benches/yardsticks/pathfinding_korf.rs), on the same
# instances. The sides take turns, RUNS rounds (default 5); the script prints each side's
# median wall time and the ratios of the medians, and exits 1 if any side returns a length
# that is not the optimal one.
#
#   benches/compare.sh [INSTANCES] [HEURISTIC] [--with-pathfinding]      (from anywhere)
#
# INSTANCES defaults to benches/data/korf_easy40.txt, HEURISTIC to manhattan (the `korf`
# example's --heuristic; the yardsticks always use the Manhattan distance). KORF_BIN measures
# an already built `korf` binary instead of this checkout's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
instances=$(realpath "${1:-$root/benches/data/korf_easy40.txt}")
heuristic=${2:-manhattan}
with_pathfinding=${3:-}
runs=${RUNS:-5}
work=${TMPDIR:-/tmp}/informed-compare
mkdir -p "$work"
cd "$root"

g++ -O3 -march=native -o "$work/fifteen" benches/yardsticks/fifteen.cpp
cargo build --quiet --release --example korf
[ -n "$with_pathfinding" ] && cargo build --quiet --release --example pathfinding_korf
korf=${KORF_BIN:-target/release/examples/korf}

sides=(informed c++)
[ -n "$with_pathfinding" ] && sides+=(pathfinding)
command_of() {
  case $1 in
    informed) echo "$korf --heuristic $heuristic" ;;
    c++) echo "$work/fifteen" ;;
    pathfinding) echo "target/release/examples/pathfinding_korf" ;;
  esac
}
status=0
# One run of a side: its wall time in seconds; its output kept for the checks.
run() {
  local s e
  s=$(date +%s%N)
  $(command_of "$1") < "$instances" > "$work/$1.out" 2>/dev/null
  e=$(date +%s%N)
  awk -v ns=$((e - s)) 'BEGIN { printf "%.4f\n", ns / 1e9 }'
}
declare -A times
for _ in $(seq "$runs"); do
  for side in "${sides[@]}"; do times[$side]+="$(run "$side") "; done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "instances: ${instances#$root/}   heuristic: $heuristic   median of $runs runs, sides in turn"
declare -A medians
for side in "${sides[@]}"; do
  medians[$side]=$(median <<< "${times[$side]}")
  out=$work/$side.out
  count=$(grep -c . "$out" || true)
  nodes=$(awk '{ s += $3 } END { printf "%d", s }' "$out")
  wrong=$(awk 'NR == FNR { if ($1 !~ /^#/ && NF) optimal[$1] = $2; next } optimal[$1] != $2 { print $1 }' \
    "$instances" "$out" | tr '\n' ' ')
  expected=$(grep -vc '^#' "$instances" || true)
  [ "$count" -eq "$expected" ] || wrong="$wrong(answered $count of $expected)"
  printf '%-12s wall %8.3f s  instances %3d  nodes %12s  %s\n' "$side" "${medians[$side]}" "$count" \
    "$nodes" "${wrong:+NOT OPTIMAL: $wrong}"
  [ -z "$wrong" ] || status=1
done
printf 'ratio informed / c++           %.3f   (below 1: informed is faster)\n' \
  "$(awk -v a="${medians[informed]}" -v b="${medians[c++]}" 'BEGIN { print a / b }')"
if [ -n "$with_pathfinding" ]; then
  printf 'ratio pathfinding / informed   %.2f   (how many times faster informed is)\n' \
    "$(awk -v a="${medians[pathfinding]}" -v b="${medians[informed]}" 'BEGIN { print a / b }')"
fi
exit $status
