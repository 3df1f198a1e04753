//! The best-first core that A*, Dijkstra's algorithm, weighted A* and greedy best-first search
//! share: one table of states with parent links, an open list ordered by the search's
//! priority, states reopened when reached more cheaply.

use core::hash::Hash;
use core::ops::ControlFlow;

use crate::cost::Cost;
use crate::engines::node_table::{FIRST_CAPACITY, Node, NodeTable, ROOT, clash, numbers_states};
use crate::engines::open_list::OpenList;
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, PackedStates, SearchProblem, each_child};
use crate::solution::{Outcome, OutcomeOf, ProblemError, Promise, ResultOf, Stats, solved};

/// The order in which a best-first search expands the states it has queued.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Order {
    /// By `f = g + h`: A*.
    AStar,
    /// By `f = g + w·h`, `w >= 1`: weighted A*.
    Weighted(f64),
    /// By `h` alone: greedy best-first search.
    Greedy,
    /// By `g` alone, the heuristic unread: Dijkstra's algorithm (uniform-cost search).
    Uniform,
}

impl Order {
    /// What the search promises of the path it returns.
    fn promise(self) -> Promise {
        match self {
            Order::AStar => Promise::Optimal,
            // Dijkstra never reads the heuristic, so its path says nothing of it.
            Order::Uniform | Order::Weighted(_) | Order::Greedy => Promise::AnyPath,
        }
    }
}

/// A best-first search of `problem` in `order`, to a goal.
pub(crate) fn search<P: SearchProblem, S: Storage<P>>(
    problem: &P,
    options: &SearchOptions,
    order: Order,
) -> ResultOf<P> {
    let mut search = Search::<P, S>::new(problem, options, order, true);
    let outcome = search.run(options, true).unwrap_or_else(Halt::into_outcome);
    search.stats.stored = search.table.len();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// How the search keeps the states it stores.
pub(crate) trait Storage<P: SearchProblem> {
    type Stored: Eq + Hash;
    /// The stored form of `state`, with its heuristic (if `heuristic` asks for it) when
    /// storing had to read the state anyway.
    fn store(problem: &P, state: P::State, heuristic: bool) -> (Self::Stored, Option<P::Cost>);
    /// The state a stored form holds.
    fn load(problem: &P, stored: &Self::Stored) -> P::State;
    /// The heuristic of a stored state.
    fn heuristic(problem: &P, stored: &Self::Stored) -> P::Cost;
    /// The number of a stored state ([`SearchProblem::state_index`]).
    fn number(problem: &P, stored: &Self::Stored) -> Option<usize>;
    /// The hash a stored state carries ([`SearchProblem::state_hash`]).
    fn carried_hash(stored: &Self::Stored) -> Option<u64>;
}

/// States stored as they are.
pub(crate) struct AsIs;

impl<P: SearchProblem> Storage<P> for AsIs {
    type Stored = P::State;
    #[inline]
    fn store(_: &P, state: P::State, _: bool) -> (P::State, Option<P::Cost>) {
        (state, None)
    }
    #[inline]
    fn load(_: &P, stored: &P::State) -> P::State {
        stored.clone()
    }
    #[inline]
    fn heuristic(problem: &P, stored: &P::State) -> P::Cost {
        problem.heuristic(stored)
    }
    fn number(problem: &P, stored: &P::State) -> Option<usize> {
        problem.state_index(stored)
    }
    #[inline]
    fn carried_hash(stored: &P::State) -> Option<u64> {
        P::state_hash(stored)
    }
}

/// States stored packed ([`PackedStates`]).
pub(crate) struct Packed;

impl<P: PackedStates> Storage<P> for Packed {
    type Stored = P::Packed;
    #[inline]
    fn store(problem: &P, state: P::State, heuristic: bool) -> (P::Packed, Option<P::Cost>) {
        (
            problem.pack(&state),
            heuristic.then(|| problem.heuristic(&state)),
        )
    }
    #[inline]
    fn load(problem: &P, stored: &P::Packed) -> P::State {
        problem.unpack(stored)
    }
    #[inline]
    fn heuristic(problem: &P, stored: &P::Packed) -> P::Cost {
        problem.heuristic(&problem.unpack(stored))
    }
    fn number(problem: &P, stored: &P::Packed) -> Option<usize> {
        problem.state_index(&problem.unpack(stored))
    }
    /// A packed state is hashed as it is.
    #[inline]
    fn carried_hash(_: &P::Packed) -> Option<u64> {
        None
    }
}

/// Why the search ended before it could finish.
pub(crate) enum Halt {
    Stopped(StopReason),
    Invalid(ProblemError),
}

impl Halt {
    /// The outcome of a search that this ended.
    pub fn into_outcome<T, C>(self) -> Outcome<T, C> {
        match self {
            Halt::Stopped(reason) => Outcome::stopped_by(reason),
            Halt::Invalid(error) => Outcome::invalid(error),
        }
    }
}

impl From<StopReason> for Halt {
    fn from(reason: StopReason) -> Self {
        Halt::Stopped(reason)
    }
}

/// A best-first search: its table of states, its open list, its counts.
// Four facts of one search, each read at its own place: not a state machine.
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct Search<'p, P: SearchProblem, S: Storage<P>> {
    problem: &'p P,
    pub table: NodeTable<S::Stored, P::Move, P::Cost>,
    open: OpenList<P::Cost>,
    pub stats: Stats<P::Cost>,
    watch: Watch<'p, P::Cost>,
    order: Order,
    /// Whether a state was left out for costing more than the cost bound.
    beyond_bound: bool,
    /// Whether a path was passed over because its cost, or cost plus heuristic, reached
    /// `MAX` ([`StopReason::CostOverflow`] if no solution is found).
    overflowed: bool,
    /// Whether the cost bound is below zero: no path is within it, not even the empty one.
    admits_nothing: bool,
    /// Whether a state already expanded was reached again more cheaply.
    stale: bool,
}

