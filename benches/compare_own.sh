#!/usr/bin/env bash
# A permutation puzzle of the user's own, written as a user of the crate writes it
# (examples/pancake.rs, examples/topspin.rs), against a hand-written C++ IDA* of the same search
# (benches/yardsticks/PUZZLE.cpp): same instances, move order and node counts. Prints, per
# size, the wall time of each side (median of RUNS runs, side by side in one run of this
# script) and the ratios; with --callgrind, the instructions per generated node of each
# (valgrind), on the first instances of each size.
#
#   benches/compare_own.sh pancake|topspin [--callgrind]        (from the project root)
#
# Rows: c++ (works out a child's heuristic before making it, and never makes one over the
# threshold), c++apply (makes every child to read its heuristic), then the example's styles:
# docs (the way the trait's docs teach: heuristic_after, and visit_children by visit_moves),
# plain (heuristic and inverse only: the engine makes every child), closures (the pathfinding-style port through
# closures::FnProblem: the engine skips the states already on the path, not the inverse move,
# and counts the children it skips, so its node count differs), shipped (the crate's own
# informed::puzzles::Pancake, the same search; on TopSpin the shipped puzzle with its pattern
# database, whose build is in its time and instructions, and whose node count is its own).
set -euo pipefail
cd "$(dirname "$0")/.."
puzzle=${1:?usage: benches/compare_own.sh pancake|topspin [--callgrind]}
mode=${2:-}
case $puzzle in
  # size:instances:instances under callgrind
  pancake) sizes="14:30000:300 16:15000:300" ;;
  topspin) sizes="12:400:50 14:10:1" ;;
  *) echo "compare_own.sh: the puzzles are pancake and topspin" >&2; exit 2 ;;
esac
runs=${RUNS:-5}
work=${TMPDIR:-/tmp}/informed-$puzzle
mkdir -p "$work"
g++ -O3 -march=native -o "$work/$puzzle" "benches/yardsticks/$puzzle.cpp"
# Valgrind (3.19 here) stops at the first AVX-512 instruction, which -march=native emits on a
# processor that has them: callgrind counts a build of the same code without them.
g++ -O3 -march=native -mno-avx512f -o "$work/$puzzle-cg" "benches/yardsticks/$puzzle.cpp"
cargo build --quiet --release --example "$puzzle"
bin=target/release/examples/$puzzle
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
wall() { # command... < input: milliseconds
  local s e; s=$(date +%s%N); "$@" > "$work/out" 2>/dev/null; e=$(date +%s%N)
  echo $(( (e - s) / 1000000 ))
}
for size in $sizes; do
  IFS=: read -r n count sample <<< "$size"
  "$bin" --generate "$n" "$count" "$n" > "$work/p$n.txt"
  declare -A ms nodes
  for name in c++ c++apply docs plain closures shipped; do
    case $name in
      c++) cmd=("$work/$puzzle" predict) ;;
      c++apply) cmd=("$work/$puzzle" apply) ;;
      *) cmd=("$bin" --style "$name") ;;
    esac
    times=()
    for _ in $(seq "$runs"); do times+=("$(wall "${cmd[@]}" < "$work/p$n.txt")"); done
    ms[$name]=$(printf '%s\n' "${times[@]}" | median)
    nodes[$name]=$(awk '{ s += $3 } END { print s }' "$work/out")
  done
  echo "$puzzle n = $n, $count instances, median of $runs runs"
  for name in c++ c++apply docs plain closures shipped; do
    base=c++; [ "$name" = plain ] || [ "$name" = c++apply ] && base=c++apply
    [ "$name" = c++apply ] && base=c++
    printf '  %-9s %6s ms  nodes %10s  ratio to %-8s %s\n' "$name" "${ms[$name]}" "${nodes[$name]}" \
      "$base" "$(awk -v a="${ms[$name]}" -v b="${ms[$base]}" 'BEGIN { printf "%.2f", a / b }')"
  done
  if [ "$mode" = --callgrind ]; then
    head -"$sample" "$work/p$n.txt" > "$work/s$n.txt"
    for name in c++ c++apply docs plain closures shipped; do
      case $name in
        c++) cmd=("$work/$puzzle-cg" predict) ;;
        c++apply) cmd=("$work/$puzzle-cg" apply) ;;
        *) cmd=("$bin" --style "$name") ;;
      esac
      ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${cmd[@]}" < "$work/s$n.txt" 2>&1 >/dev/null \
        | awk '/refs:/ { gsub(",", "", $NF); print $NF }')
      # Each side's own node count (the closure port may differ).
      mine=$(awk '{ s += $3 } END { print s }' < <("${cmd[@]}" < "$work/s$n.txt" 2>/dev/null))
      printf '  %-9s %6.1f instructions per generated node (callgrind, %d nodes)\n' "$name" \
        "$(awk -v i="$ir" -v n="$mine" 'BEGIN { print i / n }')" "$mine"
    done
  fi
  unset ms nodes
done
