//! Every optimal solution: IDA* that does not stop at its first goal.

use crate::cost::{Cost, min};
use crate::engines::depth_first::ida_star::{Round, Rounds, deepen, threshold_after};
use crate::engines::depth_first::stack::{DepthFirst, Ended, OnGoal, Policy};
use crate::limits::Watch;
use crate::options::SearchOptions;
use crate::problem::SearchProblem;
use crate::solution::{Outcome, SearchResult, Stats};

/// The optimal solutions of a problem, as [`optimal_solutions`] found them.
#[derive(Clone, Debug, PartialEq)]
pub struct OptimalSolutions<M, C> {
    /// The optimal cost.
    pub cost: C,
    /// How many optimal solutions there are (distinct move sequences): all of them when the
    /// search ran to its end ([`Outcome::Solved`]), that many at least when a limit stopped
    /// it ([`Outcome::Stopped`]'s `so_far`).
    pub count: u64,
    /// The moves of the first `keep` of them, in the order IDA* meets them (lexicographic in
    /// the order of [`SearchProblem::moves`]).
    pub solutions: Vec<Vec<M>>,
}

/// Every optimal solution of `problem`, counted, the first `keep` of them kept, with default
/// options.
///
/// IDA*'s iterations, from the start's heuristic up; the iteration that meets the first goal
/// goes on to its end, keeping every goal at the least cost met and cutting off every child
/// above it. With an admissible heuristic, that is every optimal path that skips the inverse
/// of each move (as every engine does) and ends at its first goal. Memory is linear in the
/// depth, plus the `keep` solutions.
///
/// - **When to use it:** puzzles that ask for the number of shortest solutions, or for all
///   of them (a judge's "print every optimal answer"), or a check of how many ties an engine
///   chooses among. Counting can take far longer than finding one: the iteration runs to its
///   end. Bound it with [`SearchOptions::max_nodes`] or a time limit.
/// - **Float costs:** two paths are both optimal when their sums, added move by move, are
///   equal.
/// - **Termination** and zero-cost cycles: as [`ida_star`](crate::ida_star()).
///
/// ```
/// use informed::optimal_solutions;
/// use informed::closures::FnProblem;
///
/// // From (0, 0) to (2, 2) on a 3 x 3 grid, a step at a time: 6 shortest ways, C(4, 2).
/// let steps = |&(x, y): &(i32, i32)| -> Vec<((i32, i32), u32)> {
///     [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..3).contains(&x) && (0..3).contains(&y))
///         .map(|cell| (cell, 1))
///         .collect()
/// };
/// let distance = |&(x, y): &(i32, i32)| (4 - x - y) as u32;
/// let problem = FnProblem::new((0, 0), steps, distance, |&cell| cell == (2, 2));
/// let all = optimal_solutions(&problem, 2).into_solution().expect("(2, 2) is reachable");
/// assert_eq!((all.cost, all.count), (4, 6));
/// assert_eq!(all.solutions.len(), 2); // the first two kept
/// assert_eq!(problem.path_of(&all.solutions[0]), [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]);
/// ```
pub fn optimal_solutions<P: SearchProblem>(
    problem: &P,
    keep: usize,
) -> SearchResult<OptimalSolutions<P::Move, P::Cost>, P::Cost> {
    optimal_solutions_with(problem, keep, &SearchOptions::default())
}

/// [`optimal_solutions()`] with options.
pub fn optimal_solutions_with<P: SearchProblem>(
    problem: &P,
    keep: usize,
    options: &SearchOptions,
) -> SearchResult<OptimalSolutions<P::Move, P::Cost>, P::Cost> {
    let mut search = DepthFirst::new(problem, options, None);
    let outcome = match crate::engines::not_one_start(problem) {
        Some(Outcome::Invalid { error, .. }) => Outcome::invalid(error),
        Some(_) => Outcome::NoSolution,
        None => {
            let mut rounds = Counting {
                search: &mut search,
                keep,
                so_far: None,
            };
            let at_start = || {
                // The empty path: any other ends at a goal it passes first.
                Outcome::Solved(OptimalSolutions {
                    cost: P::Cost::ZERO,
                    count: 1,
                    solutions: if keep > 0 {
                        vec![Vec::new()]
                    } else {
                        Vec::new()
                    },
                })
            };
            match deepen(&mut rounds, problem, options, at_start, Outcome::Solved) {
                // What the iteration that met the goals had counted when it stopped.
                Outcome::Stopped {
                    reason,
                    completed_threshold,
                    ..
                } => Outcome::Stopped {
                    reason,
                    completed_threshold,
                    so_far: rounds.so_far,
                },
                Outcome::Invalid { error, .. } => Outcome::Invalid {
                    error,
                    solution: rounds.so_far,
                },
                outcome => outcome,
            }
        }
    };
    SearchResult {
        outcome,
        stats: search.stats,
    }
}

/// The iterations of [`optimal_solutions_with`]: IDA*'s, each going on past its goals to the
/// end, keeping the first `keep`; what one that stopped had found is kept in `so_far`.
struct Counting<'s, 'p, P: SearchProblem> {
    search: &'s mut DepthFirst<'p, P>,
    keep: usize,
    so_far: Option<OptimalSolutions<P::Move, P::Cost>>,
}

impl<'p, P: SearchProblem> Rounds<'p, P> for Counting<'_, 'p, P> {
    type Found = OptimalSolutions<P::Move, P::Cost>;

    fn round(&mut self, threshold: P::Cost) -> Round<P::Cost, Self::Found> {
        let mut ties = Ties::<P> {
            keep: self.keep,
            cost: None,
            count: 0,
            solutions: Vec::new(),
            least_cut: P::Cost::MAX,
        };
        let ended = self.search.search(threshold, &mut ties);
        let found = ties.cost.map(|cost| OptimalSolutions {
            cost,
            count: ties.count,
            solutions: core::mem::take(&mut ties.solutions),
        });
        match ended {
            Ended::Stopped(reason) => {
                self.so_far = found;
                Round::Stopped(reason)
            }
            Ended::Invalid(error) => {
                self.so_far = found;
                Round::Invalid(error)
            }
            Ended::Exhausted | Ended::AtGoal | Ended::OverBudget => match found {
                Some(found) => Round::Found(found),
                None => Round::Exhausted(
                    threshold_after(threshold, ties.least_cut).map(|next| (next, next)),
                ),
            },
        }
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        (&mut self.search.stats, &self.search.watch)
    }

    fn overflowed(&self) -> bool {
        self.search.overflowed
    }
}

/// The goals of one iteration at the least cost met.
struct Ties<P: SearchProblem> {
    keep: usize,
    cost: Option<P::Cost>,
    count: u64,
    solutions: Vec<Vec<P::Move>>,
    /// The least `f` cut off, for the next threshold.
    least_cut: P::Cost,
}

impl<P: SearchProblem> Policy<P> for Ties<P> {
    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        self.least_cut = min(self.least_cut, f);
    }

    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        if self.cost.is_none_or(|best| cost < best) {
            // Cheaper than every goal before: they were not optimal.
            self.cost = Some(cost);
            self.count = 0;
            self.solutions.clear();
        }
        self.count += 1;
        if self.solutions.len() < self.keep {
            self.solutions.push(path.to_vec());
        }
        OnGoal::AtMost(cost)
    }
}
