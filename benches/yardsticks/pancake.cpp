// Hand-written pancake-puzzle IDA* with the gap heuristic (Helmert 2010), the yardstick for
// the `pancake` example (benches/compare_pancake.sh builds and runs both). Same move order
// (flip the top k, k = 2..n), the parent's flip skipped, nodes counted as every child made.
//
//   pancake [predict|apply]  < instances
//
// predict: the child's heuristic is worked out before flipping (one pair changes), and a
//          child over the threshold is never flipped (what a hand-tuned solver does);
// apply:   every child is flipped, its heuristic read from the state, and flipped back (what
//          a problem with only a heuristic and inverse moves makes the engine do).
// Input lines: "<id> <n> <p0> .. <p(n-1)>", top of the stack first ('#' lines skipped).
// Output: "<id> <length> <nodes generated> <ms>"; a summary on stderr.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

static int n;
static int cake[65];  // cake[n] = n: the plate
static long long nodes;
static int bound, next_bound;
static bool predict = true;

static inline int gap(int a, int b) { return std::abs(a - b) != 1; }

// Reverses the top k pancakes pair by pair from the outside in (the Rust example's loop).
static inline void reverse_top(int k) {
    for (int i = 0, j = k - 1; i < j; i++, j--) std::swap(cake[i], cake[j]);
}

// Flips the top k pancakes, updating the gap count h.
static inline int flip(int k, int h) {
    h += gap(cake[0], cake[k]) - gap(cake[k - 1], cake[k]);
    reverse_top(k);
    return h;
}

static bool dfs(int g, int h, int prev) {
    if (h == 0) return true;
    for (int k = 2; k <= n; k++) {
        if (k == prev) continue;
        nodes++;
        if (predict) {
            int nh = h + gap(cake[0], cake[k]) - gap(cake[k - 1], cake[k]);
            int f = g + 1 + nh;
            if (f > bound) { if (f < next_bound) next_bound = f; continue; }
            reverse_top(k);
            if (dfs(g + 1, nh, k)) return true;
            reverse_top(k);
        } else {
            int nh = flip(k, h);
            int f = g + 1 + nh;
            if (f > bound) {
                if (f < next_bound) next_bound = f;
                flip(k, nh);
                continue;
            }
            if (dfs(g + 1, nh, k)) return true;
            flip(k, nh);
        }
    }
    return false;
}

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "apply") == 0) predict = false;
    std::string line;
    long long total_nodes = 0;
    double total_ms = 0;
    while (std::getline(std::cin, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        int id;
        in >> id >> n;
        for (int i = 0; i < n; i++) in >> cake[i];
        cake[n] = n;
        auto t0 = std::chrono::steady_clock::now();
        int h = 0;
        for (int i = 0; i < n; i++) h += gap(cake[i], cake[i + 1]);
        nodes = 0;
        bound = h;
        while (true) {
            next_bound = 1 << 30;
            if (dfs(0, h, -1)) break;
            bound = next_bound;
        }
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        printf("%d %d %lld %.1f\n", id, bound, nodes, ms);
        fflush(stdout);
        total_nodes += nodes;
        total_ms += ms;
    }
    fprintf(stderr, "total nodes %lld, ms %.1f\n", total_nodes, total_ms);
}
