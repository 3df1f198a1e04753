//! A* one expansion at a time: a search object the caller advances and looks into.

use crate::engines::best_first::search::{AsIs, Halt, Order, Search, Stepped};
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{Outcome, OutcomeOf, ResultOf, Stats};

/// A* that the caller runs one expansion at a time, reading the open and closed sets between
/// steps: for visualisation, for games that spread a search over frames, for teaching. The
/// same search as [`a_star_with`](crate::a_star_with()), in the same order, with the same
/// answer and counts.
///
/// ```
/// use informed::{a_star, AStarStep, AStarSteps, Outcome, SearchOptions};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let options = SearchOptions::default();
/// let mut search = AStarSteps::new(&puzzle, &options);
/// let mut expansions = 0;
/// while let AStarStep::Expanded { g, .. } = search.step() {
///     expansions += 1;
///     assert!(g <= 4);
///     // Between steps: what is queued and what is done.
///     assert!(search.open().count() + search.closed().count() >= expansions);
/// }
/// let outcome = search.outcome().expect("the search has ended");
/// assert!(matches!(outcome, Outcome::Solved(solution) if solution.cost == 4));
/// let result = search.into_result();
/// assert_eq!(result.solution().map(|s| s.cost), Some(4));
/// assert_eq!(result.stats, a_star(&puzzle).stats);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub struct AStarSteps<'p, P: SearchProblem> {
    search: Search<'p, P, AsIs>,
    options: &'p SearchOptions<'p>,
    /// The buffer of the problems that list their moves.
    moves: MoveBuffer<P::Move, P::Cost>,
    /// How the search ended, once it did.
    outcome: Option<OutcomeOf<P>>,
}

/// What one [`AStarSteps::step`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum AStarStep<'a, S, C> {
    /// Expanded `state`, reached at cost `g`: its children are queued.
    Expanded {
        /// The state expanded.
        state: &'a S,
        /// The cost of the best path to it.
        g: C,
    },
    /// The search has ended: [`AStarSteps::outcome`] says how.
    Done,
}

impl<'p, P: SearchProblem> AStarSteps<'p, P> {
    /// A search of `problem` with `options`, before its first step: the starts are queued.
    pub fn new(problem: &'p P, options: &'p SearchOptions<'p>) -> Self {
        let mut search = Search::new(problem, options, Order::AStar, true);
        let outcome = search.begin().err().map(Halt::into_outcome);
        AStarSteps {
            search,
            options,
            moves: MoveBuffer::new(),
            outcome,
        }
    }

    /// Expands the next state, or ends the search: at a goal, when nothing is left to
    /// expand, or when a limit of the options stops it. After the end, does nothing.
    pub fn step(&mut self) -> AStarStep<'_, P::State, P::Cost> {
        if self.outcome.is_some() {
            return AStarStep::Done;
        }
        match self.search.step(self.options, true, &mut self.moves) {
            Ok(Stepped::Expanded(index)) => {
                let node = &self.search.table.nodes[index];
                AStarStep::Expanded {
                    state: &node.state,
                    g: node.g,
                }
            }
            Ok(Stepped::Ended(outcome)) => {
                self.outcome = Some(*outcome);
                AStarStep::Done
            }
            Err(halt) => {
                self.outcome = Some(halt.into_outcome());
                AStarStep::Done
            }
        }
    }

    /// How the search ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<&OutcomeOf<P>> {
        self.outcome.as_ref()
    }

    /// The open set: every state generated and not expanded, with the cost of the best path
    /// to it so far, in the order they were first generated.
    pub fn open(&self) -> impl Iterator<Item = (&P::State, P::Cost)> {
        self.search
            .nodes()
            .filter(|node| !node.expanded())
            .map(|node| (&node.state, node.g))
    }

    /// The closed set: every state expanded, with the cost of the best path to it, in the
    /// order they were first generated.
    pub fn closed(&self) -> impl Iterator<Item = (&P::State, P::Cost)> {
        self.search
            .nodes()
            .filter(|node| node.expanded())
            .map(|node| (&node.state, node.g))
    }

    /// The counts so far.
    pub fn stats(&self) -> &Stats<P::Cost> {
        &self.search.stats
    }

    /// Steps to the end and returns the result, as [`a_star_with`](crate::a_star_with())
    /// would.
    pub fn into_result(mut self) -> ResultOf<P> {
        while let AStarStep::Expanded { .. } = self.step() {}
        let mut stats = self.search.stats;
        stats.stored = self.search.table.len();
        let outcome = self.outcome.unwrap_or(Outcome::NoSolution);
        ResultOf::<P> { outcome, stats }
    }
}
