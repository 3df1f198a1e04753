// Hand-written 15-puzzle IDA* with the Manhattan distance, the yardstick for the `korf`
// example (benches/compare.sh builds and runs both). What an expert writes for one puzzle: the
// board in an array, the distance updated per move from a table, the parent's inverse move
// skipped, moves made and unmade in place. Same move order as the crate (the blank goes up,
// left, right, down) and the same count (every child made, in every iteration), so the node
// counts agree exactly and the times compare the same work.
//
//   fifteen < instances
//
// Input lines: "<id> <optimal length> <t0> .. <t15>", the tile at each cell row by row, 0 the
// blank, goal 0 1 .. 15 ('#' lines and blank lines skipped).
// Output: "<id> <length> <nodes generated> <ms>"; a summary on stderr.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

static int distance[16][16];  // distance[cell][tile]: the tile's moves from the cell home
static int board[16];
static int blank;
static long long nodes;
static int threshold, next_threshold;

// Blank steps, in the crate's order: up, left, right, down; step 3 - d undoes step d.
static const int row_step[4] = {-1, 0, 0, 1};
static const int column_step[4] = {0, -1, 1, 0};

static bool search(int g, int h, int last) {
    const int f = g + h;
    if (f > threshold) {
        if (f < next_threshold) next_threshold = f;
        return false;
    }
    if (h == 0) return true;
    const int row = blank / 4, column = blank % 4;
    for (int d = 0; d < 4; d++) {
        if (d == 3 - last) continue;
        const int r = row + row_step[d], c = column + column_step[d];
        if (r < 0 || r > 3 || c < 0 || c > 3) continue;
        const int from = r * 4 + c, tile = board[from], was = blank;
        const int child_h = h - distance[from][tile] + distance[was][tile];
        board[was] = tile;
        board[from] = 0;
        blank = from;
        nodes++;
        if (search(g + 1, child_h, d)) return true;
        blank = was;
        board[from] = tile;
        board[was] = 0;
    }
    return false;
}

int main() {
    for (int cell = 0; cell < 16; cell++)
        for (int tile = 1; tile < 16; tile++)
            distance[cell][tile] = std::abs(cell / 4 - tile / 4) + std::abs(cell % 4 - tile % 4);
    std::string line;
    long long total_nodes = 0;
    double total_ms = 0;
    while (std::getline(std::cin, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        int id, optimal;
        in >> id >> optimal;
        int h = 0;
        for (int cell = 0; cell < 16; cell++) {
            in >> board[cell];
            if (board[cell] == 0) blank = cell;
            h += distance[cell][board[cell]];
        }
        const auto started = std::chrono::steady_clock::now();
        nodes = 0;
        threshold = h;
        for (;;) {
            next_threshold = 1 << 30;
            if (search(0, h, -1)) break;
            threshold = next_threshold;
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        printf("%d %d %lld %.1f\n", id, threshold, nodes, ms);
        fflush(stdout);
        total_nodes += nodes;
        total_ms += ms;
    }
    fprintf(stderr, "%lld nodes, %.1f ms, %.1f M nodes/s\n", total_nodes, total_ms,
            total_nodes / total_ms / 1000.0);
}
