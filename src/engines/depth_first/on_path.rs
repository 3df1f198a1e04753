//! The states on the current path of a depth-first search, for the engines that skip a state
//! already on it ([`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles), on by
//! default for a problem without inverse moves).

use core::hash::Hash;

use hashbrown::HashSet;

/// How deep a path grows before its states are also kept in a hash set: below it, looking a
/// state up compares it with each (a few instructions a state, and no hashing per node on the
/// short paths of most searches); above it, a lookup is one probe however deep the path.
const INDEXED_DEPTH: usize = 32;

/// The states from the start down to the node being searched, as a stack.
pub(crate) struct OnPath<S> {
    states: Vec<S>,
    /// The states of `states`, once there are more than [`INDEXED_DEPTH`].
    indexed: Option<HashSet<S>>,
}

impl<S: Clone + Eq + Hash> OnPath<S> {
    pub fn new() -> Self {
        OnPath {
            states: Vec::new(),
            indexed: None,
        }
    }

    /// Whether `state` is on the path.
    #[inline]
    pub fn contains(&self, state: &S) -> bool {
        match &self.indexed {
            Some(indexed) => indexed.contains(state),
            None => self.states.iter().any(|on| on == state),
        }
    }

    /// Steps down to `state`.
    #[inline]
    pub fn push(&mut self, state: S) {
        if let Some(indexed) = &mut self.indexed {
            indexed.insert(state.clone());
        } else if self.states.len() >= INDEXED_DEPTH {
            self.index(&state);
        }
        self.states.push(state);
    }

    /// Indexes the path and `next`, the state about to be pushed: out of line, once per
    /// path that grows deep.
    #[cold]
    #[inline(never)]
    fn index(&mut self, next: &S) {
        let mut indexed: HashSet<S> = self.states.iter().cloned().collect();
        indexed.insert(next.clone());
        self.indexed = Some(indexed);
    }

    /// Steps back up from the deepest state.
    #[inline]
    pub fn pop(&mut self) {
        let Some(state) = self.states.pop() else {
            return;
        };
        if let Some(indexed) = &mut self.indexed {
            indexed.remove(&state);
            if self.states.len() < INDEXED_DEPTH / 2 {
                self.indexed = None;
            }
        }
    }

    /// Steps back up from `state`, the deepest state (checked in debug builds).
    #[inline]
    pub fn leave(&mut self, state: &S) {
        debug_assert!(
            self.states.last() == Some(state),
            "a state leaves the path from its end"
        );
        self.pop();
    }

    /// Empties the path.
    pub fn clear(&mut self) {
        self.states.clear();
        self.indexed = None;
    }

    /// The states on the path, the start first.
    pub fn states(&self) -> &[S] {
        &self.states
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_knows_its_states_shallow_and_deep() {
        let mut path = OnPath::new();
        for depth in 0..100u32 {
            assert!(!path.contains(&depth), "{depth} before it is pushed");
            path.push(depth);
            assert!(
                path.contains(&depth) && path.contains(&0),
                "at depth {depth}"
            );
        }
        assert!(path.indexed.is_some());
        for depth in (0..100u32).rev() {
            path.pop();
            assert!(!path.contains(&depth), "{depth} once popped");
            assert_eq!(depth == 0, !path.contains(&0), "the start at depth {depth}");
        }
        assert!(path.indexed.is_none() && path.states().is_empty());
        // Going down and up around the depth where the set is made and dropped.
        for _ in 0..3 {
            for depth in 0..40u32 {
                path.push(depth);
            }
            for _ in 0..30 {
                path.pop();
            }
            assert_eq!(path.states(), (0..10).collect::<Vec<_>>());
            assert!((0..10).all(|d| path.contains(&d)) && !path.contains(&10));
            path.clear();
        }
    }
}
