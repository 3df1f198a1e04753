//! Iterative-deepening A* (IDA*).

use hashbrown::HashSet;
use num_traits::{Bounded, Saturating, Zero};

use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{solution_from_moves, Outcome, ResultOf, SearchOptions, Stats};

/// Solves `problem` with IDA*, the iterative-deepening A* of Korf (1985), with default options.
///
/// IDA* runs depth-first searches bounded by a cost *threshold* on `f = g + h`: the first
/// threshold is the heuristic of the start, and each next one is the smallest `f` that
/// exceeded the one before. It stores nothing but the current path, so its memory is linear
/// in the solution depth, and it is the engine of choice for puzzles with a good heuristic and
/// few distinct costs, such as the sliding-tile puzzles.
///
/// - **Heuristic:** with an admissible heuristic the solution is optimal. Among optimal
///   solutions, IDA* returns the one whose moves are lexicographically smallest in the order
///   [`SearchProblem::moves`] yields them.
/// - **Work in place:** states are changed by [`apply`](SearchProblem::apply) and restored by
///   [`undo`](SearchProblem::undo); no state is cloned and nothing is allocated per node. The
///   path is kept on an explicit stack, not the call stack, so depth is limited by memory only.
/// - **Time:** O(b^d) node generations for branching factor b and solution depth d, times the
///   number of iterations; **memory:** O(d), one move buffer per depth.
/// - **Termination:** in a finite space with no goal, IDA* proves that no solution exists only
///   if the space has no cycles, or if [`SearchOptions::detect_cycles`] is set; otherwise the
///   threshold grows forever. A heuristic may return `Cost::max_value()` to mark a state from
///   which no goal can be reached: such a state is never expanded.
///
/// Reference: R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
/// search", *Artificial Intelligence* 27 (1985) 97–109.
///
/// ```
/// use informed::ida_star;
/// use informed::puzzles::SlidingPuzzle;
///
/// // Luogu P1379: goal 1 2 3 / 8 0 4 / 7 6 5.
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let result = ida_star(&puzzle);
/// assert_eq!(result.solution().map(|s| s.cost), Some(4));
/// assert_eq!(result.stats.thresholds, [4]);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn ida_star<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    ida_star_with(problem, &SearchOptions::default())
}

/// [`ida_star`] with options.
pub fn ida_star_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    let mut search = Search {
        problem,
        state: problem.start(),
        frames: Vec::new(),
        stats: Stats::default(),
        on_path: options.detect_cycles.then(HashSet::new),
    };
    let outcome = search.run(options);
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// One node on the current path, with the moves still to try below it.
struct Frame<M, C> {
    moves: MoveBuffer<M, C>,
    next: usize,
    g: C,
    /// The move that led here; `None` at the root.
    arrived_by: Option<M>,
    /// The inverse of `arrived_by`, which is never tried from here.
    skip: Option<M>,
}

enum Iteration<C> {
    /// The goal was reached at this cost; the path is in the frames and the last move.
    Found(C),
    /// The smallest `f` above the threshold, or `None` if no node exceeded it.
    Exhausted(Option<C>),
}

struct Search<'p, P: SearchProblem> {
    problem: &'p P,
    state: P::State,
    /// The current path; frames above the current depth are kept to reuse their buffers.
    frames: Vec<Frame<P::Move, P::Cost>>,
    stats: Stats<P::Cost>,
    /// The states on the current path, when cycles are to be detected.
    on_path: Option<HashSet<P::State>>,
}