/// What one [`Search::step`] did.
pub(crate) enum Stepped<P: SearchProblem> {
    /// Expanded the node at this index of the table.
    Expanded(usize),
    /// Ended the search (boxed: a step's result stays two words, which the loop of steps
    /// measured faster).
    Ended(Box<OutcomeOf<P>>),
}

impl<'p, P: SearchProblem, S: Storage<P>> Search<'p, P, S> {
    /// A search of `problem`, its states filed by number if `numbered` and the problem
    /// numbers them ([`SearchProblem::state_index`]).
    pub fn new(
        problem: &'p P,
        options: &'p SearchOptions<'p>,
        order: Order,
        numbered: bool,
    ) -> Self {
        let numbered = numbered && numbers_states(problem);
        Search {
            problem,
            table: NodeTable::for_states(FIRST_CAPACITY, numbered),
            open: OpenList::new(),
            stats: Stats::default(),
            watch: Watch::new(options),
            order,
            beyond_bound: false,
            overflowed: false,
            admits_nothing: options.bound_admits_nothing(),
            stale: false,
        }
    }

    /// The table, once the search is over.
    pub fn into_table(self) -> NodeTable<S::Stored, P::Move, P::Cost> {
        self.table
    }

    /// The search, to a goal if `to_goal`, or else over every state it can reach within the
    /// limits (`Ok(NoSolution)` once done); `Err` when a limit stops it.
    pub fn run(&mut self, options: &SearchOptions, to_goal: bool) -> Result<OutcomeOf<P>, Halt> {
        self.begin()?;
        let mut moves = MoveBuffer::new();
        loop {
            match self.step(options, to_goal, &mut moves)? {
                Stepped::Expanded(_) => {}
                Stepped::Ended(outcome) => return Ok(*outcome),
            }
        }
    }

    /// Queues the starts.
    pub fn begin(&mut self) -> Result<(), Halt> {
        if self.admits_nothing {
            return Err(StopReason::CostBound.into());
        }
        for start in self.problem.starts() {
            self.offer(start, ROOT as usize, None, P::Cost::ZERO)?;
        }
        Ok(())
    }

