#!/usr/bin/env bash
# Runs every benchmark that takes minutes rather than hours, on the data in benches/data, and
# writes the tables into BENCHMARKS.md between its report markers, with the charts in docs/.
# With --print, prints the tables instead and leaves BENCHMARKS.md and docs/ as they are.
#
#   benches/report.sh [--print]          (from anywhere; about seven minutes on two cores)
#
# Needs a Rust toolchain and g++ (the C++ yardsticks); RUNS sets the runs each side takes
# in the side-by-side comparisons (default 5, the median reported). Every row checks its
# answers (optimal lengths, matching node counts) and the script stops at the first wrong one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:-}
work=${TMPDIR:-/tmp}/informed-report
mkdir -p "$work"
# A cache of its own, so that the pattern databases are built and their build timed.
rm -rf "$work/pdb"
export RUNS=${RUNS:-5}
started=$(date +%s)

examples=(korf grid vs_pathfinding pancake topspin pathfinding_korf)
cargo build --quiet --release $(printf -- '--example %s ' "${examples[@]}")
bin=target/release/examples

# A bar chart as SVG: reads "label value" lines; args: file, title, unit, "log" or "linear".
bar_chart() {
  awk -v title="$2" -v unit="$3" -v scale="$4" '
    { label[NR] = $1; gsub("_", " ", label[NR]); value[NR] = $2 + 0
      if (NR == 1 || $2 + 0 > top) top = $2 + 0
      if (NR == 1 || $2 + 0 < least) least = $2 + 0 }
    END {
      n = NR; width = 640; left = 190; bar = 22; gap = 10; height = 50 + n * (bar + gap)
      printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, height
      printf "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n"
      printf "<text x=\"10\" y=\"22\" font-size=\"15\" fill=\"#222\">%s</text>\n", title
      span = width - left - 90
      for (i = 1; i <= n; i++) {
        # Log scale from a quarter of the least value, so that every bar shows.
        if (scale == "log") w = log(value[i] / (least / 4)) / log(top / (least / 4)) * span
        else w = value[i] / top * span
        y = 40 + (i - 1) * (bar + gap)
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#333\">%s</text>\n", left - 8, y + 16, label[i]
        v = value[i]
        shown = (v >= 1e9) ? sprintf("%.1f G", v / 1e9) : (v >= 1e6) ? sprintf("%.1f M", v / 1e6) : (v >= 1e3) ? sprintf("%.1f k", v / 1e3) : sprintf("%.2f", v)
        printf "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#1f5fbf\"/>\n", left, y, (w < 1) ? 1 : w, bar
        printf "<text x=\"%.1f\" y=\"%d\" fill=\"#333\">%s%s</text>\n", left + w + 6, y + 16, shown, unit
      }
      print "</svg>"
    }' > "$1"
}

out=$work/report.md
: > "$out"
say() { printf '%s\n' "$@" >> "$out"; }

# ---------------------------------------------------------------------------------------------
say "### The 15-puzzle against hand-written solvers" ""
say "IDA\\* with the Manhattan distance (\`korf\`), the C++ yardstick and \`pathfinding\`'s \`idastar\`," \
    "median wall time of $RUNS runs taken in turn (\`benches/compare.sh INSTANCES manhattan --with-pathfinding\`)." ""
say "| instances | nodes | informed | C++ | \`pathfinding\` | informed / C++ | \`pathfinding\` / informed |" \
    "|---|---|---|---|---|---|---|"
for set in korf_easy20 korf_easy40; do
  benches/compare.sh "benches/data/$set.txt" manhattan --with-pathfinding > "$work/compare-$set.txt"
  awk -v set="$set" '
    /^informed/ { informed = $3; nodes = $8 } /^c\+\+/ { cpp = $3 } /^pathfinding/ { pf = $3 }
    END { printf "| %s | %s | %.3f s | %.3f s | %.3f s | %.2f | %.1f |\n", set, nodes, informed, cpp, pf, informed / cpp, pf / informed }
  ' "$work/compare-$set.txt" >> "$out"
done

# ---------------------------------------------------------------------------------------------
say "" "### The 15-puzzle's heuristics" ""
say "IDA\\* on Korf's easiest forty and on all hundred (\`korf --heuristic NAME < benches/data/SET.txt\`):" \
    "nodes generated, seconds of search, and the time to build the pattern databases the first time" \
    "(\`korf\` keeps them in \`target/informed-pdb\` for the next run). \"pruning 12\": the same with" \
    "\`--prune-duplicates 12\` (no slide sequence that a shorter or earlier one matches);" \
    "\"zero-aware\": with \`--zero-aware\` (tables that know the blank's region)." ""
