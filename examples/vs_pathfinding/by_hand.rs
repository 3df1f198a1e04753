//! A* and BFS written by hand over `pathfinding`'s closures (the least a search through them
//! costs), and the calls they make to the closures, recorded and replayed with no search
//! around them (what no search through them can beat).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{BuildHasher, Hash};
use std::hint::black_box;

use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxBuildHasher;

/// A call a search by hand makes to the closures, for [`Calls`] to record: the successors of a
/// node (and, for A*, whether it is a goal), or the heuristic of one.
pub enum Call<'a, N> {
    Expand(&'a N),
    Estimate(&'a N),
}

/// The calls a search by hand made to the closures, recorded to be replayed alone, and its
/// answer.
pub struct Calls<N> {
    expanded: Vec<N>,
    estimated: Vec<N>,
    answer: u64,
}

impl<N: Clone> Calls<N> {
    /// The calls `search` makes through the recorder it is handed, and the answer it gives.
    pub fn of(search: impl FnOnce(&mut dyn FnMut(Call<'_, N>)) -> u64) -> Calls<N> {
        let (mut expanded, mut estimated) = (Vec::new(), Vec::new());
        let answer = search(&mut |call| match call {
            Call::Expand(node) => expanded.push(node.clone()),
            Call::Estimate(node) => estimated.push(node.clone()),
        });
        Calls {
            expanded,
            estimated,
            answer,
        }
    }
}

/// The calls `search` makes on each of `items` problems (by number), if `replayed`; else none
/// (a profile of another side alone is of that side alone).
pub fn record<N: Clone>(
    replayed: bool,
    items: usize,
    search: impl Fn(usize, &mut dyn FnMut(Call<'_, N>)) -> u64,
) -> Vec<Calls<N>> {
    let items = if replayed { items } else { 0 };
    (0..items)
        .map(|item| Calls::of(|record| search(item, record)))
        .collect()
}

/// The calls a BFS by hand made, replayed with no search around them: the successors of each
/// node it expanded, each tested as a goal; its answer.
pub fn replay_bfs<N, I: IntoIterator<Item = N>>(
    calls: &Calls<N>,
    successors: impl Fn(&N) -> I,
    success: impl Fn(&N) -> bool,
) -> u64 {
    for node in &calls.expanded {
        for child in successors(node) {
            black_box(success(&child));
            black_box(child);
        }
    }
    calls.answer
}

/// The calls an A* by hand made, replayed with no search around them: each node it expanded
/// tested as a goal and its successors listed, and the heuristic of each node it estimated;
/// its answer.
pub fn replay_astar<N, I: IntoIterator<Item = (N, u32)>>(
    calls: &Calls<N>,
    successors: impl Fn(&N) -> I,
    heuristic: impl Fn(&N) -> u32,
    success: impl Fn(&N) -> bool,
) -> u64 {
    for node in &calls.expanded {
        black_box(success(node));
        for child in successors(node) {
            black_box(child);
        }
    }
    for node in &calls.estimated {
        black_box(heuristic(node));
    }
    calls.answer
}

/// Breadth-first search written by hand over `pathfinding::bfs`'s closures: the length of a
/// shortest path to a node where `success` holds, checked as nodes are generated (as
/// `pathfinding` does). Each node expanded is handed to `record` (which does nothing but in
/// the run that records the calls).
pub fn bfs_by_hand<N: Clone + Eq + Hash, I: IntoIterator<Item = N>>(
    start: &N,
    successors: impl Fn(&N) -> I,
    success: impl Fn(&N) -> bool,
    mut record: impl FnMut(Call<'_, N>),
) -> Option<usize> {
    if success(start) {
        return Some(0);
    }
    let hasher = FxBuildHasher;
    // Each node with the index of its parent, in the order reached: the queue too.
    let mut nodes: Vec<(N, u32)> = vec![(start.clone(), u32::MAX)];
    let mut index: HashTable<u32> = HashTable::new();
    index.insert_unique(hasher.hash_one(start), 0, |_| 0);
    let mut next = 0;
    while next < nodes.len() {
        let node = nodes[next].0.clone();
        record(Call::Expand(&node));
        for child in successors(&node) {
            if success(&child) {
                let (mut length, mut at) = (1, next);
                while nodes[at].1 != u32::MAX {
                    (length, at) = (length + 1, nodes[at].1 as usize);
                }
                return Some(length);
            }
            let hash = hasher.hash_one(&child);
            let entry = index.entry(
                hash,
                |&i| nodes[i as usize].0 == child,
                |&i| hasher.hash_one(&nodes[i as usize].0),
            );
            if let Entry::Vacant(vacant) = entry {
                vacant.insert(nodes.len() as u32);
                nodes.push((child, next as u32));
            }
        }
        next += 1;
    }
    None
}

/// A* written by hand over `pathfinding::astar`'s closures (unsigned costs): the cost of a
/// cheapest path. An entry of the heap whose node has since been reached more cheaply is
/// passed over when it comes out. Each node expanded, and each whose heuristic is asked for,
/// is handed to `record`.
pub fn astar_by_hand<N: Clone + Eq + Hash, I: IntoIterator<Item = (N, u32)>>(
    start: &N,
    successors: impl Fn(&N) -> I,
    heuristic: impl Fn(&N) -> u32,
    success: impl Fn(&N) -> bool,
    mut record: impl FnMut(Call<'_, N>),
) -> Option<u32> {
    let hasher = FxBuildHasher;
    // Each node with its cost so far.
    let mut nodes: Vec<(N, u32)> = vec![(start.clone(), 0)];
    let mut index: HashTable<u32> = HashTable::new();
    index.insert_unique(hasher.hash_one(start), 0, |_| 0);
    // (f, g, node) by least f, then greatest g (the deepest of equal f first, as
    // `pathfinding` breaks ties).
    let mut open = BinaryHeap::new();
    record(Call::Estimate(start));
    open.push(Reverse((heuristic(start), Reverse(0u32), 0u32)));
    while let Some(Reverse((_, Reverse(g), at))) = open.pop() {
        let node = nodes[at as usize].0.clone();
        if g > nodes[at as usize].1 {
            continue;
        }
        record(Call::Expand(&node));
        if success(&node) {
            return Some(g);
        }
        for (child, cost) in successors(&node) {
            let child_g = g + cost;
            let hash = hasher.hash_one(&child);
            let entry = index.entry(
                hash,
                |&i| nodes[i as usize].0 == child,
                |&i| hasher.hash_one(&nodes[i as usize].0),
            );
            let i = match entry {
                Entry::Occupied(known) => {
                    let i = *known.get();
                    if nodes[i as usize].1 <= child_g {
                        continue;
                    }
                    nodes[i as usize].1 = child_g;
                    i
                }
                Entry::Vacant(vacant) => {
                    let i = nodes.len() as u32;
                    vacant.insert(i);
                    nodes.push((child.clone(), child_g));
                    i
                }
            };
            record(Call::Estimate(&child));
            open.push(Reverse((child_g + heuristic(&child), Reverse(child_g), i)));
        }
    }
    None
}
