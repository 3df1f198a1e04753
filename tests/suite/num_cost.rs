//! Costs of numeric types from other crates, through `NumCost`: `rust_decimal::Decimal` and
//! `ordered_float::NotNan<f64>`, on random weighted graphs against the exact distances, and at
//! the edges of their range.

use informed::{
    Cost, CostValue, NumCost, Outcome, ResultOf, StopReason, a_star, branch_and_bound,
    budgeted_tree_search, dijkstra, ida_star, ida_star_cr, rbfs, weighted_a_star,
};
use ordered_float::NotNan;
use quickcheck::QuickCheck;
use rust_decimal::Decimal;

use crate::common::{Adjacency, Graph, with_costs};

/// Every optimal engine finds `optimum` (a cost, or none), and weighted A\* at most 1.5 times
/// it.
fn agrees<C: Cost>(problem: &Adjacency<C>, optimum: Option<C>, at_most: impl Fn(C, C) -> bool) {
    let optimal: [(&str, ResultOf<Adjacency<C>>); 7] = [
        ("a_star", a_star(problem)),
        ("dijkstra", dijkstra(problem)),
        ("ida_star", ida_star(problem)),
        ("rbfs", rbfs(problem)),
        ("ida_star_cr", ida_star_cr(problem)),
        ("budgeted_tree_search", budgeted_tree_search(problem)),
        ("branch_and_bound", branch_and_bound(problem, None)),
    ];
    for (name, result) in optimal {
        let cost = result.solution().map(|s| s.cost);
        assert!(cost == optimum, "{name}: {cost:?}, not {optimum:?}");
        if optimum.is_none() {
            assert_eq!(result.outcome, Outcome::NoSolution, "{name}");
        }
    }
    let weighted = weighted_a_star(problem, 1.5).solution().map(|s| s.cost);
    match (weighted, optimum) {
        (Some(found), Some(best)) => assert!(at_most(found, best), "{found:?} vs {best:?}"),
        (None, None) => {}
        other => panic!("weighted_a_star: {other:?}"),
    }
}

#[test]
fn decimal_and_ordered_float_costs_give_the_optimal_costs() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn both(graph: Graph) -> bool {
        // Tenths, exact in a decimal.
        let tenth = |c: u32| NumCost::new(Decimal::new(i64::from(c), 1));
        let decimals = with_costs(&graph, tenth);
        agrees(&decimals, graph.exact[0].map(tenth), |found, best| {
            found.get().unwrap() <= best.get().unwrap() * Decimal::new(15, 1)
        });
        // Quarters, exact in a binary float.
        let quarter = |c: u32| NumCost::new(NotNan::new(f64::from(c) * 0.25).unwrap());
        let floats = with_costs(&graph, quarter);
        agrees(&floats, graph.exact[0].map(quarter), |found, best| {
            found.get().unwrap().into_inner() <= best.get().unwrap().into_inner() * 1.5
        });
        true
    }
    QuickCheck::new()
        .tests(150)
        .quickcheck(both as fn(Graph) -> bool);
}

#[test]
fn a_sum_past_the_largest_value_is_infinite_and_no_path() {
    type D = NumCost<Decimal>;
    // A third of the range, twice, fits; four times (or three, to a hair of the largest
    // value) does not, and is infinite rather than a panic in `Decimal`'s addition.
    let third = D::new(Decimal::MAX / Decimal::from(3));
    let two = third.saturating_add(third);
    assert!(two < D::MAX && two.get().is_some());
    let over = two.saturating_add(two);
    assert!(over == D::MAX && over.get().is_none());
    assert!(over.saturating_add(D::new(Decimal::ONE)) == D::MAX);
    // Two moves whose sum passes the range: the path's cost is infinite, and the search says
    // so rather than that there is no path.
    let line = Adjacency {
        edges: vec![vec![(1, two)], vec![(2, two)], vec![]],
        heuristic: vec![D::ZERO; 3],
        from_start: vec![D::ZERO; 3],
        goal: 2,
    };
    for (name, result) in [("a_star", a_star(&line)), ("ida_star", ida_star(&line))] {
        assert_eq!(result.stopped(), Some(StopReason::CostOverflow), "{name}");
    }
}

#[test]
fn values_convert_and_order_as_the_type_does() {
    type F = NumCost<NotNan<f64>>;
    let of = |x: f64| F::new(NotNan::new(x).unwrap());
    assert!(of(0.0) == F::ZERO && F::default() == F::ZERO);
    assert!(of(0.5) < of(2.0) && of(2.0) < F::MAX);
    assert!(!of(-1.0).is_valid() && of(0.0).is_valid() && F::MAX.is_valid());
    assert_eq!(of(2.5).value(), CostValue::Float(2.5));
    assert_eq!(F::MAX.value(), CostValue::Float(f64::INFINITY));
    assert!(F::from_value(CostValue::Signed(-3)) == F::ZERO);
    assert!(F::from_value(CostValue::Unsigned(7)) == of(7.0));
    assert!(of(1.0).next_up() > of(1.0));
    assert!(of(3.0) - of(1.0) == of(2.0) && F::MAX - of(1.0) == F::MAX);
    assert_eq!(format!("{:?} {:?}", of(1.5), F::MAX), "1.5 inf");
    let decimal = NumCost::new(Decimal::new(125, 2));
    assert!(decimal.scaled(2.0) == NumCost::new(Decimal::new(25, 1)));
    assert!(decimal.next_up() > decimal);
}
