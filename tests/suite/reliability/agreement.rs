//! Every engine against Dijkstra on random weighted graphs: costs of zero and near the type's
//! `MAX`, parallel moves, dead ends marked by a heuristic of `MAX` or not, heuristics consistent,
//! merely admissible or zero. Each engine that promises an optimum gives Dijkstra's outcome;
//! the bounded-suboptimal ones stay within their weight of it.

use informed::{Cost, Outcome, ResultOf, SearchOptions};

use crate::common::Adjacency;

/// A small xorshift generator: the same graphs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The cost types the graphs are drawn in.
trait Drawn: Cost + core::fmt::Debug + Send + Sync + Into<f64> {
    fn from_u64(x: u64) -> Self;
    /// The largest cost not above `x`, for a heuristic below an exact distance.
    fn floor(x: f64) -> Self;
}

impl Drawn for u8 {
    fn from_u64(x: u64) -> Self {
        x.min(255) as u8
    }
    fn floor(x: f64) -> Self {
        x as u8
    }
}

impl Drawn for u32 {
    fn from_u64(x: u64) -> Self {
        x as u32
    }
    fn floor(x: f64) -> Self {
        x as u32
    }
}

impl Drawn for f64 {
    fn from_u64(x: u64) -> Self {
        x as f64
    }
    fn floor(x: f64) -> Self {
        x.floor()
    }
}

/// A random directed graph from node 0 (parallel edges are one move at two costs) and whether
/// its heuristic is consistent.
fn draw<C: Drawn>(rng: &mut Rng, most: u64, zeros: bool) -> (Adjacency<C>, bool) {
    let n = 2 + rng.below(12) as usize;
    let mut edges = vec![Vec::new(); n];
    for _ in 0..rng.below(4 * n as u64) {
        let (from, to) = (rng.below(n as u64) as usize, rng.below(n as u64) as u32);
        let cost = if zeros && rng.below(3) == 0 {
            0
        } else {
            1 + rng.below(most)
        };
        edges[from].push((to, C::from_u64(cost)));
    }
    let goal = rng.below(n as u64) as u32;
    let exact = to_goal(&edges, goal);
    let mode = rng.below(3);
    let heuristic = exact
        .iter()
        .map(|&d| {
            if d.is_infinite() {
                // A dead end: marked, or not (any value is admissible there).
                if rng.below(2) == 0 {
                    C::MAX
                } else {
                    C::from_u64(rng.below(most))
                }
            } else {
                match mode {
                    0 => C::ZERO,
                    1 => C::floor(d * 0.999),
                    _ => C::floor(d * rng.below(1000) as f64 / 1000.0),
                }
            }
        })
        .collect();
    let graph = Adjacency {
        edges,
        heuristic,
        from_start: vec![C::ZERO; n],
        goal,
    };
    (graph, mode < 2)
}

/// Each node's exact distance to `goal`, in reals (Bellman-Ford).
fn to_goal<C: Drawn>(edges: &[Vec<(u32, C)>], goal: u32) -> Vec<f64> {
    let mut d = vec![f64::INFINITY; edges.len()];
    d[goal as usize] = 0.0;
    for _ in 0..edges.len() {
        for (from, out) in edges.iter().enumerate() {
            for &(to, cost) in out {
                d[from] = d[from].min(cost.into() + d[to as usize]);
            }
        }
    }
    d
}

/// How a search ended, for comparison: a solution's cost, or the kind of end.
fn end<C: Drawn>(outcome: &Outcome<impl HasCost<C>, C>) -> String {
    match outcome {
        Outcome::Solved(found) => format!("solved at {:?}", found.cost()),
        Outcome::NoSolution => "no solution".into(),
        Outcome::Stopped { reason, .. } => format!("stopped: {reason:?}"),
        Outcome::Invalid { error, .. } => format!("invalid: {error}"),
        _ => "other".into(),
    }
}

trait HasCost<C> {
    fn cost(&self) -> C;
}

impl<C: Copy> HasCost<C> for informed::Solution<u32, u32, C> {
    fn cost(&self) -> C {
        self.cost
    }
}

impl<C: Copy> HasCost<C> for informed::OptimalSolutions<u32, C> {
    fn cost(&self) -> C {
        self.cost
    }
}

