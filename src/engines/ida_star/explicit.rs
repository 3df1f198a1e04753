//! IDA*'s iterations on the explicit stack the depth-first engines share ([`DepthFirst`]):
//! below the recursion's limit (with the path above it handed over, under cycle detection).

use super::{threshold_after, Iteration};
use crate::cost::{min, Cost};
use crate::engines::depth_first::{DepthFirst, Ended, OnGoal, Policy};
use crate::problem::SearchProblem;

/// IDA*'s policy on the explicit stack: the least `f` cut off sets the next threshold, and
/// the first goal ends the iteration.
struct Deepening<P: SearchProblem> {
    least_cut: P::Cost,
    /// The cost and moves of the goal found.
    found: Option<(P::Cost, Vec<P::Move>)>,
}

impl<P: SearchProblem> Policy<P> for Deepening<P> {
    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        self.least_cut = min(self.least_cut, f);
    }

    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        self.found = Some((cost, path.to_vec()));
        OnGoal::End
    }
}

/// One IDA* iteration bounded by `threshold` below the start of `search`, reached at cost
/// `g` by a move whose inverse is `skip`; on success the moves from that start are in `path`.
pub(crate) fn iterate<P: SearchProblem>(
    search: &mut DepthFirst<'_, P>,
    threshold: P::Cost,
    g: P::Cost,
    skip: Option<P::Move>,
    path: &mut Vec<P::Move>,
) -> Iteration<P::Cost> {
    let mut policy = Deepening::<P> {
        least_cut: P::Cost::MAX,
        found: None,
    };
    match search.search_below(threshold, g, skip, &mut policy) {
        Ended::Stopped(reason) => Iteration::Stopped(reason),
        Ended::Invalid(error) => Iteration::Invalid(error),
        Ended::AtGoal | Ended::Exhausted | Ended::OverBudget => match policy.found {
            Some((cost, moves)) => {
                *path = moves;
                Iteration::Found(cost)
            }
            None => Iteration::Exhausted(threshold_after(threshold, policy.least_cut)),
        },
    }
}

/// IDA* on the explicit stack from the start throughout: what the recursion must match.
#[cfg(test)]
pub(crate) struct Stacked<'p, P: SearchProblem> {
    pub search: DepthFirst<'p, P>,
    path: Vec<P::Move>,
}

#[cfg(test)]
impl<'p, P: SearchProblem> Stacked<'p, P> {
    pub fn new(problem: &'p P, options: &'p crate::SearchOptions<'p>) -> Self {
        Stacked {
            search: DepthFirst::from_state(problem, problem.start(), options, true),
            path: Vec::new(),
        }
    }
}

#[cfg(test)]
impl<'p, P: SearchProblem> super::Rounds<'p, P> for Stacked<'p, P> {
    type Found = (P::Cost, Vec<P::Move>);

    fn round(&mut self, threshold: P::Cost) -> super::Round<P::Cost, Self::Found> {
        let path = &mut self.path;
        iterate(&mut self.search, threshold, P::Cost::ZERO, None, path)
            .into_round(|| core::mem::take(path))
    }

    fn parts(
        &mut self,
    ) -> (
        &mut crate::Stats<P::Cost>,
        &crate::limits::Watch<'p, P::Cost>,
    ) {
        (&mut self.search.stats, &self.search.watch)
    }

    fn overflowed(&self) -> bool {
        self.search.overflowed
    }
}
