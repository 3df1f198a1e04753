// Hand-written TopSpin IDA* (a ring of n tokens, a turnstile reversing four neighbours) with
// the break heuristic, the yardstick for the `topspin` example (benches/compare_own.sh builds
// and runs both). Same move order (the turn at place i, i = 0..n-1), the parent's turn
// skipped, nodes counted as every child made, h = ceil(breaks / 2).
//
//   topspin [predict|apply]  < instances
//
// predict: the child's break count is worked out before turning (two pairs change), and a
//          child over the threshold is never turned (what a hand-tuned solver does);
// apply:   every child is turned, its heuristic read from the state, and turned back (what a
//          problem with only a heuristic and inverse moves makes the engine do).
// Input lines: "<id> <n> <p0> .. <p(n-1)>", the ring from place 0 ('#' lines skipped).
// Output: "<id> <length> <nodes generated> <ms>"; a summary on stderr.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>

static int n;
static unsigned char token[64];
static unsigned char window[64][6];  // the places the turn at i touches: i-1 .. i+4
static long long nodes;
static int bound, next_bound;
static bool predict = true;

static inline int broken(int a, int b) {
    int d = std::abs(a - b);
    return d != 1 && d != n - 1;
}

static inline int breaks_after(int i, int breaks) {
    const unsigned char* w = window[i];
    int t0 = token[w[0]], t1 = token[w[1]], t4 = token[w[4]], t5 = token[w[5]];
    return breaks + broken(t0, t4) + broken(t1, t5) - broken(t0, t1) - broken(t4, t5);
}

static inline void turn(int i) {
    const unsigned char* w = window[i];
    std::swap(token[w[1]], token[w[4]]);
    std::swap(token[w[2]], token[w[3]]);
}

static inline bool solved(int breaks) { return breaks == 0 && (token[0] + 1) % n == token[1]; }

static bool dfs(int g, int breaks, int prev) {
    if (solved(breaks)) return true;
    for (int i = 0; i < n; i++) {
        if (i == prev) continue;
        nodes++;
        int nb = breaks_after(i, breaks);
        int f = g + 1 + (nb + 1) / 2;
        if (predict) {
            if (f > bound) { if (f < next_bound) next_bound = f; continue; }
            turn(i);
            if (dfs(g + 1, nb, i)) return true;
            turn(i);
        } else {
            turn(i);
            int h = (nb + 1) / 2;  // read back from the turned ring, as the engine must
            f = g + 1 + h;
            if (f > bound) {
                if (f < next_bound) next_bound = f;
                turn(i);
                continue;
            }
            if (dfs(g + 1, nb, i)) return true;
            turn(i);
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
        for (int i = 0; i < n; i++) {
            int t;
            in >> t;
            token[i] = (unsigned char)t;
        }
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 6; k++) window[i][k] = (unsigned char)((i + n + k - 1) % n);
        auto t0 = std::chrono::steady_clock::now();
        int breaks = 0;
        for (int i = 0; i < n; i++) breaks += broken(token[i], token[(i + 1) % n]);
        nodes = 0;
        bound = (breaks + 1) / 2;
        while (true) {
            next_bound = 1 << 30;
            if (dfs(0, breaks, -1)) break;
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