    /// Expands the next state of the open list (to a goal if `to_goal`, which ends the
    /// search): [`Stepped::Expanded`] with its index in the table, or how the search ended;
    /// `Err` when a limit stops it.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn step(
        &mut self,
        options: &SearchOptions,
        to_goal: bool,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
    ) -> Result<Stepped<P>, Halt> {
        let problem = self.problem;
        // Entries of states since reached more cheaply are passed over.
        let table = &self.table;
        let fresh = |g_key, index: usize| table.nodes[index].g.key() == g_key;
        let Some((_, index)) = self.open.pop_fresh(fresh) else {
            if self.beyond_bound {
                return Err(StopReason::CostBound.into());
            }
            if self.overflowed {
                return Err(StopReason::CostOverflow.into());
            }
            return Ok(Stepped::Ended(Box::new(Outcome::NoSolution)));
        };
        let node = &self.table.nodes[index];
        let g = node.g;
        let state = S::load(problem, &node.state);
        let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
        if to_goal && problem.is_goal(&state) {
            let (root, path) = self.table.path_to(index);
            let start = S::load(problem, &self.table.nodes[root].state);
            // After an expanded state was reached more cheaply, the states below it keep
            // costs through its old path: the sum is taken along the path then.
            let cost = (!self.stale).then_some(g);
            let promise = self.order.promise();
            let outcome = solved(problem, start, path, cost, options, promise);
            return Ok(Stepped::Ended(Box::new(outcome)));
        }
        if let Some(reason) = self
            .watch
            .check(&self.stats, self.open.len(), self.table.len())
        {
            return Err(reason.into());
        }
        self.table.nodes[index].set_expanded();
        self.stats.expanded += 1;
        moves.clear();
        let mut halt = None;
        let _ = each_child(problem, &state, skip, moves, |child, mv, cost| {
            if !cost.is_valid() {
                let cost = cost.value();
                halt = Some(Halt::Invalid(ProblemError::InvalidCost { cost }));
                return ControlFlow::Break(());
            }
            self.stats.generated += 1;
            let child_g = g.saturating_add(cost);
            // A sum of finite costs that reaches MAX (a move of cost MAX is no move).
            self.overflowed |= child_g >= P::Cost::MAX && cost < P::Cost::MAX;
            match self.offer(child, index, Some(mv), child_g) {
                Ok(()) => ControlFlow::Continue(()),
                Err(reason) => {
                    halt = Some(reason);
                    ControlFlow::Break(())
                }
            }
        });
        match halt {
            Some(halt) => Err(halt),
            None => Ok(Stepped::Expanded(index)),
        }
    }

    /// The nodes stored, each with whether it was expanded: the open list is those that
    /// were not.
    pub fn nodes(&self) -> impl Iterator<Item = &Node<S::Stored, P::Move, P::Cost>> {
        self.table.nodes.iter()
    }

    /// Stores `state`, reached from the node at `parent` by `arrived_by` at cost `g`, and
    /// queues it, unless it is already stored at no greater cost, is a dead end, or costs
    /// more than the bound. A state stored before but now reached more cheaply is relinked
    /// and queued again.
    // Inlined into the loop over the children: a call passes the child through memory, and
    // reading it back whole after it was written in parts stalls at every child (the A* of
    // `vs_pathfinding` took a third longer).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn offer(
        &mut self,
        state: P::State,
        parent: usize,
        arrived_by: Option<P::Move>,
        g: P::Cost,
    ) -> Result<(), Halt> {
        if g >= P::Cost::MAX {
            return Ok(()); // a path whose cost reaches MAX is no path
        }
        let uniform = self.order == Order::Uniform;
        let problem = self.problem;
        let (state, heuristic) = S::store(problem, state, !uniform);
        let (hash, known) = self
            .table
            .locate(&state, S::carried_hash(&state), || {
                S::number(problem, &state)
            })
            .map_err(|number| Halt::Invalid(clash(number)))?;
        if known.is_some_and(|known| self.table.nodes[known].g <= g) {
            return Ok(());
        }
        let h = match heuristic {
            _ if uniform => P::Cost::ZERO,
            Some(h) => h,
            None => S::heuristic(self.problem, &state),
        };
        if !h.is_valid() {
            let heuristic = h.value();
            return Err(Halt::Invalid(ProblemError::InvalidHeuristic { heuristic }));
        }
        // A lower bound on the cost of a solution through the state, for the cost bound.
        let bound = g.saturating_add(h);
        if bound >= P::Cost::MAX {
            // A dead end (h is MAX), or an f beyond the cost type: never stored.
            self.overflowed |= h < P::Cost::MAX;
            return Ok(());
        }
        if bound > self.watch.cost_bound {
            self.beyond_bound = true;
            return Ok(());
        }
        let f = match self.order {
            Order::Uniform => bound,
            Order::AStar => tie_key(bound),
            Order::Weighted(weight) => tie_key(g.saturating_add(h.scaled(weight))),
            Order::Greedy => tie_key(h),
        };
        let index = if let Some(known) = known {
            let node = &mut self.table.nodes[known];
            self.stale |= node.expanded();
            node.relink_as(state, parent as u32, arrived_by, g);
            known
        } else {
            if self.table.is_full(self.watch.max_stored) {
                return Err(StopReason::MemoryLimit.into());
            }
            let node = Node::new(state, parent as u32, arrived_by, g);
            self.table.insert(hash, node)
        };
        self.open.push(f, g, index);
        Ok(())
    }
}

