//! The bounded-suboptimal engines (focal search, DPS, EES) against weighted A* at the same
//! weights, and anytime A* (ARA*) against weighted A* and A*.

use informed::puzzles::SlidingPuzzle;
use informed::{
    AnytimeAStar, SearchOptions, SearchProblem, a_star, dynamic_potential_search,
    explicit_estimation_search, focal_search, ida_star_cr, weighted_a_star,
};

use crate::{answer, grid, heavy_puzzles, measure};

/// Focal search against weighted A* at the same weights: the rows' costs differ, each
/// within its weight of A*'s.
pub(crate) fn bounded(
    korf: &[SlidingPuzzle<16>],
    text: &str,
    queries: &[grid::Query],
    rounds: usize,
) {
    let heavy = heavy_puzzles(text);
    let optimal = (
        measure(korf, 1, |p| answer(&a_star(p))).cost,
        measure(&heavy, 1, |p| answer(&ida_star_cr(p))).cost,
        measure(queries, 1, |q| answer(&a_star(q))).cost,
    );
    println!(
        "\nbounded-suboptimal: weighted A*, focal search, DPS and EES at weight w (cost: the sum; \
         the optimal sums: korf_easy20 {}, heavy tiles {}, arena {})",
        optimal.0, optimal.1, optimal.2
    );
    println!(
        "  {:<56} {:>12} {:>12} {:>10}",
        "engine", "expanded", "cost", "ms"
    );
    bounded_rows(
        "korf_easy20",
        korf,
        [3.0, 5.0],
        optimal.0,
        rounds,
        |p, board| f64::from(p.heuristic(board)),
    );
    // Heavy tiles: the moves left (the unweighted Manhattan distance) part ways with the
    // cost left, which is where EES's distance estimate tells.
    bounded_rows(
        "heavy tiles, first 8",
        &heavy,
        [1.5, 2.0],
        optimal.1,
        rounds,
        |_, board| f64::from(board.moves_left()),
    );
    // The octile distance in moves: the longer of the two offsets.
    bounded_rows(
        "arena",
        queries,
        [1.5, 2.0],
        optimal.2,
        rounds,
        |q, &(x, y)| f64::from(x.abs_diff(q.goal.0).max(y.abs_diff(q.goal.1))),
    );
}

/// The bounded-suboptimal engines' rows for one domain, at each weight, each checked within
/// its bound of the `optimal` sum; `distance` is EES's estimate of the moves left.
fn bounded_rows<P: SearchProblem<Cost = u32>>(
    domain: &str,
    problems: &[P],
    weights: [f64; 2],
    optimal: u64,
    rounds: usize,
    distance: fn(&P, &P::State) -> f64,
) {
    for weight in weights {
        let rows = [
            (
                "weighted_a_star",
                measure(problems, rounds, |p| answer(&weighted_a_star(p, weight))),
            ),
            (
                "focal_search",
                measure(problems, rounds, |p| answer(&focal_search(p, weight))),
            ),
            (
                "dynamic_potential_search",
                measure(problems, rounds, |p| {
                    answer(&dynamic_potential_search(p, weight))
                }),
            ),
            (
                "explicit_estimation_search",
                measure(problems, rounds, |p| {
                    answer(&explicit_estimation_search(p, weight, |state| {
                        distance(p, state)
                    }))
                }),
            ),
        ];
        for (name, totals) in rows {
            let name = format!("{domain} {name} w={weight}");
            let median = totals.millis[totals.millis.len() / 2];
            println!(
                "  {name:<56} {:>12} {:>12} {median:>10.1}",
                totals.expanded, totals.cost
            );
            assert!(
                totals.cost as f64 <= weight * optimal as f64,
                "{name} passes its bound"
            );
        }
    }
}

/// ARA* from a weight of 3 on Korf's easy 15-puzzles: the states expanded and the time to
/// its first answers, and on to the last (proven optimal), against weighted A* at 3 and A*.
pub(crate) fn anytime(korf: &[SlidingPuzzle<16>], rounds: usize) {
    let options = SearchOptions::new();
    let first = measure(korf, rounds, |p| {
        let mut search = AnytimeAStar::new(p, 3.0, &options);
        let first = search.next().map(|found| found.solution.cost);
        (first, search.stats().clone())
    });
    let last = measure(korf, rounds, |p| {
        let mut search = AnytimeAStar::new(p, 3.0, &options);
        let last = search.by_ref().last().map(|found| found.solution.cost);
        (last, search.stats().clone())
    });
    let weighted = measure(korf, rounds, |p| answer(&weighted_a_star(p, 3.0)));
    let optimal = measure(korf, rounds, |p| answer(&a_star(p)));
    println!(
        "\nanytime: ARA* from w = 3 on korf_easy20 (cost: the sum; the optimal sum {})",
        optimal.cost
    );
    println!(
        "  {:<36} {:>12} {:>12} {:>10}",
        "engine", "expanded", "cost", "ms"
    );
    for (name, totals) in [
        ("anytime_a_star, first answers", &first),
        ("anytime_a_star, to the optimum", &last),
        ("weighted_a_star w=3", &weighted),
        ("a_star", &optimal),
    ] {
        let median = totals.millis[totals.millis.len() / 2];
        println!(
            "  {name:<36} {:>12} {:>12} {median:>10.1}",
            totals.expanded, totals.cost
        );
    }
    assert_eq!(last.cost, optimal.cost, "ARA*'s last answers are optimal");
    assert!(
        first.cost as f64 <= 3.0 * optimal.cost as f64,
        "ARA*'s first answers keep w"
    );
}
