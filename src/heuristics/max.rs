use super::IncrementalHeuristic;

/// The larger of two heuristics, each kept in the board: admissible when both are. Each
/// move updates both, so a node costs about as much as the two, less the second's
/// predictions of the children the first's cut off. For sliding-tile pattern databases of
/// several partitions, [`PdbMax`](crate::heuristics::pattern_database::PdbMax) shares their
/// common tables.
///
/// ```
/// use informed::heuristics::{IncrementalHeuristic, LinearConflict, Manhattan, Max};
///
/// let goal: [u8; 9] = core::array::from_fn(|tile| tile as u8);
/// let both = Max::<LinearConflict<9>, Manhattan<9>>::new(3, 3, &goal);
/// assert_eq!(both.value(both.evaluate(&[1, 0, 2, 3, 4, 5, 6, 7, 8])), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Max<A, B> {
    /// The first heuristic.
    pub first: A,
    /// The second heuristic.
    pub second: B,
}

impl<A, B> Max<A, B> {
    /// The larger of `first` and `second`.
    pub fn of(first: A, second: B) -> Self {
        Max { first, second }
    }
}

impl<const N: usize, A: IncrementalHeuristic<N>, B: IncrementalHeuristic<N>> IncrementalHeuristic<N>
    for Max<A, B>
{
    type Kept = (A::Kept, B::Kept);

    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self {
        Max::of(A::new(width, height, goal), B::new(width, height, goal))
    }

    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, super::HeuristicError> {
        Ok(Max::of(
            A::try_new(width, height, goal)?,
            B::try_new(width, height, goal)?,
        ))
    }

    fn evaluate(&self, tiles: &[u8; N]) -> Self::Kept {
        (self.first.evaluate(tiles), self.second.evaluate(tiles))
    }

    #[inline]
    fn update(
        &self,
        before: Self::Kept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Kept {
        (
            self.first.update(before.0, tiles, tile, from, to),
            self.second.update(before.1, tiles, tile, from, to),
        )
    }

    #[inline]
    fn value(&self, kept: Self::Kept) -> u32 {
        self.first.value(kept.0).max(self.second.value(kept.1))
    }

    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        self.first.matches(width, height, goal) && self.second.matches(width, height, goal)
    }

    #[inline]
    fn predict(
        &self,
        before: Self::Kept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<Self::Kept> {
        Some((
            self.first.predict(before.0, tiles, tile, from, to)?,
            self.second.predict(before.1, tiles, tile, from, to)?,
        ))
    }

    const PREDICTS_CHILDREN: bool = A::PREDICTS_CHILDREN || B::PREDICTS_CHILDREN;

    type Prediction = (A::Prediction, B::Prediction);

    /// The first heuristic's children, then the second's of those the first's values and
    /// bounds do not cut off: each value a bound on the larger.
    #[inline]
    fn predict_children(
        &self,
        before: Self::Kept,
        tiles: &[u8; N],
        to: usize,
        from: [usize; 4],
        open: u8,
        mut cut: impl FnMut(usize, u32) -> bool,
    ) -> super::ChildPredictions<Self::Prediction> {
        let gone = core::cell::Cell::new(0u8);
        let mut offer = |i: usize, bound: u32| {
            let cut_off = cut(i, bound);
            gone.set(gone.get() | u8::from(cut_off) << i);
            cut_off
        };
        let first = (self.first).predict_children(before.0, tiles, to, from, open, &mut offer);
        for (i, child) in first.iter().enumerate() {
            if let Some((value, _)) = child {
                if gone.get() & 1 << i == 0 {
                    offer(i, *value);
                }
            }
        }
        let open = open & !gone.get();
        let second = (self.second).predict_children(before.1, tiles, to, from, open, &mut offer);
        core::array::from_fn(|i| {
            let ((a, first), (b, second)) = (first[i]?, second[i]?);
            (gone.get() & 1 << i == 0).then_some((a.max(b), (first, second)))
        })
    }

    #[inline]
    fn predicted(&self, before: Self::Kept, prediction: Self::Prediction) -> Self::Kept {
        (
            self.first.predicted(before.0, prediction.0),
            self.second.predicted(before.1, prediction.1),
        )
    }
}
