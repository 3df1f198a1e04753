//! Any depth: a corridor whose only solution is 1,000,000 moves long, with an exact heuristic.
//! Every engine must solve it without overflowing the stack.

use informed::{a_star, bfs, ida_star, rbfs, MoveBuffer, SearchProblem};

const LENGTH: u32 = 1_000_000;

struct Corridor;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Forward,
    Back,
}

impl SearchProblem for Corridor {
    type State = u32;
    type Move = Step;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, at: &u32) -> bool {
        *at == LENGTH
    }
    fn heuristic(&self, at: &u32) -> u32 {
        LENGTH - at
    }
    fn moves(&self, at: &u32, moves: &mut MoveBuffer<Step, u32>) {
        if *at < LENGTH {
            moves.push((Step::Forward, 1));
        }
        if *at > 0 {
            moves.push((Step::Back, 1));
        }
    }
    fn apply(&self, at: &mut u32, step: Step) {
        match step {
            Step::Forward => *at += 1,
            Step::Back => *at -= 1,
        }
    }
    fn inverse(&self, step: Step) -> Option<Step> {
        Some(match step {
            Step::Forward => Step::Back,
            Step::Back => Step::Forward,
        })
    }
}

#[test]
fn every_engine_walks_a_million_moves() {
    for (name, result) in [
        ("ida_star", ida_star(&Corridor)),
        ("rbfs", rbfs(&Corridor)),
        ("a_star", a_star(&Corridor)),
        ("bfs", bfs(&Corridor)),
    ] {
        let solution = result
            .into_solution()
            .unwrap_or_else(|| panic!("{name}: no solution"));
        assert_eq!(solution.cost, LENGTH, "{name}");
        assert_eq!(solution.len(), LENGTH as usize, "{name}");
        assert!(solution.moves.iter().all(|&m| m == Step::Forward), "{name}");
    }
}
