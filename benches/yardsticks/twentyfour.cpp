// Hand-written 24-puzzle IDA* with Korf and Felner's 6-6-6-6 pattern databases, zero-aware,
// with reflection about the main diagonal: the yardstick for the `korf` example's
// `--heuristic pdb6666 --zero-aware --engine ida` (benches/compare_24.sh builds and runs both).
// It reads the crate's own table files, so both search with the same heuristic; what an
// expert writes for one puzzle: the board in an array, each pattern's rank kept and changed by
// a slide alone (by the tiles it passes), the children's direct entries read together (so that
// their misses overlap), a child whose direct entries already exceed the threshold spared its
// reflected ones, moves made and unmade in place. Same move order as the crate (the blank goes
// up, left, right, down), the parent's inverse move skipped, and the same count (every child,
// cut off or not, once), so the node counts agree exactly and the times compare the same work.
//
//   twentyfour TABLE1 TABLE2 TABLE3 TABLE4 < instances
//
// TABLEk: the zero-aware table file of the k-th pattern (tiles 1 2 5 6 7 12; 3 4 8 9 13 14;
// 10 11 15 16 20 21; 17 18 19 22 23 24), as the crate writes it. Each entry of its first half
// is the least cost with the blank outside the small pockets (regions of one or two free
// cells), with bit 0x80 set where a blank in such a pocket costs less; the second half holds
// the least cost over every cell of the blank.
// Input lines: "<id> <optimal length> <t0> .. <t24>", the tile at each cell row by row, 0 the
// blank, goal 0 1 .. 24 ('#' lines and blank lines skipped).
// Output: "<id> <length> <nodes generated> <ms>"; a summary on stderr.
#include <sys/mman.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

static constexpr int W = 5, N = 25, PATTERNS = 4, SIZE = 6;
static constexpr uint64_t PLACEMENTS = 25ull * 24 * 23 * 22 * 21 * 20;
static constexpr uint8_t IN_POCKET = 0x80;
static const int pattern[PATTERNS][SIZE] = {
    {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}};

static const uint8_t* table[PATTERNS];
static int pattern_of[N], mirror[N];  // mirror: a cell's (and a goal tile's) image
static uint32_t weight[SIZE];         // a unit of each digit of a rank
static uint32_t next_to[N];           // the cells beside each cell, as bits

static int index_in[N];               // a tile's number in its pattern's list

// The search's state: the board, and each pattern's entries, ranks and cells (as bits, on the
// board itself for a reflected one), direct and reflected.
static int board[N], cell_of[N], blank;
static int direct[PATTERNS], reflected[PATTERNS];
static uint32_t direct_ranks[PATTERNS], reflected_ranks[PATTERNS];
static uint32_t occupied_direct[PATTERNS], occupied_reflected[PATTERNS];
static long long nodes;
static int threshold, least_excess;

// Blank steps in the crate's order: up, left, right, down; step 3 - d undoes step d.
static const int step[4] = {-W, -1, 1, W};
static uint8_t open_steps[N];  // the steps that stay on the board, as bits

// Whether a blank at `cell` is in a region of at most two free cells, `occupied` the
// pattern's cells.
static inline bool in_small_pocket(int cell, uint32_t occupied) {
    const uint32_t free_next = next_to[cell] & ~occupied;
    if (free_next == 0) return true;
    if (free_next & (free_next - 1)) return false;
    const int next = __builtin_ctz(free_next);
    return (next_to[next] & ~occupied & ~(1u << cell)) == 0;
}

// The rank of a placement: its tiles' cells in the pattern's order.
static inline uint32_t rank_of(const int cells[SIZE]) {
    uint32_t used = 0, rank = 0;
    for (int i = 0; i < SIZE; i++) {
        const int cell = cells[i];
        rank += (cell - __builtin_popcount(used & ((1u << cell) - 1))) * weight[i];
        used |= 1u << cell;
    }
    return rank;
}

// The entry of pattern `p` at `rank`, settled for a blank at `blank_cell` among the pattern's
// cells `occupied` (on the board itself, for a reflected lookup too: the mirror image of a
// pocket is a pocket of the mirror image).
static inline int settle(int p, uint32_t rank, int entry, int blank_cell, uint32_t occupied) {
    if (!(entry & IN_POCKET)) return entry;
    return in_small_pocket(blank_cell, occupied) ? table[p][PLACEMENTS + rank] : entry & ~IN_POCKET;
}

