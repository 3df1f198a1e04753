//! Budgeted tree search (BTS, the tree search of IBEX): iterative deepening whose thresholds
//! are searched for, under node budgets, until each iteration does at least twice the work of
//! the last.

use crate::cost::{Cost, max, min};
use crate::engines::depth_first::ida_star::{
    Goal, Recursive, Round, Rounds, next_threshold, solve,
};
use crate::engines::depth_first::stack::{DepthFirst, Ended, OnGoal, Policy};
use crate::limits::Watch;
use crate::options::SearchOptions;
use crate::problem::SearchProblem;
use crate::solution::{ResultOf, Stats};

/// An iteration is enough when it expands at least this many times the nodes of the last.
const LEAST_GROWTH: u64 = 2;
/// A search for the next threshold may expand at most this many times the nodes of the last
/// iteration.
const MOST_GROWTH: u64 = 8;

/// Solves `problem` with budgeted tree search (BTS), the tree search of IBEX (Helmert,
/// Lattimore, Lelis, Orseau and Sturtevant, 2019), with default options.
///
/// IDA* raises its threshold to the least `f` above it; where costs take many values, each
/// iteration then adds a handful of nodes, and the search does quadratically more work than
/// its last iteration. BTS runs IDA*'s iteration first, and keeps it when it expanded at least
/// twice the nodes of the last one: where IDA* suits (a unit-cost puzzle), BTS is IDA*. When
/// the iteration grew less, BTS searches for the next threshold: it tries thresholds farther
/// and farther out (exponential search), then between the last one too small and the first
/// one too large (binary search), each search given a budget of eight times the last
/// iteration's nodes and ended when it spends it; a search within the budget that expands at
/// least twice the last iteration's nodes is the next iteration. Whatever the costs, the work
/// then grows with the last iteration's by no more than a logarithmic factor (the paper's
/// bound), not quadratically as IDA*'s can.
///
/// - **Optimal** with an admissible heuristic. A search past the optimal cost goes on as
///   branch and bound below the best goal it met, and the best goal is returned once the
///   searches prove no cheaper one exists.
/// - **Memory:** the path, as IDA*'s.
/// - **When to use it:** where IDA* needs many iterations (moves of many costs) and A* too
///   much memory; [`ida_star_cr`](crate::ida_star_cr()) guesses the next threshold from the
///   counts of one iteration instead, and may overshoot by far where BTS does not.
/// - **Statistics:** `stats.thresholds` holds the threshold of every search, the budgeted ones
///   included; `stats.expanded` counts the nodes of all of them.
/// - **Termination** and zero-cost cycles: as [`ida_star`](crate::ida_star()).
///
/// Reference: M. Helmert, T. Lattimore, L. H. S. Lelis, L. Orseau, N. R. Sturtevant,
/// "Iterative budgeted exponential search", *IJCAI* 2019, 1249–1257.
///
/// ```
/// use informed::{a_star, budgeted_tree_search};
/// use informed::closures::FnProblem;
///
/// // Steps of 10 and 14 on a line of 0..=200: many distinct path costs.
/// let steps = |&x: &i32| -> Vec<(i32, u32)> {
///     [(x + 1, 10), (x + 2, 14), (x - 1, 10)].into_iter().filter(|&(y, _)| (0..=200).contains(&y)).collect()
/// };
/// let problem = FnProblem::new(0, steps, |&x: &i32| (200 - x) as u32 * 7, |&x: &i32| x == 200);
/// let result = budgeted_tree_search(&problem);
/// assert_eq!(result.solution().map(|s| s.cost), Some(1400));
/// assert_eq!(a_star(&problem).solution().map(|s| s.cost), Some(1400));
/// ```
pub fn budgeted_tree_search<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    budgeted_tree_search_with(problem, &SearchOptions::default())
}

/// [`budgeted_tree_search()`] with options.
pub fn budgeted_tree_search_with<P: SearchProblem>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    if options.detects_cycles(problem) {
        return run::<P, true>(problem, options);
    }
    run::<P, false>(problem, options)
}

/// [`budgeted_tree_search_with`], skipping the states on the path with `CYCLES`.
fn run<P: SearchProblem, const CYCLES: bool>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    let mut rounds = Budgeted::<P, CYCLES> {
        ida: Recursive::new(problem, problem.start(), options),
        stack: DepthFirst::from_state(problem, problem.start(), options, CYCLES),
        last_work: 0,
        best: None,
    };
    let outcome = solve(&mut rounds, problem, options);
    ResultOf::<P> {
        outcome,
        stats: rounds.ida.into_stats(),
    }
}

/// BTS's iterations: IDA*'s by recursion, the budgeted searches on the explicit stack, with
/// the recursion's counts and limits lent to it.
struct Budgeted<'p, P: SearchProblem, const CYCLES: bool> {
    ida: Recursive<'p, P, CYCLES>,
    stack: DepthFirst<'p, P>,
    /// The nodes the last iteration expanded (at least); none before the first, which is
    /// kept whatever it expands.
    last_work: u64,
    /// The cheapest goal met.
    best: Option<Goal<P>>,
}

/// What a budgeted search saw, beside the best goal.
struct Probe<P: SearchProblem> {
    threshold: P::Cost,
    /// The least `f` cut off above the threshold.
    least_above: P::Cost,
    /// The greatest `f` let in (or cut off below the best goal).
    most_within: P::Cost,
    best: Option<Goal<P>>,
}

