//! Budgeted tree search: optimal on random graphs and puzzles, IDA* itself where IDA* suits,
//! and far fewer nodes than IDA*_CR where costs take many values.

use crate::common::{EightPuzzle, Graph, HeavyTiles, NodeGraph, assert_replays, optimal_or_none};
use informed::puzzles::SlidingPuzzle;
use informed::{
    Outcome, SearchOptions, StopReason, a_star, bfs, budgeted_tree_search,
    budgeted_tree_search_with, ida_star, ida_star_cr,
};
use quickcheck::quickcheck;

quickcheck! {
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let result = budgeted_tree_search(&graph);
        optimal_or_none(&graph, &graph, &result, false)
    }

    fn proves_none_with_cycle_detection(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let options = SearchOptions::new().detect_cycles(true);
        let result = budgeted_tree_search_with(&problem, &options);
        optimal_or_none(&graph, &problem, &result, true)
    }

    fn optimal_on_eight_puzzles(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        let found = budgeted_tree_search(&puzzle).into_solution().unwrap();
        assert_replays(&puzzle, &found.moves, found.cost);
        found.cost == bfs(&puzzle).into_solution().unwrap().cost
    }
}

/// On the 15-puzzle every IDA* iteration more than doubles the last: BTS makes the same
/// searches, node for node.
#[test]
fn is_ida_star_where_ida_star_suits() {
    let puzzle = SlidingPuzzle::<16>::parse(
        4,
        4,
        "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    )
    .unwrap();
    let (by_bts, by_ida) = (budgeted_tree_search(&puzzle), ida_star(&puzzle));
    assert_eq!(by_bts.solution().map(|s| s.cost), Some(42));
    assert_eq!(by_bts.solution(), by_ida.solution());
    assert_eq!(by_bts.stats.thresholds, by_ida.stats.thresholds);
    assert_eq!(by_bts.stats.expanded, by_ida.stats.expanded);
}

/// Where sliding tile `t` costs `t`, IDA*_CR's guesses overshoot: BTS expands fewer nodes
/// than it (and than IDA*) on each of three of Korf's boards, and finds the optimum.
#[test]
fn fewer_nodes_where_costs_take_many_values() {
    for start in [
        [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15],
        [14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15],
        [4, 5, 7, 2, 9, 14, 12, 13, 0, 3, 6, 11, 8, 1, 15, 10],
    ] {
        let puzzle = HeavyTiles { start };
        let optimal = a_star(&puzzle).solution().map(|s| s.cost);
        let by_bts = budgeted_tree_search(&puzzle);
        let found = by_bts.solution().unwrap();
        assert_eq!(Some(found.cost), optimal);
        assert_replays(&puzzle, &found.moves, found.cost);
        let by_cr = ida_star_cr(&puzzle);
        let by_ida = ida_star(&puzzle);
        assert_eq!(by_cr.solution().map(|s| s.cost), optimal);
        assert!(
            by_bts.stats.expanded < by_cr.stats.expanded
                && by_bts.stats.expanded < by_ida.stats.expanded,
            "{start:?}: BTS {}, IDA*_CR {}, IDA* {}",
            by_bts.stats.expanded,
            by_cr.stats.expanded,
            by_ida.stats.expanded
        );
    }
}

/// A cost bound below the optimum stops the search, one at it finds the optimum; a node limit
/// stops it inside a budgeted search.
#[test]
fn keeps_the_cost_bound_and_the_node_limit() {
    let puzzle = HeavyTiles {
        start: [4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    };
    assert_eq!(a_star(&puzzle).solution().map(|s| s.cost), Some(4));
    let below = budgeted_tree_search_with(&puzzle, &SearchOptions::new().cost_bound(3));
    assert_eq!(below.stopped(), Some(StopReason::CostBound));
    let at = budgeted_tree_search_with(&puzzle, &SearchOptions::new().cost_bound(4));
    assert_eq!(at.solution().map(|s| s.cost), Some(4));
    let hard = HeavyTiles {
        start: [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15],
    };
    let limited = budgeted_tree_search_with(&hard, &SearchOptions::new().max_nodes(5_000));
    assert_eq!(limited.stopped(), Some(StopReason::NodeLimit));
    assert!(limited.stats.generated <= 5_000);
    assert!(!matches!(limited.outcome, Outcome::Solved(_)));
}

/// A decoy goal at 70 first in move order, the optimum at 61 behind a bushy subtree of zero-cost
/// moves all at `f = 61`: a budgeted search past 70 meets the decoy and spends its budget in the
/// subtree; the decoy must not be returned before a search proves it the cheapest.
struct Decoy;

/// Where a [`Decoy`] walk is: the start, the way to the decoy, the decoy, the way to the
/// subtree, or a node of the subtree at a depth, and whether it went right every time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Place {
    Start,
    Near,
    Decoy,
    Far,
    Bush { depth: u8, rightmost: bool },
}

impl informed::SearchProblem for Decoy {
    type State = Place;
    type Move = (Place, u32);
    type Cost = u32;
    fn start(&self) -> Place {
        Place::Start
    }
    fn is_goal(&self, place: &Place) -> bool {
        matches!(
            place,
            Place::Decoy
                | Place::Bush {
                    depth: 12,
                    rightmost: true
                }
        )
    }
    fn moves(&self, place: &Place, moves: &mut informed::MoveBuffer<(Place, u32), u32>) {
        let mut add = |to: Place, cost| moves.push(((to, cost), cost));
        match *place {
            Place::Start => {
                add(Place::Near, 35);
                add(Place::Far, 1);
            }
            Place::Near => add(Place::Decoy, 35),
            Place::Far => add(
                Place::Bush {
                    depth: 0,
                    rightmost: true,
                },
                60,
            ),
            Place::Bush { depth, rightmost } if depth < 12 => {
                let depth = depth + 1;
                add(
                    Place::Bush {
                        depth,
                        rightmost: false,
                    },
                    0,
                );
                add(Place::Bush { depth, rightmost }, 0);
            }
            Place::Decoy | Place::Bush { .. } => {}
        }
    }
    fn apply(&self, place: &mut Place, (to, _): (Place, u32)) {
        *place = to;
    }
}

#[test]
fn a_goal_met_by_a_search_out_of_budget_waits_for_its_proof() {
    let result = budgeted_tree_search(&Decoy);
    let found = result.solution().unwrap();
    assert_eq!(found.cost, 61);
    assert_replays(&Decoy, &found.moves, found.cost);
    // The searches went past the decoy's cost, and back.
    assert!(result.stats.thresholds.iter().any(|&t| t >= 70));
    assert_eq!(result.stats.thresholds.last(), Some(&61));
}