say "| heuristic | instances | nodes | search | nodes/s | tables built in |" "|---|---|---|---|---|---|"
: > "$work/heuristics.chart"
for row in manhattan:korf_easy40 manhattan:korf_easy40:12 linear-conflict:korf_easy40 \
    pdb555:korf_easy40 pdb663:korf_easy40 pdb555:korf100 pdb663:korf100 pdb663:korf100:12 \
    pdb663:korf100::z pdb663:korf100:12:z; do
  IFS=: read -r heuristic set prune aware <<< "$row"
  "$bin/korf" --heuristic "$heuristic" --pdb-cache "$work/pdb" --prune-duplicates "${prune:-0}" \
    ${aware:+--zero-aware} < "benches/data/$set.txt" > "$work/korf.out" 2> "$work/korf.err"
  wrong=$(awk 'NR == FNR { if ($1 !~ /^#/) optimal[$1] = $2; next } optimal[$1] != $2' "benches/data/$set.txt" "$work/korf.out")
  [ -z "$wrong" ] || { echo "report: korf --heuristic $heuristic: not optimal: $wrong" >&2; exit 1; }
  built=$(awk '/pattern database/ { for (i = 1; i <= NF; i++) if ($i == "built" && $(i - 1) > 0) { print $(i + 2) " s"; exit } }' "$work/korf.err")
  awk -v h="$heuristic${aware:+, zero-aware}${prune:+, pruning $prune}" -v set="$set" -v built="${built:-}" '
    { nodes += $3; ms += $4 }
    END { printf "| %s | %s | %d | %.3f s | %.1f M | %s |\n", h, set, nodes, ms / 1000, nodes / ms / 1000,
          built == "" ? (h ~ /^pdb/ ? "cached" : "-") : built }' "$work/korf.out" >> "$out"
  [ "$set" = korf_easy40 ] && [ -z "$prune" ] && [ -z "$aware" ] &&
    awk -v h="$heuristic" '{ n += $3 } END { print h, n }' "$work/korf.out" >> "$work/heuristics.chart"
done

# ---------------------------------------------------------------------------------------------
say "" "### Puzzles of one's own against hand-written C++" ""
say "The pancake puzzle (gap heuristic) and TopSpin (the breaks), written with the trait as a user" \
    "writes them (\`examples/pancake.rs\`, \`examples/topspin.rs\`), against a C++ IDA\\* of the" \
    "same search (\`benches/yardsticks/\`), median of $RUNS runs in turn (\`benches/compare_own.sh PUZZLE\`)." \
    "Rows: \`c++\` makes only the children within the threshold, \`c++apply\` every child;" \
    "\`docs\` is written as the trait's documentation teaches (\`heuristic_after\`, \`visit_moves\`)," \
    "\`plain\` with \`heuristic\` and \`inverse\` only (set against \`c++apply\`), \`closures\` through" \
    "\`FnProblem\`, \`shipped\` the crate's own puzzle (TopSpin's with its pattern database)." ""
for puzzle in pancake topspin; do
  benches/compare_own.sh "$puzzle" > "$work/own-$puzzle.txt"
  say '```text'
  cat "$work/own-$puzzle.txt" >> "$out"
  say '```'
done

# ---------------------------------------------------------------------------------------------
say "" "### Grids: the Moving AI arena map" ""
say "Every one of the map's 160 queries (\`grid [--engine E] [--costs C] benches/data/movingai/arena.map.scen\`)," \
    "8-connected, no corner cutting, each length checked against the file's." ""
say "| engine | costs | optimal lengths | states expanded | time |" "|---|---|---|---|---|"
for row in astar:float astar:scaled jps:float jps:scaled dijkstra:float; do
  IFS=: read -r engine costs <<< "$row"
  times=()
  for _ in $(seq "$RUNS"); do
    "$bin/grid" --engine "$engine" --costs "$costs" benches/data/movingai/arena.map.scen > /dev/null 2> "$work/grid.err"
    times+=("$(awk '{ print $(NF - 1) }' "$work/grid.err")")
  done
  ms=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  awk -v e="$engine" -v c="$costs" -v ms="$ms" -F', ' '
    { split($2, m, " "); split($3, x, " "); printf "| %s | %s | %s of 160 | %s | %s ms |\n", e, c, m[1], x[1], ms }' \
    "$work/grid.err" >> "$out"