/// Draws `graphs` graphs of costs from 1 to `most` (and zero, with `zeros`) and checks every
/// engine on each. With `overflows`, sums may pass the type's `MAX`: an engine may then say
/// `CostOverflow` where Dijkstra says there is no solution, or the other way round (which
/// paths each passes over differs; both are true).
fn agree<C: Drawn>(seed: u64, graphs: usize, most: u64, zeros: bool, overflows: bool) {
    let mut rng = Rng(seed);
    let options = SearchOptions::new().max_nodes(200_000);
    let overflow = format!("stopped: {:?}", informed::StopReason::CostOverflow);
    for round in 0..graphs {
        let (graph, consistent) = draw::<C>(&mut rng, most, zeros);
        let truth = end(&informed::dijkstra_with(&graph, &options).outcome);
        let agrees = |name: &str, got: String| {
            let either = [truth.as_str(), got.as_str()];
            let both_unsolved =
                overflows && either.iter().all(|e| *e == "no solution" || *e == overflow);
            assert!(
                got == truth || both_unsolved,
                "{name} (round {round}): {got}, Dijkstra {truth}, {graph:?}"
            );
        };
        let exact: [(&str, super::Engine<Adjacency<C>>); 10] = [
            ("a_star", informed::a_star_with),
            ("ida_star", informed::ida_star_with),
            ("ida_star_cr", informed::ida_star_cr_with),
            ("rbfs", informed::rbfs_with),
            ("budgeted_tree_search", informed::budgeted_tree_search_with),
            (
                "partial_expansion_a_star",
                informed::partial_expansion_a_star_with,
            ),
            ("branch_and_bound", |p, o| {
                informed::branch_and_bound_with(p, None, o)
            }),
            ("anytime_a_star", |p, o| {
                informed::AnytimeAStar::new(p, 2.0, o).into_result()
            }),
            ("focal_search at 1", |p, o| {
                informed::focal_search_with(p, 1.0, o)
            }),
            ("meet_in_the_middle", informed::meet_in_the_middle_with),
        ];
        for (name, engine) in exact {
            let result = engine(&graph, &options);
            if let Some(found) = result.solution() {
                assert!(
                    informed::replay(&graph, &found.moves).is_ok(),
                    "{name} (round {round})"
                );
            }
            // Branch and bound, with no depth limit, may follow a long path past MAX first.
            if !(name == "branch_and_bound" && overflows) {
                agrees(name, end(&result.outcome));
            }
        }
        #[cfg(feature = "parallel")]
        agrees(
            "parallel_ida_star",
            end(&informed::parallel_ida_star_with(&graph, &options).outcome),
        );
        agrees(
            "optimal_solutions",
            end(&informed::optimal_solutions_with(&graph, 1, &options).outcome),
        );
        if consistent {
            agrees(
                "bidirectional_a_star",
                end(&informed::bidirectional_a_star_with(&graph, &options).outcome),
            );
        }
        // Within twice the optimum.
        let Some(optimum) = informed::dijkstra_with(&graph, &options)
            .solution()
            .map(|s| s.cost.into())
        else {
            continue;
        };
        let bounded: [(&str, ResultOf<Adjacency<C>>); 4] = [
            (
                "weighted_a_star",
                informed::weighted_a_star_with(&graph, 2.0, &options),
            ),
            (
                "focal_search",
                informed::focal_search_with(&graph, 2.0, &options),
            ),
            (
                "dynamic_potential_search",
                informed::dynamic_potential_search_with(&graph, 2.0, &options),
            ),
            (
                "explicit_estimation_search",
                informed::explicit_estimation_search_with(&graph, 2.0, |_| 0.0, &options),
            ),
        ];
        for (name, result) in bounded {
            let cost = result.solution().map(|s| s.cost.into());
            let within = cost.is_some_and(|cost: f64| cost <= 2.0 * optimum);
            assert!(
                within || (overflows && end(&result.outcome) == overflow),
                "{name} (round {round}): {cost:?} against {optimum}, {graph:?}"
            );
        }
    }
}

#[test]
fn every_engine_agrees_with_dijkstra_on_random_weighted_graphs() {
    // Sums far from MAX: no engine may say CostOverflow.
    agree::<u32>(1, 500, 20, false, false);
    agree::<u32>(2, 500, 20, true, false);
    agree::<f64>(3, 500, 20, true, false);
    // Sums past MAX.
    agree::<u8>(4, 1500, 120, false, true);
    agree::<u8>(5, 1500, 60, true, true);
    agree::<u32>(6, 500, 1 << 30, true, true);
}