// Pattern p's rank and the cells its tiles hold, direct or reflected, worked out whole: for
// the start.
static inline uint32_t direct_rank(int p, uint32_t* occupied) {
    int cells[SIZE];
    uint32_t mask = 0;
    for (int i = 0; i < SIZE; i++) {
        cells[i] = cell_of[pattern[p][i]];
        mask |= 1u << cells[i];
    }
    *occupied = mask;
    return rank_of(cells);
}
static inline uint32_t reflected_rank(int q, uint32_t* occupied) {
    int cells[SIZE];
    uint32_t mask = 0;
    for (int i = 0; i < SIZE; i++) {
        const int cell = cell_of[mirror[pattern[q][i]]];
        cells[i] = mirror[cell];
        mask |= 1u << cell;
    }
    *occupied = mask;
    return rank_of(cells);
}

// The change of a rank when its tile number `k` goes from cell `a` to the free cell `b`
// (cells as the rank sees them), `index_at(c)` the number in the pattern of the tile the rank
// sees at cell c, or -1: the moved tile's digit changes by the distance less the earlier tiles
// it passes, and each later tile it passes gains or loses one. Only a move across rows
// passes tiles.
template <typename IndexAt>
static inline int64_t rank_change(int k, int a, int b, IndexAt index_at) {
    const int low = a < b ? a : b, high = a < b ? b : a;
    int64_t digit = high - low, change = 0;
    for (int c = low + 1; c < high; c++) {
        const int j = index_at(c);
        if (j < 0) continue;
        if (j < k) digit--;
        else change += weight[j];
    }
    change += digit * weight[k];
    return b > a ? change : -change;
}

static inline void cut(int f) {
    nodes++;
    if (f - threshold < least_excess) least_excess = f - threshold;
}

static bool search(int g, int sum_direct, int sum_reflected, int last) {
    const uint8_t open = open_steps[blank] & ~(last < 0 ? 0 : 1 << (3 - last));
    const int was = blank;
    int from[4], tile[4], p[4], q[4], new_direct[4], new_reflected[4];
    uint32_t rank_d[4], rank_r[4];
    bool alive[4] = {false, false, false, false};
    // The direct entries of every child first, their reads in flight together.
    for (int d = 0; d < 4; d++) {
        if (!(open & 1 << d)) continue;
        from[d] = was + step[d];
        const int t = tile[d] = board[from[d]];
        const int pd = p[d] = pattern_of[t];
        rank_d[d] = direct_ranks[pd] + rank_change(index_in[t], from[d], was, [pd](int c) {
                        const int u = board[c];
                        return pattern_of[u] == pd ? index_in[u] : -1;
                    });
        new_direct[d] = table[pd][rank_d[d]];
        alive[d] = true;
    }
    for (int d = 0; d < 4; d++) {
        if (!alive[d] || new_direct[d] & IN_POCKET) continue;
        const int f = g + 1 + sum_direct - direct[p[d]] + new_direct[d];
        if (f > threshold) {
            cut(f);
            alive[d] = false;
        }
    }
    for (int d = 0; d < 4; d++) {
        if (!alive[d]) continue;
        const int t = mirror[tile[d]];
        const int qd = q[d] = pattern_of[t];
        rank_r[d] = reflected_ranks[qd] +
                    rank_change(index_in[t], mirror[from[d]], mirror[was], [qd](int c) {
                        const int u = mirror[board[mirror[c]]];
                        return pattern_of[u] == qd ? index_in[u] : -1;
                    });
        new_reflected[d] = table[qd][rank_r[d]];
    }
    for (int d = 0; d < 4; d++) {
        if (!alive[d]) continue;
        const uint32_t moved = 1u << from[d] | 1u << was;
        const uint32_t occupied_d = occupied_direct[p[d]] ^ moved;
        const uint32_t occupied_r = occupied_reflected[q[d]] ^ moved;
        new_direct[d] = settle(p[d], rank_d[d], new_direct[d], from[d], occupied_d);
        new_reflected[d] = settle(q[d], rank_r[d], new_reflected[d], from[d], occupied_r);
        const int child_direct = sum_direct - direct[p[d]] + new_direct[d];
        const int child_reflected = sum_reflected - reflected[q[d]] + new_reflected[d];
        const int h = child_direct > child_reflected ? child_direct : child_reflected;
        const int f = g + 1 + h;
        if (f > threshold) {
            cut(f);
            continue;
        }
        nodes++;
        const int t = tile[d], pd = p[d], qd = q[d];
        const int then_direct = direct[pd], then_reflected = reflected[qd];
        const uint32_t then_rank_d = direct_ranks[pd], then_rank_r = reflected_ranks[qd];
        board[was] = t;
        board[from[d]] = 0;
        blank = from[d];
        direct[pd] = new_direct[d];
        reflected[qd] = new_reflected[d];
        direct_ranks[pd] = rank_d[d];
        reflected_ranks[qd] = rank_r[d];
        occupied_direct[pd] = occupied_d;
        occupied_reflected[qd] = occupied_r;
        if (h == 0) {
            bool home = true;
            for (int c = 0; c < N; c++) home &= board[c] == c;
            if (home) return true;
        }
        if (search(g + 1, child_direct, child_reflected, d)) return true;
        occupied_direct[pd] ^= moved;
        occupied_reflected[qd] ^= moved;
        direct_ranks[pd] = then_rank_d;
        reflected_ranks[qd] = then_rank_r;
        direct[pd] = then_direct;
        reflected[qd] = then_reflected;
        blank = was;
        board[from[d]] = t;
        board[was] = 0;
    }
    return false;
}