done
say "" "Two maps of the benchmark's own (\`benches/data/movingai\`): Dragon Age's den520d (888 queries)" \
    "and Baldur's Gate II's AR0011SR (1,280, in the older \`version 1.0\` format)." ""
say "| map | engine | costs | optimal lengths | states expanded | time |" "|---|---|---|---|---|---|"
for map in den520d AR0011SR; do
  for row in astar:float astar:scaled jps:float jps:scaled; do
    IFS=: read -r engine costs <<< "$row"
    "$bin/grid" --engine "$engine" --costs "$costs" "benches/data/movingai/$map.map.scen" > /dev/null 2> "$work/grid.err"
    awk -v map="$map" -v e="$engine" -v c="$costs" -F', ' '
      { split($1, n, " "); split($2, m, " "); split($3, x, " "); split($4, t, " ")
        printf "| %s | %s | %s | %s of %s | %s | %s ms |\n", map, e, c, m[1], n[1], x[1], t[1] }' \
      "$work/grid.err" >> "$out"
  done
done
say "" "A\\* on the same three maps against \`pathfinding::astar\` with a successor closure that" \
    "allocates nothing (each cell's open directions precomputed as a bit mask), for three cost types," \
    "median of $RUNS rounds, the rows in turn (\`cargo bench --bench movingai -- $RUNS\`;" \
    "p/row above 1: the row is faster than \`pathfinding\`):" "" '```text'
cargo bench --quiet --bench movingai -- "$RUNS" > "$work/movingai.txt"
cat "$work/movingai.txt" >> "$out"
say '```'
say "" "The closure adapter \`FnProblem\` against \`pathfinding\` on the same closures" \
    "(\`cargo run --release --example vs_pathfinding\`; p/inf above 1: informed is faster):" "" '```text'
"$bin/vs_pathfinding" > "$work/vs_pathfinding.txt"
cat "$work/vs_pathfinding.txt" >> "$out"
say '```'

# ---------------------------------------------------------------------------------------------
say "" "_Refreshed by \`benches/report.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores," \
    "$(lscpu 2>/dev/null | awk -F': *' '/^Model name/ { print $2; exit }'), in $(( $(date +%s) - started )) s._"

if [ "$mode" = --print ]; then
  cat "$out"
  exit 0
fi
bar_chart docs/chart_heuristics.svg "Nodes generated on Korf's easiest 40 15-puzzles (log scale)" "" log \
  < "$work/heuristics.chart"
{
  awk '/^ratio informed/ { print "15-puzzle:_the_C++", 1 / $5 } /^ratio pathfinding/ { print "15-puzzle:_pathfinding", $5 }' \
    "$work/compare-korf_easy40.txt"
  awk '/^pancake n = 16/ { on = 1 } on && $1 == "docs" { print "pancake_16:_the_C++", 1 / $NF; exit }' "$work/own-pancake.txt"
  awk '/^topspin n = 14/ { on = 1 } on && $1 == "docs" { print "TopSpin_14:_the_C++", 1 / $NF; exit }' "$work/own-topspin.txt"
  awk '/^astar, arena/ && !a++ { print "grid_A*:_pathfinding", $(NF - 2) }
    /^idastar/ && !b++ { print "pancake_IDA*:_pathfinding", $(NF - 2) }' "$work/vs_pathfinding.txt"
} > "$work/speed.chart"
bar_chart docs/chart_speed.svg "Speed against each yardstick (its time over ours; above 1: we are faster)" "x" linear \
  < "$work/speed.chart"
# The page with what lies between its markers replaced by the report.
awk -v report="$out" '
  /^<!-- report:end -->/ { while ((getline line < report) > 0) print line; skip = 0 }
  !skip { print }
  /^<!-- report:begin -->/ { skip = 1 }' BENCHMARKS.md > "$work/BENCHMARKS.md"
grep -q '^<!-- report:end -->' "$work/BENCHMARKS.md" || { echo "report: BENCHMARKS.md lacks its markers" >&2; exit 1; }
cp "$work/BENCHMARKS.md" BENCHMARKS.md
echo "report: BENCHMARKS.md and docs/chart_*.svg written in $(( $(date +%s) - started )) s"