/// The `f` a state is queued at by the engines with a heuristic (A*, weighted A*, greedy
/// search): `f` itself for exact costs; for floats, `f` rounded down to 32 bits of mantissa
/// (`f32`: 17), so that states whose `f` differ only by rounding are ties, and the deeper one
/// is taken first as it is for integers.
///
/// Along a grid's diagonals `g + h` is the same number summed in different orders: compared
/// exactly, A* took whichever came out a bit lower and expanded 23,361 states for the Moving
/// AI arena's 160 queries (octile heuristic, `f64` costs) where scaled integers took 4,983;
/// rounded, 5,087. (Rounded to 40 bits, 6,817: the grid's heuristic is shaved by a few times
/// the rounding error of a sum of steps, up to 2e-12 of it on a 1024 x 1024 map, and `f` must
/// tie across that too.) The solution's cost is then within a factor `1 + 2^-32` (`f32`: `1 +
/// 2^-17`) of the optimum: the state that would have given the optimum is never queued below
/// the goal by more than that.
#[inline]
fn tie_key<C: Cost>(f: C) -> C {
    if C::EXACT {
        return f;
    }
    // Bits of the key (a non-negative float's bits) to clear: 20 of an f64's 52 mantissa
    // bits, 6 of an f32's 23.
    let dropped = if C::KEY_WIDTH > 32 { 20 } else { 6 };
    C::key_bits(f.key())
        .and_then(|bits| C::key_from_bits(bits & !((1 << dropped) - 1)))
        .and_then(C::from_key)
        .unwrap_or(f)
}

#[cfg(test)]
mod tests {
    use super::tie_key;

    // Floats compared exactly: what a rounding gives is the point.
    #[allow(clippy::float_cmp)]
    #[test]
    fn float_f_is_rounded_down_by_at_most_its_tolerance_and_integers_not_at_all() {
        for f in [
            0.0f64,
            1.0,
            core::f64::consts::SQRT_2,
            141.421_356_237,
            1e300,
        ] {
            let key = tie_key(f);
            assert!(key <= f && f - key <= f * 2f64.powi(-32), "{f} to {key}");
        }
        assert_eq!(tie_key(f64::INFINITY), f64::INFINITY);
        // Sums of the same moves in another order: ties once rounded.
        let (a, b) = (0.1f64 + 0.2 + 0.3, 0.3f64 + 0.2 + 0.1);
        assert_ne!(a, b);
        assert_eq!(tie_key(a), tie_key(b));
        for f in [0.0f32, 1.0, core::f32::consts::SQRT_2, 1e30] {
            let key = tie_key(f);
            assert!(key <= f && f - key <= f * 2f32.powi(-17), "{f} to {key}");
        }
        assert_eq!(tie_key(u32::MAX - 1), u32::MAX - 1);
        assert_eq!(tie_key(12_345i64), 12_345);
    }
}