// Reads a table file of the crate: magic, version, kind, key, packing, entries, the entries, a
// checksum (not checked here: the crate checked it when it wrote or last read the file).
static const uint8_t* read_table(const char* path) {
    FILE* file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "twentyfour: cannot open %s\n", path);
        exit(2);
    }
    char magic[13];
    uint32_t version, length;
    bool ok = fread(magic, 1, 13, file) == 13 && memcmp(magic, "informed-pdb\n", 13) == 0 &&
              fread(&version, 4, 1, file) == 1 && version == 3;
    std::string kind;
    for (int field = 0; ok && field < 2; field++) {
        ok = fread(&length, 4, 1, file) == 1 && length < 4096;
        std::string text(ok ? length : 0, '\0');
        ok = ok && fread(&text[0], 1, length, file) == length;
        if (field == 0) kind = text;
    }
    uint8_t packing = 0;
    uint64_t entries = 0;
    ok = ok && kind == "sliding-tile-zero-aware" && fread(&packing, 1, 1, file) == 1 &&
         packing == 1 && fread(&entries, 8, 1, file) == 1 && entries == 2 * PLACEMENTS;
    if (!ok) {
        fprintf(stderr, "twentyfour: %s is not a zero-aware 6-tile table of the crate\n", path);
        exit(2);
    }
    // In huge pages, as the crate keeps its tables: a lookup lands anywhere in 255 MB.
    void* memory = mmap(nullptr, entries, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        fprintf(stderr, "twentyfour: out of memory\n");
        exit(2);
    }
    madvise(memory, entries, MADV_HUGEPAGE);
    if (fread(memory, 1, entries, file) != entries) {
        fprintf(stderr, "twentyfour: %s is cut short\n", path);
        exit(2);
    }
    fclose(file);
    return static_cast<const uint8_t*>(memory);
}

int main(int argc, char** argv) {
    if (argc != 1 + PATTERNS) {
        fprintf(stderr, "usage: twentyfour TABLE1 TABLE2 TABLE3 TABLE4 < instances\n");
        return 2;
    }
    for (int t = 0; t < N; t++) pattern_of[t] = -1;
    for (int p = 0; p < PATTERNS; p++) {
        table[p] = read_table(argv[1 + p]);
        for (int i = 0; i < SIZE; i++) {
            pattern_of[pattern[p][i]] = p;
            index_in[pattern[p][i]] = i;
        }
    }
    for (int i = 0; i < SIZE; i++) {
        weight[i] = 1;
        for (int j = i + 1; j < SIZE; j++) weight[i] *= N - j;
    }
    for (int cell = 0; cell < N; cell++) {
        const int row = cell / W, column = cell % W;
        mirror[cell] = column * W + row;
        next_to[cell] = (row > 0 ? 1u << (cell - W) : 0) | (column > 0 ? 1u << (cell - 1) : 0) |
                        (column < W - 1 ? 1u << (cell + 1) : 0) | (row < W - 1 ? 1u << (cell + W) : 0);
        open_steps[cell] = (row > 0) | (column > 0) << 1 | (column < W - 1) << 2 | (row < W - 1) << 3;
    }
    std::string line;
    long long total_nodes = 0;
    double total_ms = 0;
    while (std::getline(std::cin, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        int id, optimal;
        in >> id >> optimal;
        for (int cell = 0; cell < N; cell++) {
            in >> board[cell];
            cell_of[board[cell]] = cell;
        }
        blank = cell_of[0];
        int sum_direct = 0, sum_reflected = 0;
        for (int p = 0; p < PATTERNS; p++) {
            uint32_t rank = direct_ranks[p] = direct_rank(p, &occupied_direct[p]);
            direct[p] = settle(p, rank, table[p][rank], blank, occupied_direct[p]);
            rank = reflected_ranks[p] = reflected_rank(p, &occupied_reflected[p]);
            reflected[p] = settle(p, rank, table[p][rank], blank, occupied_reflected[p]);
            sum_direct += direct[p];
            sum_reflected += reflected[p];
        }
        const auto started = std::chrono::steady_clock::now();
        nodes = 0;
        threshold = sum_direct > sum_reflected ? sum_direct : sum_reflected;
        for (;;) {
            least_excess = 1 << 30;
            if (search(0, sum_direct, sum_reflected, -1)) break;
            threshold += least_excess;
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
