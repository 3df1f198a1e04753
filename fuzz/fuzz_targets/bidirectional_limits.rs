//! The bidirectional engines and `dijkstra_all` on small random weighted graphs, with costs of
//! four types (`u8`, `u32`, `i64`, `f64`), under random options: a node limit, a limit on
//! stored states, a cost bound, a cancelled token or a deadline already passed. Checks what
//! the options promise:
//!
//! - `bidirectional_a_star`, `meet_in_the_middle` and the first plans of `LpaStar` and
//!   `DStarLite`: a solution replays to the goal at the cost reported, within the cost bound,
//!   and is optimal; `NoSolution` only when the goal is unreachable; `CostBound` only when no
//!   solution costs that much;
//! - `LpaStar` and `DStarLite` planning again without limits, after a plan the limits
//!   stopped: optimal, or `NoSolution` only when the goal is unreachable;
//! - `bidirectional_bfs`: a solution replays to the goal in the fewest moves;
//! - `dijkstra_all`: every state it answers for is answered at its cheapest cost, and, when
//!   no limit stopped it, every state within the bound is answered;
//! - a limit's stop only when that limit was set; nothing panics.
#![no_main]

use std::time::Instant;

use informed::{
    bidirectional_a_star_with, bidirectional_bfs_with, dijkstra_all_with, meet_in_the_middle_with,
    replay, Bidirectional, CancelToken, Cost, DStarLite, LpaStar, MoveBuffer, Outcome,
    SearchOptions, SearchProblem, SearchResult, SolutionOf, StopReason,
};
use libfuzzer_sys::fuzz_target;

/// A directed graph from node 0 to its last node, costs of type `C`, with exact distances both
/// ways (in `u64`) and heuristics of them divided by `divisor` (consistent).
struct Graph<C> {
    edges: Vec<Vec<(usize, u64)>>,
    to_goal: Vec<Option<u64>>,
    from_start: Vec<Option<u64>>,
    fewest_moves: Option<usize>,
    divisor: u64,
    cost: fn(u64) -> C,
}

/// The cheapest cost from every node to `to` along `edges` (or from it, `reversed`).
fn distances(
    edges: &[Vec<(usize, u64)>],
    to: usize,
    reversed: bool,
    unit: bool,
) -> Vec<Option<u64>> {
    let n = edges.len();
    let mut best = vec![None; n];
    best[to] = Some(0);
    for _ in 0..n {
        for (from, out) in edges.iter().enumerate() {
            for &(next, cost) in out {
                let (a, b) = if reversed { (next, from) } else { (from, next) };
                let cost = if unit { 1 } else { cost };
                if let Some(d) = best[b] {
                    if best[a].is_none_or(|known: u64| d + cost < known) {
                        best[a] = Some(d + cost);
                    }
                }
            }
        }
    }
    best
}

impl<C: Cost> Graph<C> {
    fn read(nodes: usize, triples: &[u8], divisor: u64, cost: fn(u64) -> C) -> Self {
        let mut edges = vec![Vec::new(); nodes];
        for triple in triples.chunks_exact(3).take(24) {
            let from = usize::from(triple[0]) % nodes;
            edges[from].push((usize::from(triple[1]) % nodes, u64::from(triple[2] % 20)));
        }
        let goal = nodes - 1;
        let to_goal = distances(&edges, goal, false, false);
        let from_start = distances(&edges, 0, true, false);
        let fewest_moves = distances(&edges, goal, false, true)[0].map(|d| d as usize);
        Graph {
            edges,
            to_goal,
            from_start,
            fewest_moves,
            divisor,
            cost,
        }
    }
}

impl<C: Cost> SearchProblem for Graph<C> {
    type State = usize;
    type Move = (usize, usize);
    type Cost = C;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, node: &usize) -> bool {
        *node == self.edges.len() - 1
    }
    fn heuristic(&self, node: &usize) -> C {
        (self.cost)(self.to_goal[*node].map_or(0, |d| d / self.divisor))
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), C>) {
        let edges = self.edges[*node].iter().enumerate();
        moves.extend(edges.map(|(i, &(_, c))| ((*node, i), (self.cost)(c))));
    }
    fn apply(&self, node: &mut usize, (from, edge): (usize, usize)) {
        *node = self.edges[from][edge].0;
    }
}

impl<C: Cost> Bidirectional for Graph<C> {
    fn goals(&self) -> Vec<usize> {
        vec![self.edges.len() - 1]
    }
    fn heuristic_from_start(&self, node: &usize) -> C {
        (self.cost)(self.from_start[*node].map_or(0, |d| d / self.divisor))
    }
    fn predecessors<F: FnMut(usize, (usize, usize), C)>(&self, node: &usize, mut each: F) -> bool {
        for (from, out) in self.edges.iter().enumerate() {
            for (i, &(to, cost)) in out.iter().enumerate() {
                if to == *node {
                    each(from, (from, i), (self.cost)(cost));
                }
            }
        }
        true
    }
}

/// The limits a run asked for: which were set, and the cost bound.
struct Asked {
    max_nodes: bool,
    max_stored: bool,
    cancel: bool,
    deadline: bool,
    cost_bound: Option<u32>,
}

impl Asked {
    /// No limit at all.
    fn none() -> Self {
        Asked {
            max_nodes: false,
            max_stored: false,
            cancel: false,
            deadline: false,
            cost_bound: None,
        }
    }
}