impl<P: SearchProblem> Policy<P> for Probe<P> {
    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        if f > self.threshold {
            self.least_above = min(self.least_above, f);
        } else {
            self.most_within = max(self.most_within, f);
        }
    }

    #[inline]
    fn within(&mut self, f: P::Cost) {
        self.most_within = max(self.most_within, f);
    }

    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        // Only goals cheaper than the best get here: branch and bound below it.
        self.best = Some((path.to_vec(), cost));
        OnGoal::Below(cost)
    }
}

type RoundOf<P> = Round<<P as SearchProblem>::Cost, Goal<P>>;

impl<P: SearchProblem, const CYCLES: bool> Budgeted<'_, P, CYCLES> {
    /// The nodes expanded so far.
    fn expanded(&mut self) -> u64 {
        Rounds::parts(&mut self.ida).0.expanded
    }

    /// Searches every path within `threshold` and below the best goal's cost, expanding at
    /// most `budget` nodes: the probe and how many it expanded (`None` if it spent the
    /// budget), or the round a limit or a fault ends.
    fn probe(
        &mut self,
        threshold: P::Cost,
        budget: u64,
    ) -> Result<(Probe<P>, Option<u64>), RoundOf<P>> {
        let mut probe = Probe::<P> {
            threshold,
            least_above: P::Cost::MAX,
            most_within: P::Cost::ZERO,
            best: self.best.take(),
        };
        let before = self.expanded();
        let ended = self.ida.lend(&mut self.stack, |stack| {
            stack.budget = budget;
            match &probe.best {
                Some((_, cost)) if *cost <= threshold => stack.search_under(*cost, &mut probe),
                _ => stack.search(threshold, &mut probe),
            }
        });
        self.best = probe.best.take();
        match ended {
            Ended::Stopped(reason) => Err(Round::Stopped(reason)),
            Ended::Invalid(error) => Err(Round::Invalid(error)),
            Ended::OverBudget => Ok((probe, None)),
            Ended::Exhausted | Ended::AtGoal => {
                let work = self.expanded() - before;
                Ok((probe, Some(work)))
            }
        }
    }

    /// The best goal, proven optimal.
    fn found(&mut self) -> RoundOf<P> {
        let best = self.best.take();
        Round::Found(best.expect("a goal was met"))
    }

    /// The next iteration's threshold after an IDA* iteration at `threshold` that expanded
    /// `work` nodes and would go on at `floor`, searched for under budgets; or the best goal,
    /// once proven optimal.
    fn search_threshold(&mut self, threshold: P::Cost, floor: P::Cost, work: u64) -> RoundOf<P> {
        let (least, most) = (
            self.last_work.saturating_mul(LEAST_GROWTH),
            self.last_work.saturating_mul(MOST_GROWTH),
        );
        if work >= least {
            self.last_work = work;
            return Round::Exhausted(Some((floor, floor)));
        }
        let cost_bound = Rounds::parts(&mut self.ida).1.cost_bound;
        // The least threshold not yet searched in full, the least known to spend the budget.
        let (mut lower, mut upper) = (floor, P::Cost::MAX);
        // The exponential search's first step: IDA*'s increment, or 1/1024 of the threshold
        // where float sums make that increment a rounding error.
        let gap = max(floor - threshold, threshold.scaled(1.0 / 1024.0));
        let mut step = 0.5;
        let mut work = work;
        while lower < upper && !(least..most).contains(&work) {
            if self.best.as_ref().is_some_and(|(_, cost)| *cost <= lower) {
                return self.found();
            }
            if lower > cost_bound {
                return Round::Exhausted(Some((lower, lower)));
            }
            let next = if upper == P::Cost::MAX {
                step *= 2.0;
                lower.saturating_add(gap.scaled(step))
            } else {
                lower.saturating_add((upper - lower).scaled(0.5))
            };
            let next = min(next, cost_bound);
            Rounds::parts(&mut self.ida).0.thresholds.push(next);
            let (probe, spent) = match self.probe(next, most) {
                Ok(probed) => probed,
                Err(round) => return round,
            };
            let Some(spent) = spent else {
                // Spent: at least the budget's worth.
                work = most;
                upper = min(upper, probe.most_within);
                continue;
            };
            work = spent;
            if self.best.as_ref().is_some_and(|(_, cost)| *cost <= next) {
                // Every path cheaper than the best goal was searched.
                return self.found();
            }
            match next_threshold(next, probe.least_above - next) {
                Some(above) => lower = max(lower, above),
                None => return Round::Exhausted(None),
            }
        }
        self.last_work = max(work, least);
        Round::Exhausted(Some((floor, lower)))
    }
}

impl<'p, P: SearchProblem, const CYCLES: bool> Rounds<'p, P> for Budgeted<'p, P, CYCLES> {
    type Found = Goal<P>;

    fn round(&mut self, threshold: P::Cost) -> RoundOf<P> {
        if self
            .best
            .as_ref()
            .is_some_and(|(_, cost)| *cost <= threshold)
        {
            return self.found();
        }
        let before = self.expanded();
        // The threshold is at most the optimum: IDA*'s iteration, ended at its first goal.
        match self.ida.iterate(threshold, P::Cost::ZERO, None) {
            Round::Exhausted(Some((floor, _))) => {
                let work = self.expanded() - before;
                self.search_threshold(threshold, floor, work)
            }
            round => round.map_found(|cost| (self.ida.take_path(), cost)),
        }
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        Rounds::parts(&mut self.ida)
    }

    fn overflowed(&self) -> bool {
        Rounds::overflowed(&self.ida) || self.stack.overflowed
    }
}
