//! The table of states shared by the engines that store them (A*, BFS): each state once, in an
//! arena, with its parent link, found again through a hash index.

use core::hash::{BuildHasher, Hash};

use hashbrown::{DefaultHashBuilder, HashTable};

/// A stored state and how it was best reached so far.
pub(crate) struct Node<S, M, C> {
    pub state: S,
    /// Index of the node it was reached from; the root points to itself.
    pub parent: usize,
    /// The move from the parent; `None` at the root.
    pub arrived_by: Option<M>,
    /// The cost of the best path found to it.
    pub g: C,
}

pub(crate) struct NodeTable<S, M, C> {
    pub nodes: Vec<Node<S, M, C>>,
    index: HashTable<usize>,
    hasher: DefaultHashBuilder,
}

impl<S: Eq + Hash, M: Copy, C> NodeTable<S, M, C> {
    pub fn new() -> Self {
        Self {
            nodes: Vec::new(),
            index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The hash under which `state` is indexed; computed once per generated state.
    pub fn hash(&self, state: &S) -> u64 {
        self.hasher.hash_one(state)
    }

    /// The index of the node holding `state`, whose hash is `hash`.
    pub fn find(&self, hash: u64, state: &S) -> Option<usize> {
        let nodes = &self.nodes;
        self.index
            .find(hash, |&i| nodes[i].state == *state)
            .copied()
    }

    /// Stores a state not yet in the table, whose hash is `hash`, and returns its index.
    pub fn insert(&mut self, hash: u64, node: Node<S, M, C>) -> usize {
        let index = self.nodes.len();
        self.nodes.push(node);
        let (nodes, hasher) = (&self.nodes, &self.hasher);
        self.index
            .insert_unique(hash, index, |&i| hasher.hash_one(&nodes[i].state));
        index
    }

    /// The moves from the root to the node at `index`, following parent links.
    pub fn moves_to(&self, mut index: usize) -> Vec<M> {
        let mut moves = Vec::new();
        while let Some(mv) = self.nodes[index].arrived_by {
            moves.push(mv);
            index = self.nodes[index].parent;
        }
        moves.reverse();
        moves
    }
}
