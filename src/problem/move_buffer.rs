//! The buffer a problem lists the moves of a state in.

/// The buffer a problem appends the moves of a state to, each with its cost.
///
/// It is a stack, not a per-node list: IDA* keeps the moves of every node of its path in one
/// buffer, each node's after its parent's, so that listing a node's moves never allocates
/// once the buffer has grown to the depth of the search, and reading them needs no pointer
/// per node. So a problem may only append to it: `push` (a plain vector push) and `extend`;
/// nothing that removes or changes a move is public. It derefs to a slice of the moves it
/// holds, to read.
///
/// ```compile_fail
/// // A problem cannot clear the moves of the states above it on IDA*'s path:
/// let mut moves = informed::MoveBuffer::<u8, u32>::new();
/// moves.clear();
/// ```
///
/// ```compile_fail
/// // Nor change them:
/// let mut moves: informed::MoveBuffer<u8, u32> = [(1, 1)].into_iter().collect();
/// moves[0].1 = 5;
/// ```
///
/// A wrapper that changes the moves of the problem it wraps lists them into a buffer of its
/// own and appends what it makes of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveBuffer<M, C> {
    moves: Vec<(M, C)>,
}

impl<M, C> MoveBuffer<M, C> {
    /// An empty buffer.
    pub fn new() -> Self {
        MoveBuffer { moves: Vec::new() }
    }

    /// Appends a move and its cost.
    #[inline]
    pub fn push(&mut self, mv: (M, C)) {
        self.moves.push(mv);
    }

    /// Removes every move: the engines' own, a problem only appends.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.moves.clear();
    }

    /// Keeps the first `len` moves: the engines' own, a problem only appends.
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }
}

impl<M, C> core::ops::Deref for MoveBuffer<M, C> {
    type Target = [(M, C)];

    #[inline]
    fn deref(&self) -> &[(M, C)] {
        &self.moves
    }
}

impl<M, C> Extend<(M, C)> for MoveBuffer<M, C> {
    #[inline]
    fn extend<I: IntoIterator<Item = (M, C)>>(&mut self, moves: I) {
        self.moves.extend(moves);
    }
}

impl<M, C> FromIterator<(M, C)> for MoveBuffer<M, C> {
    fn from_iter<I: IntoIterator<Item = (M, C)>>(moves: I) -> Self {
        MoveBuffer {
            moves: moves.into_iter().collect(),
        }
    }
}

impl<M, C> IntoIterator for MoveBuffer<M, C> {
    type Item = (M, C);
    type IntoIter = std::vec::IntoIter<(M, C)>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter()
    }
}

impl<'a, M, C> IntoIterator for &'a MoveBuffer<M, C> {
    type Item = &'a (M, C);
    type IntoIter = core::slice::Iter<'a, (M, C)>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
