//! The path check (debug-assertion mode): it catches an inadmissible heuristic and an inverse
//! that does not restore the state, and names the step.

use informed::closures::FnProblem;
use informed::puzzles::SlidingPuzzle;
use informed::{
    CostValue, MoveBuffer, Outcome, PathError, ProblemError, SearchOptions, SearchProblem,
    check_path, ida_star_with,
};

/// Count from 0 to `goal` by +1 (cost 1) or +2 (cost 1); `bad_heuristic` overestimates,
/// `bad_undo` gives -1 as the inverse of +2.
struct Count {
    goal: u32,
    bad_heuristic: bool,
    bad_undo: bool,
}

impl SearchProblem for Count {
    type State = u32;
    type Move = i32;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.goal
    }
    fn heuristic(&self, n: &u32) -> u32 {
        let exact = (self.goal - n).div_ceil(2);
        if self.bad_heuristic {
            self.goal - n
        } else {
            exact
        }
    }
    fn moves(&self, n: &u32, moves: &mut MoveBuffer<i32, u32>) {
        for step in [1, 2] {
            if n + step as u32 <= self.goal {
                moves.push((step, 1));
            }
        }
    }
    fn apply(&self, n: &mut u32, step: i32) {
        *n = n.wrapping_add_signed(step);
    }
    fn inverse(&self, step: i32) -> Option<i32> {
        Some(if self.bad_undo && step == 2 {
            -1
        } else {
            -step
        })
    }
}

fn count(bad_heuristic: bool, bad_undo: bool) -> Count {
    Count {
        goal: 6,
        bad_heuristic,
        bad_undo,
    }
}

#[test]
fn a_sound_path_passes() {
    assert_eq!(check_path(&count(false, false), &[2, 2, 2]), Ok(()));
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let solution = ida_star_with(&puzzle, &SearchOptions::new().check_path(true))
        .into_solution()
        .unwrap();
    assert_eq!(check_path(&puzzle, &solution.moves), Ok(()));
}

#[test]
fn every_kind_of_fault_is_named() {
    assert_eq!(
        check_path(&count(false, false), &[2, 2, 3]),
        Err(PathError::IllegalMove { step: 2 })
    );
    assert_eq!(
        check_path(&count(false, false), &[2, 2]),
        Err(PathError::NotAGoal)
    );
    assert_eq!(
        check_path(&count(true, false), &[2, 2, 2]),
        Err(PathError::Overestimate {
            step: 0,
            heuristic: CostValue::Unsigned(6),
            remaining: CostValue::Unsigned(3)
        })
    );
    assert_eq!(
        check_path(&count(false, true), &[2, 2, 2]),
        Err(PathError::InverseMismatch {
            step: 0,
            move_index: 1
        })
    );
    let message = PathError::Overestimate {
        step: 1,
        heuristic: CostValue::Unsigned(4),
        remaining: CostValue::Unsigned(2),
    }
    .to_string();
    assert!(message.contains("not admissible"), "{message}");
}

#[test]
fn engines_report_a_faulty_problem_when_checking() {
    let result = ida_star_with(&count(false, true), &SearchOptions::new().check_path(true));
    assert!(
        matches!(
            result.problem_error(),
            Some(ProblemError::Path(PathError::InverseMismatch { .. }))
        ),
        "the bad inverse is caught: {:?}",
        result.outcome
    );
    // An inadmissible heuristic is named, and the path found is still handed back.
    let line = FnProblem::new(
        0u32,
        |&n: &u32| if n < 3 { vec![(n + 1, 1u32)] } else { vec![] },
        |&n: &u32| if n == 0 { 10 } else { 0 },
        |&n: &u32| n == 3,
    );
    let result = ida_star_with(&line, &SearchOptions::new().check_path(true));
    let Outcome::Invalid { error, solution } = &result.outcome else {
        panic!("expected the check to fail: {:?}", result.outcome);
    };
    assert!(matches!(
        error,
        ProblemError::Path(PathError::Overestimate { .. })
    ));
    assert!(error.to_string().contains("check_path(false)"), "{error}");
    assert_eq!(solution.as_ref().map(|s| (s.len(), s.cost)), Some((3, 3)));
    // Unchecked, the same search returns the path.
    let unchecked = SearchOptions::new().check_path(false);
    assert!(ida_star_with(&count(true, false), &unchecked).is_solved());
}
