//! Dijkstra's algorithm (uniform-cost search): to a goal, or to every state within reach.

use core::hash::Hash;

use crate::engines::best_first::search::{AsIs, Halt, Order, Search, search};
use crate::engines::node_table::NodeTable;
use crate::options::{SearchOptions, StopReason};
use crate::problem::SearchProblem;
use crate::solution::{Outcome, ResultOf, SearchResult};

/// Solves `problem` with Dijkstra's algorithm, uniform-cost search, with default options.
///
/// Expands states cheapest path first and stores each with a link to the state it was best
/// reached from, like [`a_star`](crate::a_star()) with a heuristic of zero: the heuristic is
/// never read. From every state of [`starts`](SearchProblem::starts) at once (a multi-source
/// search).
///
/// - **When to use it:** no heuristic at hand, costs that vary, and a space that fits in
///   memory; or as the exhaustive reference other engines are checked against.
/// - **What it returns:** an optimal solution, whatever the costs (any [`Cost`] type,
///   floats included; negative costs are refused with
///   [`Outcome::Invalid`]).
/// - **Time and memory:** O(s log s) time and O(s) memory for the s states cheaper than the
///   goal.
///
/// Reference: E. W. Dijkstra, "A note on two problems in connexion with graphs",
/// *Numerische Mathematik* 1 (1959) 269–271.
///
/// [`Cost`]: crate::Cost
///
/// ```
/// use informed::dijkstra;
/// use informed::closures::FnProblem;
///
/// // Cities and roads with lengths in km, as floats.
/// let roads = |&city: &char| -> Vec<(char, f64)> {
///     match city {
///         'a' => vec![('b', 7.5), ('c', 2.0)],
///         'c' => vec![('b', 3.25), ('d', 9.0)],
///         'b' => vec![('d', 1.5)],
///         _ => vec![],
///     }
/// };
/// let trip = FnProblem::new('a', roads, |_: &char| 0.0, |&city: &char| city == 'd');
/// let solution = dijkstra(&trip).into_solution().expect("d is reachable");
/// assert_eq!(solution.cost, 6.75);
/// assert_eq!(trip.path(&solution), ['a', 'c', 'b', 'd']);
/// ```
pub fn dijkstra<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    dijkstra_with(problem, &SearchOptions::default())
}

/// [`dijkstra()`] with options.
pub fn dijkstra_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    search::<P, AsIs>(problem, options, Order::Uniform)
}

/// The cheapest cost of every state [`dijkstra_all`] settled, with the move each was best
/// reached by. A state is settled once the search expanded it: its cost is then the cheapest
/// there is. A search that ran to its end settled every state it reached
/// ([`Outcome::Solved`]); one that a limit stopped answers, in
/// [`Outcome::Stopped`]'s `so_far`, the states it settled before it stopped, with their
/// cheapest costs, and not the others (their costs found so far need not be the cheapest).
pub struct Reached<P: SearchProblem> {
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// How many states are settled.
    settled: usize,
}

/// The states settled, each with its cost.
impl<P: SearchProblem> core::fmt::Debug for Reached<P>
where
    P::State: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<P: SearchProblem> Reached<P>
where
    P::State: Eq + Hash,
{
    /// Where `state` is filed, if it is settled.
    fn settled_index(&self, state: &P::State) -> Option<usize> {
        let index = self.table.find_state(state, P::state_hash(state))?;
        self.table.nodes[index].expanded().then_some(index)
    }

    /// The cheapest cost of a path from a start to `state`, if it was settled (within the
    /// cost bound, if there was one).
    pub fn cost(&self, state: &P::State) -> Option<P::Cost> {
        self.settled_index(state)
            .map(|index| self.table.nodes[index].g)
    }

    /// The moves of a cheapest path to `state`, if it was settled, and the start it leaves
    /// from.
    pub fn path_to(&self, state: &P::State) -> Option<(P::State, Vec<P::Move>)> {
        let index = self.settled_index(state)?;
        let (root, moves) = self.table.path_to(index);
        Some((self.table.nodes[root].state.clone(), moves))
    }

    /// The number of states settled.
    pub fn len(&self) -> usize {
        self.settled
    }

    /// Whether no state was settled (a limit of zero).
    pub fn is_empty(&self) -> bool {
        self.settled == 0
    }

    /// Every state settled, with its cheapest cost, in the order they were first reached.
    pub fn iter(&self) -> impl Iterator<Item = (&P::State, P::Cost)> {
        self.table
            .nodes
            .iter()
            .filter(|node| node.expanded())
            .map(|node| (&node.state, node.g))
    }
}

/// Runs Dijkstra's algorithm from the starts over every state it can reach, the goal test
/// unused, and returns the cheapest cost of each, with a cheapest path back: the single-source
/// (or multi-source) shortest paths. [`SearchOptions::cost_bound`] stops it at that cost
/// (states costing more are not reached); the other limits apply as in [`dijkstra()`].
///
/// ```
/// use informed::dijkstra_all;
/// use informed::closures::FnProblem;
///
/// // Steps of 1 (cost 1) or 5 (cost 3) along 0..20.
/// let steps = |&n: &u32| -> Vec<(u32, u32)> {
///     [(n + 1, 1), (n + 5, 3)].into_iter().filter(|&(m, _)| m < 20).collect()
/// };
/// let line = FnProblem::new(0u32, steps, |_: &u32| 0, |_: &u32| false);
/// let reached = dijkstra_all(&line).into_solution().expect("no limit stopped it");
/// assert_eq!(reached.len(), 20);
/// assert_eq!(reached.cost(&line.state(10)), Some(6));
/// assert_eq!(reached.cost(&line.state(12)), Some(8));
/// ```
pub fn dijkstra_all<P: SearchProblem>(problem: &P) -> SearchResult<Reached<P>, P::Cost> {
    dijkstra_all_with(problem, &SearchOptions::default())
}

/// [`dijkstra_all()`] with options.
pub fn dijkstra_all_with<P: SearchProblem>(
    problem: &P,
    options: &SearchOptions,
) -> SearchResult<Reached<P>, P::Cost> {
    // Filed by hash: `Reached` finds states by them after the search, without the problem.
    let mut search = Search::<P, AsIs>::new(problem, options, Order::Uniform, false);
    let ended = search.run(options, false);
    let mut stats = core::mem::take(&mut search.stats);
    stats.stored = search.table.len();
    let table = search.into_table();
    let settled = table.nodes.iter().filter(|node| node.expanded()).count();
    let reached = Reached { table, settled };
    let outcome = match ended {
        // Reaching the bound is the end of the task here, not a stop.
        Ok(_) | Err(Halt::Stopped(StopReason::CostBound)) => Outcome::Solved(reached),
        Err(Halt::Stopped(reason)) => Outcome::Stopped {
            reason,
            completed_threshold: None,
            so_far: Some(reached),
        },
        Err(Halt::Invalid(error)) => Outcome::Invalid {
            error,
            solution: Some(reached),
        },
    };
    SearchResult { outcome, stats }
}