impl<P: SearchProblem> Search<'_, P> {
    fn run(&mut self, options: &SearchOptions) -> Outcome<P::State, P::Move, P::Cost> {
        let problem = self.problem;
        if problem.is_goal(&self.state) {
            let solution = solution_from_moves(problem, Vec::new(), P::Cost::zero(), options);
            return Outcome::Solved(solution);
        }
        let mut threshold = problem.heuristic(&self.state);
        while threshold != P::Cost::max_value() {
            self.stats.thresholds.push(threshold);
            match self.iterate(threshold) {
                Iteration::Found(cost) => {
                    let moves = self.frames.iter().filter_map(|frame| frame.arrived_by);
                    let moves = moves.collect();
                    return Outcome::Solved(solution_from_moves(problem, moves, cost, options));
                }
                Iteration::Exhausted(Some(next)) => threshold = next,
                Iteration::Exhausted(None) => break,
            }
        }
        Outcome::NoSolution
    }

    /// One depth-first search bounded by `threshold`, from the start state back to it.
    fn iterate(&mut self, threshold: P::Cost) -> Iteration<P::Cost> {
        let problem = self.problem;
        let mut next_threshold: Option<P::Cost> = None;
        self.push(0, P::Cost::zero(), None);
        let mut depth = 0;
        loop {
            let frame = &mut self.frames[depth];
            let Some(&(mv, cost)) = frame.moves.get(frame.next) else {
                // Every move below this node is tried: back up one level.
                let arrived_by = frame.arrived_by;
                if let Some(on_path) = &mut self.on_path {
                    on_path.remove(&self.state);
                }
                match arrived_by {
                    Some(mv) => problem.undo(&mut self.state, mv),
                    None => return Iteration::Exhausted(next_threshold),
                }
                depth -= 1;
                continue;
            };
            frame.next += 1;
            if frame.skip == Some(mv) {
                continue;
            }
            let g = frame.g.saturating_add(cost);
            problem.apply(&mut self.state, mv);
            self.stats.generated += 1;
            let h = problem.heuristic(&self.state);
            let f = g.saturating_add(h);
            let repeated = self.repeats_path();
            if repeated || f > threshold {
                // A state already on the path is never worth a next threshold: a cheaper
                // path to it is being explored already.
                if !repeated && f != P::Cost::max_value() {
                    next_threshold = Some(next_threshold.map_or(f, |next| next.min(f)));
                }
                problem.undo(&mut self.state, mv);
                continue;
            }
            if problem.is_goal(&self.state) {
                self.frames.truncate(depth + 1);
                self.frames.push(Frame {
                    moves: MoveBuffer::new(),
                    next: 0,
                    g,
                    arrived_by: Some(mv),
                    skip: None,
                });
                return Iteration::Found(g);
            }
            depth += 1;
            self.push(depth, g, Some(mv));
        }
    }

    /// Makes the current state the node at `depth` and lists its moves.
    fn push(&mut self, depth: usize, g: P::Cost, arrived_by: Option<P::Move>) {
        let problem = self.problem;
        if self.frames.len() == depth {
            self.frames.push(Frame {
                moves: MoveBuffer::new(),
                next: 0,
                g,
                arrived_by,
                skip: None,
            });
        }
        let frame = &mut self.frames[depth];
        frame.moves.clear();
        problem.moves(&self.state, &mut frame.moves);
        frame.next = 0;
        frame.g = g;
        frame.arrived_by = arrived_by;
        frame.skip = arrived_by.and_then(|mv| problem.inverse(mv));
        self.stats.expanded += 1;
        if let Some(on_path) = &mut self.on_path {
            on_path.insert(self.state.clone());
        }
    }

    /// Whether cycle detection is on and the current state is already on the path.
    fn repeats_path(&self) -> bool {
        self.on_path
            .as_ref()
            .is_some_and(|on_path| on_path.contains(&self.state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of `size` positions; the goal is unreachable when it lies outside the ring.
    struct Ring {
        size: u32,
        goal: u32,
    }

    impl SearchProblem for Ring {
        type State = u32;
        type Move = bool;
        type Cost = u32;
        fn start(&self) -> u32 {
            0
        }
        fn is_goal(&self, state: &u32) -> bool {
            *state == self.goal
        }
        fn moves(&self, _: &u32, moves: &mut MoveBuffer<bool, u32>) {
            moves.push((true, 1));
            moves.push((false, 1));
        }
        fn apply(&self, state: &mut u32, forward: bool) {
            *state = if forward {
                (*state + 1) % self.size
            } else {
                (*state + self.size - 1) % self.size
            };
        }
        fn inverse(&self, forward: bool) -> Option<bool> {
            Some(!forward)
        }
    }

    #[test]
    fn goes_the_short_way_round() {
        let result = ida_star(&Ring { size: 10, goal: 7 });
        let solution = result.solution().unwrap();
        assert_eq!(solution.moves, [false, false, false]);
        assert_eq!(result.stats.thresholds, [0, 1, 2, 3]);
    }

    #[test]
    fn start_at_goal_needs_no_moves() {
        let result = ida_star_with(
            &Ring { size: 5, goal: 0 },
            &SearchOptions::new().record_states(true),
        );
        let solution = result.into_solution().unwrap();
        assert!(solution.is_empty());
        assert_eq!(solution.states, Some(vec![0]));
    }

    #[test]
    fn cycle_detection_proves_no_solution() {
        let options = SearchOptions::new().detect_cycles(true);
        let result = ida_star_with(&Ring { size: 6, goal: 99 }, &options);
        assert_eq!(result.outcome, Outcome::NoSolution);
        assert_eq!(result.stats.thresholds, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn records_states_along_the_path() {
        let options = SearchOptions::new().record_states(true);
        let result = ida_star_with(&Ring { size: 10, goal: 2 }, &options);
        let solution = result.into_solution().unwrap();
        assert_eq!(solution.states, Some(vec![0, 1, 2]));
        assert_eq!(solution.cost, 2);
    }
}
