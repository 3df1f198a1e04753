//! Every engine, parallel IDA* included, on small random weighted graphs under random options:
//! a node limit, a limit on stored states, a cost bound, cycle detection, the path check, a
//! cancelled token or a deadline already passed. Checks what the options promise:
//!
//! - a solution replays to the goal at the cost reported, within the cost bound, and is
//!   optimal for the engines that promise it (IDA*, A*, RBFS, parallel IDA*);
//! - `NodeLimit` only with a node limit, and the count passes it by at most one node's
//!   children (parallel IDA*: a node's children a thread); `MemoryLimit` only with a limit on
//!   stored states, never above it; `CostBound` only when no solution costs that much (at
//!   once, for a bound below zero);
//!   `Cancelled` and `Deadline` only when asked for, and then at once;
//! - `NoSolution` only when the goal is unreachable;
//! - branch and bound, with a random depth limit too: optimal among the paths within it;
//!   `DepthLimit` only with a depth limit and no solution within both limits;
//! - nothing panics.
#![no_main]

use std::time::Instant;

use informed::{
    a_star_with, bfs_with, branch_and_bound_with, ida_star_with, parallel_ida_star_with, rbfs_with,
    replay, CancelToken, CostValue, Outcome, ResultOf, SearchOptions, SearchProblem, StopReason,
};
use libfuzzer_sys::fuzz_target;

#[path = "common/graph.rs"]
mod graph;

use graph::Graph;

type Engine = fn(&Graph, &SearchOptions) -> ResultOf<Graph>;

/// The cheapest cost of a path of at most `depth` moves from the start to the goal (of any
/// length without a depth), by rounds of relaxation.
fn cheapest_within(graph: &Graph, depth: Option<usize>) -> Option<u32> {
    let Some(depth) = depth else {
        return graph.exact[0];
    };
    let mut best: Vec<Option<u32>> = vec![None; graph.edges.len()];
    best[0] = Some(0);
    for _ in 0..depth {
        let mut next = best.clone();
        for (from, edges) in graph.edges.iter().enumerate() {
            let Some(g) = best[from] else { continue };
            for &(to, cost) in edges {
                next[to] = Some(next[to].map_or(g + cost, |known| known.min(g + cost)));
            }
        }
        best = next;
    }
    best[graph.goal]
}

/// The limits a run asked for, beside the options that carry them to the engines.
#[derive(Default)]
struct Asked {
    max_nodes: Option<u64>,
    max_stored: Option<usize>,
    cost_bound: Option<CostValue>,
    cancel: bool,
    deadline: bool,
    detect_cycles: bool,
}

