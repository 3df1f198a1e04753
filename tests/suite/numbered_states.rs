//! States filed by number (`SearchProblem::state_index`) or by the hash they carry
//! (`SearchProblem::state_hash`): the same answers and counts as filed by the tables' own hash,
//! from every engine that stores states, and a clear error for a number out of range, missing,
//! or shared by two states.

use informed::{
    MoveBuffer, ProblemError, SearchProblem, a_star, bfs, dijkstra, dijkstra_all,
    greedy_best_first, weighted_a_star,
};
use quickcheck::QuickCheck;

use crate::common::{Graph, Hashed, NodeGraph};

/// A graph's nodes numbered as they are, or by a numbering that may be broken.
#[derive(Clone, Debug)]
struct Numbered {
    graph: NodeGraph,
    number: fn(usize) -> Option<usize>,
}

impl Numbered {
    fn new(graph: Graph) -> Numbered {
        Numbered {
            graph: NodeGraph(graph),
            number: Some,
        }
    }
}

impl SearchProblem for Numbered {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        self.graph.start()
    }
    fn is_goal(&self, node: &usize) -> bool {
        self.graph.is_goal(node)
    }
    fn heuristic(&self, node: &usize) -> u32 {
        self.graph.heuristic(node)
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        self.graph.moves(node, moves);
    }
    fn apply(&self, node: &mut usize, mv: (usize, usize)) {
        self.graph.apply(node, mv);
    }
    fn state_index(&self, &node: &usize) -> Option<usize> {
        (self.number)(node)
    }
}

/// Whether every engine that stores states gives `filed` the answers and counts it gives
/// `hashed`, the same problem with its states filed by the tables' own hash.
fn same_as_hashed<P, Q>(filed: &P, hashed: &Q) -> bool
where
    P: SearchProblem<State = usize, Move = (usize, usize), Cost = u32>,
    Q: SearchProblem<State = usize, Move = (usize, usize), Cost = u32>,
{
    let same = |a: informed::ResultOf<P>, b: informed::ResultOf<Q>| {
        a.outcome == b.outcome && a.stats == b.stats
    };
    same(a_star(filed), a_star(hashed))
        && same(dijkstra(filed), dijkstra(hashed))
        && same(weighted_a_star(filed, 2.5), weighted_a_star(hashed, 2.5))
        && same(greedy_best_first(filed), greedy_best_first(hashed))
        && same(bfs(filed), bfs(hashed))
}

#[test]
fn numbered_states_give_the_same_answers_and_counts_as_hashed_ones() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn agrees(graph: Graph) -> bool {
        let numbered = Numbered::new(graph);
        same_as_hashed(&numbered, &Hashed(numbered.clone()))
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(agrees as fn(Graph) -> bool);
}

/// A graph whose nodes carry a hash: a spread one, or (`SPREAD` false) the same for every
/// node, which files every state in one chain and must still find each.
#[derive(Clone, Debug)]
struct Carrying<const SPREAD: bool>(NodeGraph);

impl<const SPREAD: bool> SearchProblem for Carrying<SPREAD> {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        self.0.start()
    }
    fn is_goal(&self, node: &usize) -> bool {
        self.0.is_goal(node)
    }
    fn heuristic(&self, node: &usize) -> u32 {
        self.0.heuristic(node)
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        self.0.moves(node, moves);
    }
    fn apply(&self, node: &mut usize, mv: (usize, usize)) {
        self.0.apply(node, mv);
    }
    fn state_hash(&node: &usize) -> Option<u64> {
        Some(if SPREAD {
            (node as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        } else {
            7
        })
    }
}

