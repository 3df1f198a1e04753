//! IDA*'s iterations on the explicit stack the depth-first engines share ([`DepthFirst`]):
//! below the recursion's limit (with the path above it handed over, under cycle detection).

use super::{Goal, Round, threshold_after};
use crate::cost::{Cost, min};
use crate::engines::depth_first::stack::{DepthFirst, Ended, OnGoal, Policy};
use crate::problem::SearchProblem;

/// IDA*'s policy on the explicit stack: the least `f` cut off sets the next threshold, and
/// the first goal ends the iteration.
struct Deepening<P: SearchProblem> {
    least_cut: P::Cost,
    found: Option<Goal<P>>,
}

impl<P: SearchProblem> Policy<P> for Deepening<P> {
    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        self.least_cut = min(self.least_cut, f);
    }

    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        self.found = Some((path.to_vec(), cost));
        OnGoal::End
    }
}

/// One IDA* iteration bounded by `threshold` below the start of `search`, reached at cost
/// `g` by a move whose inverse is `skip`: a goal's moves from that start, and its cost.
pub(crate) fn iterate<P: SearchProblem>(
    search: &mut DepthFirst<'_, P>,
    threshold: P::Cost,
    g: P::Cost,
    skip: Option<P::Move>,
) -> Round<P::Cost, Goal<P>> {
    let mut policy = Deepening::<P> {
        least_cut: P::Cost::MAX,
        found: None,
    };
    match search.search_below(threshold, g, skip, &mut policy) {
        Ended::Stopped(reason) => Round::Stopped(reason),
        Ended::Invalid(error) => Round::Invalid(error),
        Ended::AtGoal | Ended::Exhausted | Ended::OverBudget => {
            if let Some(goal) = policy.found {
                return Round::Found(goal);
            }
            let next = threshold_after(threshold, policy.least_cut);
            Round::Exhausted(next.map(|next| (next, next)))
        }
    }
}