/// Checks `result` against what the options promise; `depth` is branch and bound's limit.
fn check(
    name: &str,
    graph: &Graph,
    options: &Asked,
    result: &ResultOf<Graph>,
    depth: Option<usize>,
) {
    let optimal = cheapest_within(graph, depth);
    let widest = graph.edges.iter().map(Vec::len).max().unwrap_or(0) as u64;
    let parallel = name == "parallel_ida_star";
    match &result.outcome {
        Outcome::Solved(_) if options.cost_bound.is_some_and(|b| b.as_f64() < 0.0) => {
            panic!("{name}: a solution within a bound below zero")
        }
        Outcome::Solved(solution) => {
            let (end, cost) = replay(graph, &solution.moves).expect("the moves are legal");
            assert!(graph.is_goal(&end), "{name}: the path ends at the goal");
            assert_eq!(
                cost, solution.cost,
                "{name}: the cost is the sum of the moves"
            );
            if let Some(bound) = options.cost_bound.and_then(|b| b.as_u128()) {
                assert!(u128::from(cost) <= bound, "{name}: within the bound");
            }
            if name != "bfs" {
                assert_eq!(Some(cost), optimal, "{name}: optimal");
            }
        }
        Outcome::NoSolution => assert_eq!(graph.exact[0], None, "{name}: no solution only if none"),
        Outcome::Stopped { reason, .. } => match reason {
            StopReason::NodeLimit => {
                let max = options.max_nodes.expect("a node limit was set");
                let slack = if parallel { 2 * (widest + 1) } else { widest };
                assert!(
                    result.stats.generated <= max + slack,
                    "{name}: {:?}",
                    result.stats
                );
            }
            StopReason::MemoryLimit => {
                let max = options.max_stored.expect("a memory limit was set");
                assert!(result.stats.stored <= max, "{name}: {:?}", result.stats);
                assert!(name == "a_star" || name == "bfs", "{name}: stores nothing");
            }
            StopReason::CostBound => {
                let bound = options.cost_bound.expect("a cost bound was set");
                match bound.as_u128() {
                    Some(bound) => assert!(
                        optimal.is_none_or(|best| u128::from(best) > bound),
                        "{name}: a solution within the bound exists"
                    ),
                    // Below zero: stopped before generating anything.
                    None => assert_eq!(result.stats.generated, 0, "{name}: {:?}", result.stats),
                }
            }
            StopReason::DepthLimit => {
                assert!(depth.is_some(), "{name}: a depth limit unasked");
                let bound = options.cost_bound.and_then(|b| b.as_u128());
                assert!(
                    optimal.is_none_or(|best| bound.is_some_and(|bound| u128::from(best) > bound)),
                    "{name}: a solution within the depth limit and the bound exists"
                );
            }
            StopReason::Cancelled => {
                assert!(options.cancel, "{name}: cancelled unasked");
                assert!(result.stats.expanded <= 1, "{name}: {:?}", result.stats);
            }
            StopReason::Deadline => {
                assert!(options.deadline, "{name}: deadline unasked");
            }
            StopReason::CostOverflow => {
                assert_eq!(graph.exact[0], None, "{name}: overflow only without a path");
            }
            _ => panic!("{name}: unexpected stop {reason:?}"),
        },
        Outcome::Invalid { error, .. } => panic!("{name}: {error}"),
        _ => panic!("{name}: unexpected outcome"),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (head, rest) = data.split_at(8);
    let nodes = 2 + usize::from(head[0] % 10);
    let graph = Graph::read(nodes, rest, 0, Some(1 + u32::from(head[1] % 3)));
    let flags = head[2];
    let mut asked = Asked {
        detect_cycles: true,
        ..Asked::default()
    };
    if flags & 2 != 0 {
        asked.max_nodes = Some(u64::from(head[3]));
    }
    if flags & 4 != 0 {
        asked.max_stored = Some(usize::from(head[4] % 16));
    }
    if flags & 8 != 0 {
        asked.cost_bound = Some(u32::from(head[5]).into());
    }
    if flags & 128 != 0 {
        // A bound below zero admits no path, not even from a start at the goal.
        asked.cost_bound = Some((-1 - i32::from(head[5])).into());
    }
    asked.cancel = flags & 16 != 0;
    asked.deadline = flags & 32 != 0;
    // Zero-cost cycles never end an iteration without cycle detection: keep it on, except
    // on graphs whose every edge costs something.
    if flags & 64 != 0 && graph.edges.iter().flatten().all(|&(_, c)| c > 0) {
        asked.detect_cycles = false;
        // A tree search of a graph with cycles grows exponentially with the depth (ten
        // self-loops at the start, an optimum of eleven: 10^11 nodes): keep it bounded.
        asked.max_nodes.get_or_insert(200_000);
    }
    let mut options = SearchOptions::new()
        .detect_cycles(asked.detect_cycles)
        .check_path(flags & 1 != 0);
    if let Some(nodes) = asked.max_nodes {
        options = options.max_nodes(nodes);
    }
    if let Some(states) = asked.max_stored {
        options = options.max_stored(states);
    }
    if let Some(bound) = asked.cost_bound {
        options = options.cost_bound(bound);
    }
    if asked.cancel {
        let token = CancelToken::new();
        token.cancel();
        options = options.cancel_token(token);
    }
    if asked.deadline {
        options = options.deadline(Instant::now());
    }
    let engines: [(&str, Engine); 5] = [
        ("ida_star", ida_star_with),
        ("a_star", a_star_with),
        ("bfs", bfs_with),
        ("rbfs", rbfs_with),
        ("parallel_ida_star", parallel_ida_star_with),
    ];
    for (name, engine) in engines {
        if !asked.detect_cycles && graph.exact[0].is_none() && asked.max_nodes.is_none() {
            // Without cycle detection a depth-first search of an unreachable goal deepens
            // forever; only the engines that store states end.
            if name != "a_star" && name != "bfs" {
                continue;
            }
        }
        let result = engine(&graph, &options);
        check(name, &graph, &asked, &result, None);
    }
    // Branch and bound, with a depth limit three times in four. Without cycle detection and
    // with neither a depth limit nor a bound, it can go round a cycle forever (the node limit
    // then ends it).
    let depth = (head[6] % 4 != 0).then_some(usize::from(head[7] % 12));
    let result = branch_and_bound_with(&graph, depth, &options);
    check("branch_and_bound", &graph, &asked, &result, depth);
});
