//! IDA*_CR: iterative deepening whose thresholds grow by how many nodes they let in, not by
//! the least `f` above them, so that costs of many distinct values need few iterations.

use hashbrown::HashMap;

use crate::cost::{Cost, min};
use crate::engines::depth_first::ida_star::{Goal, Round, Rounds, next_threshold, solve};
use crate::engines::depth_first::stack::{DepthFirst, Ended, OnGoal, Policy};
use crate::limits::Watch;
use crate::options::SearchOptions;
use crate::problem::SearchProblem;
use crate::solution::{ResultOf, Stats};

/// How many distinct `f` values of cut-off children an iteration counts, at most: enough to
/// place the next threshold, bounded whatever the costs.
const COUNTED_VALUES: usize = 4096;

/// Solves `problem` with IDA*_CR (iterative deepening with controlled re-expansion), with
/// default options.
///
/// IDA* raises its threshold to the least `f` that exceeded it, so with costs of many
/// distinct values (a grid with moves of 10 and 14, real-valued costs) each iteration adds a
/// handful of nodes and the search spends its time repeating the ones before. IDA*_CR counts
/// the children each iteration cuts off by their `f`, and sets the next threshold where the
/// count reaches as many nodes as the iteration generated: each iteration about doubles the
/// last, so the work is a small multiple of the last iteration's, whatever the costs.
///
/// A threshold may now pass the optimal cost. The iteration that first meets a goal therefore
/// goes on as branch and bound, cutting off every child not cheaper than the best goal so
/// far, and returns the best goal when it ends: optimal with an admissible heuristic. Memory
/// is linear in the depth, as IDA*'s.
///
/// - **When to use it:** where IDA* needs too many iterations (non-unit costs) and A* too
///   much memory. On unit-cost puzzles IDA*'s thresholds already grow by a factor of the
///   branching, and IDA* is as good.
/// - **Statistics:** `stats.thresholds` holds each iteration's threshold.
/// - **Termination** and zero-cost cycles: as [`ida_star`](crate::ida_star()).
///
/// Reference: U. K. Sarkar, P. P. Chakrabarti, S. Ghose, S. C. De Sarkar, "Reducing
/// reexpansions in iterative-deepening search by controlling cutoff bounds", *Artificial
/// Intelligence* 50 (1991) 207–221.
///
/// ```
/// use informed::{a_star, ida_star_cr};
/// use informed::closures::FnProblem;
///
/// // Steps of 10 and 14 on a line of 0..=200: many distinct path costs.
/// let steps = |&x: &i32| -> Vec<(i32, u32)> {
///     [(x + 1, 10), (x + 2, 14), (x - 1, 10)].into_iter().filter(|&(y, _)| (0..=200).contains(&y)).collect()
/// };
/// let problem = FnProblem::new(0, steps, |&x: &i32| (200 - x) as u32 * 7, |&x: &i32| x == 200);
/// let result = ida_star_cr(&problem);
/// assert_eq!(result.solution().map(|s| s.cost), Some(1400));
/// assert!(result.stats.thresholds.len() < 20);
/// assert_eq!(a_star(&problem).solution().map(|s| s.cost), Some(1400));
/// ```
pub fn ida_star_cr<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    ida_star_cr_with(problem, &SearchOptions::default())
}

/// [`ida_star_cr()`] with options.
pub fn ida_star_cr_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    let mut search = DepthFirst::new(problem, options, None);
    let outcome = solve(&mut Counted(&mut search), problem, options);
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// IDA*_CR's iterations on the shared stack: each counts the children it cuts off by `f`, and
/// picks the next threshold from the counts.
struct Counted<'s, 'p, P: SearchProblem>(&'s mut DepthFirst<'p, P>);

impl<'p, P: SearchProblem> Rounds<'p, P> for Counted<'_, 'p, P> {
    type Found = Goal<P>;

    fn round(&mut self, threshold: P::Cost) -> Round<P::Cost, Goal<P>> {
        let search = &mut *self.0;
        let generated_before = search.stats.generated;
        let mut counts = Counts::<P> {
            by_f: HashMap::new(),
            least: P::Cost::MAX,
            last: (P::Cost::MAX, 0),
            best: None,
        };
        match search.search(threshold, &mut counts) {
            Ended::Stopped(reason) => return Round::Stopped(reason),
            Ended::Invalid(error) => return Round::Invalid(error),
            Ended::Exhausted | Ended::AtGoal | Ended::OverBudget => {}
        }
        if let Some(best) = counts.best.take() {
            return Round::Found(best);
        }
        let generated = search.stats.generated - generated_before;
        Round::Exhausted(counts.next_threshold(threshold, generated))
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        (&mut self.0.stats, &self.0.watch)
    }

    fn overflowed(&self) -> bool {
        self.0.overflowed
    }
}

/// What one iteration saw: the cut-off children by `f`, and the best goal.
struct Counts<P: SearchProblem> {
    /// How many children were cut off at each `f` (the [`COUNTED_VALUES`] first met).
    by_f: HashMap<<P::Cost as Cost>::Key, (P::Cost, u64)>,
    /// The least `f` cut off.
    least: P::Cost,
    /// The `f` of the last children cut off, and how many in a row, not yet in `by_f`.
    last: (P::Cost, u64),
    best: Option<Goal<P>>,
}

impl<P: SearchProblem> Counts<P> {
    /// Adds the run of cut-offs at one `f` to the map.
    fn flush(&mut self) {
        let (f, run) = core::mem::replace(&mut self.last, (P::Cost::MAX, 0));
        if run == 0 {
            return;
        }
        let full = self.by_f.len() >= COUNTED_VALUES;
        if let Some((_, count)) = self.by_f.get_mut(&f.key()) {
            *count += run;
        } else if !full {
            self.by_f.insert(f.key(), (f, run));
        }
    }

    /// The least threshold after `threshold` (IDA*'s next), and the one at the least `f`
    /// that lets in at least `generated` of the children cut off (or at the largest counted,
    /// if none does); `None` when nothing was cut off.
    fn next_threshold(&mut self, threshold: P::Cost, generated: u64) -> Option<(P::Cost, P::Cost)> {
        self.flush();
        if self.least >= P::Cost::MAX {
            return None;
        }
        let mut values: Vec<(P::Cost, u64)> = self.by_f.values().copied().collect();
        values.sort_unstable_by_key(|&(f, _)| f.key());
        let mut admitted = 0u64;
        let mut next = self.least;
        for (f, count) in values {
            next = f;
            admitted += count;
            if admitted >= generated {
                break;
            }
        }
        // The least cut off may be missing from the counts once they are full.
        let next = if next < self.least { self.least } else { next };
        let least = next_threshold(threshold, self.least - threshold)?;
        let next = next_threshold(threshold, next - threshold)?;
        Some((least, if next < least { least } else { next }))
    }
}

impl<P: SearchProblem> Policy<P> for Counts<P> {
    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        // Siblings are often cut off at one `f`: counted here, and into the map when it
        // changes.
        if f == self.last.0 {
            self.last.1 += 1;
            return;
        }
        self.flush();
        self.last = (f, 1);
        self.least = min(self.least, f);
    }

    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        // Only cheaper goals get here: the bound is below the best one's cost.
        self.best = Some((path.to_vec(), cost));
        OnGoal::Below(cost)
    }
}