/// A stop is only ever for a limit that was set.
fn check_stop(name: &str, reason: StopReason, options: &Asked, optimal: Option<u64>) {
    match reason {
        StopReason::NodeLimit => assert!(options.max_nodes, "{name}: node limit unasked"),
        StopReason::MemoryLimit => assert!(options.max_stored, "{name}: memory unasked"),
        StopReason::Cancelled => assert!(options.cancel, "{name}: cancel unasked"),
        StopReason::Deadline => assert!(options.deadline, "{name}: deadline unasked"),
        StopReason::CostBound => {
            let bound = f64::from(options.cost_bound.expect("a cost bound was set"));
            assert!(
                optimal.is_none_or(|best| best as f64 > bound),
                "{name}: one is within the bound"
            );
        }
        StopReason::CostOverflow => assert!(optimal.is_none(), "{name}: overflow with a path"),
        other => panic!("{name}: unexpected stop {other:?}"),
    }
}

/// What an optimal engine's result must be under the limits `asked`: a path that replays to
/// the goal at its cost, optimal and within the cost bound; no solution only if there is
/// none; a stop only for a limit that was set.
fn check_optimal<C: Cost>(
    name: &str,
    graph: &Graph<C>,
    result: &SearchResult<SolutionOf<Graph<C>>, C>,
    asked: &Asked,
) {
    let optimal = graph.to_goal[0];
    match &result.outcome {
        Outcome::Solved(solution) => {
            let (end, cost) = replay(graph, &solution.moves).expect("the moves are legal");
            assert!(
                graph.is_goal(&end) && cost == solution.cost,
                "{name}: replays"
            );
            let cost = cost.value().as_f64();
            assert_eq!(Some(cost), optimal.map(|d| d as f64), "{name}: optimal");
            if let Some(bound) = asked.cost_bound {
                assert!(cost <= f64::from(bound), "{name}: within the bound");
            }
        }
        Outcome::NoSolution => assert_eq!(optimal, None, "{name}: no solution only if none"),
        Outcome::Stopped { reason, .. } => check_stop(name, *reason, asked, optimal),
        other => panic!("{name}: {other:?}"),
    }
}

fn run<C: Cost>(graph: &Graph<C>, options: &SearchOptions, asked: &Asked) {
    let optimal = graph.to_goal[0];
    let cost_of = |c: C| c.value().as_f64();
    let (mut lpa, mut d_star) = (LpaStar::new(), DStarLite::new());
    for (name, result) in [
        ("bae", bidirectional_a_star_with(graph, options)),
        ("mm", meet_in_the_middle_with(graph, options)),
        ("lpa", lpa.plan_with(graph, options)),
        ("d_star", d_star.plan_with(graph, options)),
    ] {
        check_optimal(name, graph, &result, asked);
    }
    // Planned again without limits, after whatever stopped the first plans.
    for (name, result) in [
        ("lpa again", lpa.plan(graph)),
        ("d_star again", d_star.plan(graph)),
    ] {
        check_optimal(name, graph, &result, &Asked::none());
    }
    let result = bidirectional_bfs_with(graph, options);
    match &result.outcome {
        Outcome::Solved(solution) => {
            let (end, _) = replay(graph, &solution.moves).expect("the moves are legal");
            assert!(graph.is_goal(&end), "bfs: replays");
            assert_eq!(
                Some(solution.moves.len()),
                graph.fewest_moves,
                "bfs: fewest moves"
            );
        }
        Outcome::NoSolution => assert_eq!(optimal, None, "bfs: no solution only if none"),
        Outcome::Stopped { reason, .. } => check_stop("bfs", *reason, asked, optimal),
        other => panic!("bfs: {other:?}"),
    }
    let result = dijkstra_all_with(graph, options);
    assert_eq!(result.problem_error(), None, "dijkstra_all");
    let Some(reached) = result.found() else {
        // Stopped before it settled anything (a limit of zero, say).
        assert!(
            result.stopped().is_some(),
            "dijkstra_all: {:?}",
            result.outcome
        );
        return;
    };
    for (&node, cost) in reached.iter() {
        assert_eq!(
            Some(cost_of(cost)),
            graph.from_start[node].map(|d| d as f64),
            "all: cheapest"
        );
    }
    if result.stopped().is_none() {
        let bound = asked.cost_bound.map_or(f64::INFINITY, f64::from);
        let within = graph
            .from_start
            .iter()
            .flatten()
            .filter(|&&d| d as f64 <= bound)
            .count();
        assert_eq!(reached.len(), within, "all: every state within the bound");
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (head, rest) = data.split_at(8);
    let nodes = 2 + usize::from(head[0] % 10);
    let divisor = 1 + u64::from(head[1] % 3);
    let flags = head[2];
    let mut options = SearchOptions::new().check_path(flags & 1 != 0);
    if flags & 2 != 0 {
        options = options.max_nodes(u64::from(head[3]));
    }
    if flags & 4 != 0 {
        options = options.max_stored(usize::from(head[4] % 16));
    }
    if flags & 8 != 0 {
        options = options.cost_bound(u32::from(head[5]));
    }
    if flags & 16 != 0 {
        let token = CancelToken::new();
        token.cancel();
        options = options.cancel_token(token);
    }
    if flags & 32 != 0 {
        options = options.deadline(Instant::now());
    }
    let asked = Asked {
        max_nodes: flags & 2 != 0,
        max_stored: flags & 4 != 0,
        cancel: flags & 16 != 0,
        deadline: flags & 32 != 0,
        cost_bound: (flags & 8 != 0).then_some(u32::from(head[5])),
    };
    match head[6] % 4 {
        0 => run(
            &Graph::read(nodes, rest, divisor, |c| c as u8),
            &options,
            &asked,
        ),
        1 => run(
            &Graph::read(nodes, rest, divisor, |c| c as u32),
            &options,
            &asked,
        ),
        2 => run(
            &Graph::read(nodes, rest, divisor, |c| c as i64),
            &options,
            &asked,
        ),
        _ => run(
            &Graph::read(nodes, rest, divisor, |c| c as f64),
            &options,
            &asked,
        ),
    }
});