#[test]
fn states_filed_by_the_hash_they_carry_give_the_same_answers_and_counts() {
    fn agree<const SPREAD: bool>(graph: &Graph) -> bool {
        let carrying = Carrying::<SPREAD>(NodeGraph(graph.clone()));
        let hashed = Hashed(NodeGraph(graph.clone()));
        let reached = dijkstra_all(&carrying).into_solution().unwrap();
        let all = dijkstra_all(&hashed).into_solution().unwrap();
        same_as_hashed(&carrying, &hashed)
            && reached.len() == all.len()
            && (0..graph.edges.len()).all(|node| reached.cost(&node) == all.cost(&node))
    }
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn both(graph: Graph) -> bool {
        agree::<true>(&graph) && agree::<false>(&graph)
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(both as fn(Graph) -> bool);
}

/// A graph 0 → 1 → 2 → 3, the goal 3.
fn line() -> Graph {
    Graph::new(vec![vec![(1, 1)], vec![(2, 1)], vec![(3, 1)], vec![]], 3, 1)
}

#[test]
fn a_number_out_of_range_is_a_clear_error() {
    let mut far = Numbered::new(line());
    far.number = |node| Some(if node == 2 { 1 << 30 } else { node });
    let error = ProblemError::StateNumber {
        number: Some(1 << 30),
    };
    assert_eq!(a_star(&far).problem_error(), Some(&error));
    assert_eq!(dijkstra(&far).problem_error(), Some(&error));
    assert_eq!(bfs(&far).problem_error(), Some(&error));
    assert!(error.to_string().contains("2^30"), "{error}");
    // The start's own number is checked too.
    far.number = |node| Some(node + (1 << 30));
    assert!(matches!(
        a_star(&far).problem_error(),
        Some(ProblemError::StateNumber { number: Some(n) }) if *n == 1 << 30
    ));
    assert!(matches!(
        bfs(&far).problem_error(),
        Some(ProblemError::StateNumber { number: Some(n) }) if *n == 1 << 30
    ));
}

#[test]
fn a_state_without_a_number_is_a_clear_error() {
    let mut partly = Numbered::new(line());
    partly.number = |node| (node < 2).then_some(node);
    let error = ProblemError::StateNumber { number: None };
    assert_eq!(a_star(&partly).problem_error(), Some(&error));
    assert_eq!(bfs(&partly).problem_error(), Some(&error));
    assert!(error.to_string().contains("every state or none"), "{error}");
    // A problem that numbers no state, the start included, is filed by hash.
    partly.number = |_| None;
    assert_eq!(a_star(&partly).solution().map(|s| s.cost), Some(3));
    assert_eq!(bfs(&partly).solution().map(|s| s.cost), Some(3));
}

#[test]
fn a_number_two_states_share_is_a_clear_error() {
    let mut shared = Numbered::new(line());
    shared.number = |node| Some(node / 2); // 0 and 1 share 0
    let error = ProblemError::StateNumber { number: Some(0) };
    assert_eq!(a_star(&shared).problem_error(), Some(&error));
    assert_eq!(bfs(&shared).problem_error(), Some(&error));
}

#[test]
fn a_large_count_is_filed_in_blocks_made_as_the_search_reaches_them() {
    // A chain 0 → 1 → … → 3000 with a dead end off every node, its nodes numbered 4,099
    // apart, up to 2.5e7: blocks of 256 numbers, each state in a block of its own, made when
    // it is first stored, the directory grown as higher numbers come.
    let len = 3000;
    let edges = (0..=2 * len)
        .map(|n| {
            if n < len {
                vec![(n + 1, 1), (len + 1 + n, 1)]
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut chain = Numbered::new(Graph::new(edges, len, 1));
    chain.number = |n| Some(n * 4099);
    for (numbered, hashed) in [
        (a_star(&chain), a_star(&Hashed(chain.clone()))),
        (bfs(&chain), bfs(&Hashed(chain.clone()))),
        (dijkstra(&chain), dijkstra(&Hashed(chain.clone()))),
    ] {
        assert_eq!(numbered.solution().map(|s| s.cost), Some(3000));
        assert_eq!(numbered.outcome, hashed.outcome);
        assert_eq!(numbered.stats, hashed.stats);
    }
    // Two states sharing a number, in one block and across the blocks made.
    let mut broken = chain.clone();
    broken.number = |n| Some(n / 2 * 4099);
    for result in [a_star(&broken), bfs(&broken)] {
        assert!(matches!(
            result.problem_error(),
            Some(ProblemError::StateNumber { number: Some(_) })
        ));
    }
    // A number out of range late in the search.
    broken.number = |n| Some(if n > 2500 && n < 3001 { 1 << 31 } else { n });
    for result in [a_star(&broken), bfs(&broken)] {
        assert!(matches!(
            result.problem_error(),
            Some(ProblemError::StateNumber { number: Some(n) }) if *n == 1 << 31
        ));
    }
}
