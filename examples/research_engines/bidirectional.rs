//! The bidirectional engines (BAE*, MM, bidirectional BFS) against A* and BFS: Korf's easy
//! 15-puzzles, the arena map, and 8-puzzles with no heuristic.

use informed::puzzles::{SlidingPuzzle, sliding_tile};
use informed::{
    Bidirectional, MoveBuffer, SearchProblem, a_star, bfs, bidirectional_a_star, bidirectional_bfs,
    dijkstra, meet_in_the_middle,
};

use crate::{answer, grid, measure, report};

/// A puzzle with its heuristics taken away, both ways.
struct Blind<P>(P);

impl<P: Bidirectional> SearchProblem for Blind<P> {
    type State = P::State;
    type Move = P::Move;
    type Cost = P::Cost;
    fn start(&self) -> P::State {
        self.0.start()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.0.is_goal(state)
    }
    fn moves(&self, state: &P::State, moves: &mut MoveBuffer<P::Move, P::Cost>) {
        self.0.moves(state, moves);
    }
    fn apply(&self, state: &mut P::State, mv: P::Move) {
        self.0.apply(state, mv);
    }
    fn inverse(&self, mv: P::Move) -> Option<P::Move> {
        self.0.inverse(mv)
    }
}

impl<P: Bidirectional> Bidirectional for Blind<P> {
    fn goals(&self) -> Vec<P::State> {
        self.0.goals()
    }
}

/// 8-puzzles `count` random moves or fewer from the goal, by a seeded walk.
fn eight_puzzles(count: usize) -> Vec<SlidingPuzzle<9>> {
    let goal = sliding_tile::blank_last::<9>();
    let walker = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).expect("the goal is a board");
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    (0..count)
        .map(|_| {
            let mut board = walker.start();
            for _ in 0..40 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut moves = MoveBuffer::new();
                walker.moves(&board, &mut moves);
                walker.apply(&mut board, moves[seed as usize % moves.len()].0);
            }
            SlidingPuzzle::<9>::new(3, 3, board.tiles(), &goal).expect("a walk stays solvable")
        })
        .collect()
}

/// A*, BAE* and MM on Korf's easy 15-puzzles.
pub(crate) fn fifteen_puzzles(korf: &[SlidingPuzzle<16>], rounds: usize) {
    report(
        &format!(
            "15-puzzle, Manhattan: korf_easy20, {} instances",
            korf.len()
        ),
        &[
            ("a_star", measure(korf, rounds, |p| answer(&a_star(p)))),
            (
                "bidirectional_a_star",
                measure(korf, rounds, |p| answer(&bidirectional_a_star(p))),
            ),
            (
                "meet_in_the_middle",
                measure(korf, rounds, |p| answer(&meet_in_the_middle(p))),
            ),
        ],
    );
}

/// A*, BAE* and MM on every scenario of the arena map.
pub(crate) fn arena(queries: &[grid::Query], rounds: usize) {
    report(
        &format!(
            "grid, octile: Moving AI arena, {} scenarios, 8-connected",
            queries.len()
        ),
        &[
            ("a_star", measure(queries, rounds, |q| answer(&a_star(q)))),
            (
                "bidirectional_a_star",
                measure(queries, rounds, |q| answer(&bidirectional_a_star(q))),
            ),
            (
                "meet_in_the_middle",
                measure(queries, rounds, |q| answer(&meet_in_the_middle(q))),
            ),
        ],
    );
}

/// Dijkstra, BAE*, MM, BFS and bidirectional BFS on 8-puzzles without a heuristic.
pub(crate) fn blind_eight_puzzles(rounds: usize) {
    let blind: Vec<Blind<SlidingPuzzle<9>>> = eight_puzzles(100).into_iter().map(Blind).collect();
    report(
        "8-puzzle, no heuristic: 100 random walks of 40 moves",
        &[
            (
                "a_star (Dijkstra)",
                measure(&blind[..], rounds, |p| answer(&dijkstra(p))),
            ),
            (
                "bidirectional_a_star",
                measure(&blind[..], rounds, |p| answer(&bidirectional_a_star(p))),
            ),
            (
                "meet_in_the_middle",
                measure(&blind[..], rounds, |p| answer(&meet_in_the_middle(p))),
            ),
            ("bfs", measure(&blind[..], rounds, |p| answer(&bfs(p)))),
            (
                "bidirectional_bfs",
                measure(&blind[..], rounds, |p| answer(&bidirectional_bfs(p))),
            ),
        ],
    );
}
