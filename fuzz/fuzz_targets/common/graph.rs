//! A small weighted directed graph read from fuzz bytes, shared by the engine fuzz targets.

use informed::{MoveBuffer, SearchProblem};

/// A weighted directed graph from node 0 to its last node, with a heuristic of the exact
/// distance divided by `divisor` (admissible), or zero without one.
pub struct Graph {
    pub edges: Vec<Vec<(usize, u32)>>,
    pub goal: usize,
    /// The cheapest cost from each node to the goal, if it is reachable.
    pub exact: Vec<Option<u32>>,
    pub divisor: Option<u32>,
}

impl Graph {
    /// `nodes` nodes, the goal the last, and an edge from each triple of `triples` (from, to,
    /// cost `least_cost + c % 20`), at most 24 of them: IDA* and RBFS with cycle detection
    /// enumerate simple paths.
    pub fn read(nodes: usize, triples: &[u8], least_cost: u32, divisor: Option<u32>) -> Self {
        let mut edges = vec![Vec::new(); nodes];
        for triple in triples.chunks_exact(3).take(24) {
            let from = usize::from(triple[0]) % nodes;
            let cost = least_cost + u32::from(triple[2] % 20);
            edges[from].push((usize::from(triple[1]) % nodes, cost));
        }
        let goal = nodes - 1;
        let exact = distances_to(&edges, goal);
        Graph {
            edges,
            goal,
            exact,
            divisor,
        }
    }
}

impl SearchProblem for Graph {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, node: &usize) -> bool {
        *node == self.goal
    }
    fn heuristic(&self, node: &usize) -> u32 {
        match (self.divisor, self.exact[*node]) {
            (Some(divisor), Some(exact)) => exact / divisor,
            _ => 0,
        }
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        moves.extend(
            self.edges[*node]
                .iter()
                .enumerate()
                .map(|(i, &(_, c))| ((*node, i), c)),
        );
    }
    fn apply(&self, node: &mut usize, (from, edge): (usize, usize)) {
        *node = self.edges[from][edge].0;
    }
}

/// The cheapest cost from every node to `goal`, by Dijkstra backwards (quadratic: the graphs
/// are tiny).
fn distances_to(edges: &[Vec<(usize, u32)>], goal: usize) -> Vec<Option<u32>> {
    let n = edges.len();
    let mut best: Vec<Option<u32>> = vec![None; n];
    let mut done = vec![false; n];
    best[goal] = Some(0);
    loop {
        let Some(node) = (0..n)
            .filter(|&v| !done[v] && best[v].is_some())
            .min_by_key(|&v| best[v])
        else {
            break;
        };
        done[node] = true;
        let d = best[node].unwrap_or(0);
        for (from, out) in edges.iter().enumerate() {
            for &(to, cost) in out {
                if to == node && best[from].is_none_or(|b| d + cost < b) {
                    best[from] = Some(d + cost);
                }
            }
        }
    }
    best
}
