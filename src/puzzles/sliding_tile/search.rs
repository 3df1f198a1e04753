//! The puzzle as a [`SearchProblem`]: its moves, and its own loop over a board's children
//! (the blank's neighbours slid in turn, each child's heuristic predicted before it is made).

use core::ops::ControlFlow;

use super::duplicates::Row;
use super::{Board, Slide, SlidingPuzzle};
use crate::heuristics::{ChildPredictions, IncrementalHeuristic};
use crate::problem::{ChildVisitor, MoveBuffer, SearchProblem};

impl<const N: usize, H: IncrementalHeuristic<N>> SearchProblem for SlidingPuzzle<N, H> {
    type State = Board<N, H::Kept>;
    type Move = Slide;
    type Cost = u32;

    fn start(&self) -> Board<N, H::Kept> {
        self.board_of(self.start)
    }

    #[inline]
    fn is_goal(&self, board: &Board<N, H::Kept>) -> bool {
        self.heuristic.value(board.cache) == 0 && board.tiles == self.goal
    }

    #[inline]
    fn heuristic(&self, board: &Board<N, H::Kept>) -> u32 {
        self.heuristic.value(board.cache)
    }

    #[inline]
    fn moves(&self, board: &Board<N, H::Kept>, moves: &mut MoveBuffer<Slide, u32>) {
        let open = self.open[board.blank as usize][4];
        for slide in Slide::ALL {
            if open & 1 << slide as u8 != 0 {
                moves.push((slide, 1));
            }
        }
    }

    #[inline]
    fn apply(&self, board: &mut Board<N, H::Kept>, slide: Slide) {
        let blank = board.blank as usize;
        let from = self.neighbour[blank][slide as usize] as usize;
        let Some(&tile) = board.tiles.get(from) else {
            return; // not a move of this board: nothing to do
        };
        board.tiles[blank] = tile;
        board.tiles[from] = 0;
        board.cache = self
            .heuristic
            .update(board.cache, &board.tiles, tile, from, blank);
        board.blank = from as u8;
    }

    #[inline]
    fn heuristic_after(&self, board: &Board<N, H::Kept>, slide: Slide) -> Option<u32> {
        let blank = board.blank as usize;
        let from = self.neighbour[blank][slide as usize] as usize;
        let &tile = board.tiles.get(from)?;
        let cache = self
            .heuristic
            .predict(board.cache, &board.tiles, tile, from, blank)?;
        Some(self.heuristic.value(cache))
    }

    #[inline]
    fn inverse(&self, slide: Slide) -> Option<Slide> {
        Some(slide.opposite())
    }

    /// The children one slide after another, unrolled: the blank's cell and the heuristic kept
    /// before the moves stay in locals, so a child is pruned on its predicted heuristic
    /// without touching the board, and a move is undone by four stores instead of a second
    /// update.
    #[inline]
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        board: &mut Board<N, H::Kept>,
        skip: Option<Slide>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let Some(open) = self.open_slides(board, skip) else {
            return ControlFlow::Continue(());
        };
        self.slides(board, visitor, open, Untracked)
    }
}

/// What a board's children learn of the slides that made them: the state of a
/// [`DuplicatePruning`](super::DuplicatePruning) after each slide, or nothing.
pub(super) trait Track: Copy {
    /// The state after `slide`, if tracked.
    fn after(self, slide: Slide) -> Option<u32>;
}

/// No automaton.
#[derive(Clone, Copy)]
pub(super) struct Untracked;

impl Track for Untracked {
    #[inline]
    fn after(self, _: Slide) -> Option<u32> {
        None
    }
}

impl Track for &Row {
    #[inline]
    fn after(self, slide: Slide) -> Option<u32> {
        Some(self.next[slide as usize])
    }
}

/// The problems whose children [`SlidingPuzzle::slides`] makes: a sliding puzzle, with or
/// without an automaton.
pub(super) trait Slides<const N: usize, H: IncrementalHeuristic<N>>:
    SearchProblem<State = Board<N, H::Kept>, Move = Slide, Cost = u32>
{
}

impl<const N: usize, H: IncrementalHeuristic<N>, P> Slides<N, H> for P where
    P: SearchProblem<State = Board<N, H::Kept>, Move = Slide, Cost = u32>
{
}

impl<const N: usize, H: IncrementalHeuristic<N>> SlidingPuzzle<N, H> {
    /// The slides open to `board`'s blank but `skip`, as bits; `None` for a blank off the
    /// board (never).
    #[inline]
    pub(super) fn open_slides(&self, board: &Board<N, H::Kept>, skip: Option<Slide>) -> Option<u8> {
        let skip = skip.map_or(4, |slide| slide as usize);
        let masks = self.open.get(usize::from(board.blank))?;
        masks.get(skip).copied()
    }

    /// The cell of the tile each slide moves with the blank at `blank` (Korf's order: up,
    /// left, right, down).
    #[inline]
    fn from(&self, blank: usize) -> [usize; 4] {
        let width = self.width;
        [
            blank.wrapping_sub(width),
            blank.wrapping_sub(1),
            blank + 1,
            blank + width,
        ]
    }

    /// The children of [`SearchProblem::visit_children`] by the slides `open`, the states of
    /// the automaton after each from `track`: for this puzzle, and for the same puzzle with
    /// an automaton ([`PrunedPuzzle`](super::PrunedPuzzle)), as `P`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn slides<P: Slides<N, H>, V: ChildVisitor<P>, T: Track>(
        &self,
        board: &mut Board<N, H::Kept>,
        visitor: &mut V,
        open: u8,
        track: T,
    ) -> ControlFlow<()> {
        let blank = board.blank as usize;
        let before = board.cache;
        let from = self.from(blank);
        // A heuristic of tables far in memory predicts all the children at once, so that
        // their reads overlap; the others predict each child as it comes.
        // Children that a bound offered on the way cuts off are gone from `open`.
        let mut cut = 0u8;
        let all = H::PREDICTS_CHILDREN.then(|| {
            let offer = |i: usize, bound: u32| {
                let cut_off = visitor.prune(1, bound);
                cut |= u8::from(cut_off) << i;
                cut_off
            };
            (self.heuristic).predict_children(before, &board.tiles, blank, from, open, offer)
        });
        let all = all.as_ref();
        let open = open & !cut;
        // Each slide in its own copy of the body, the cell the blank reaches worked out from
        // the blank alone: whether a slide is open is a predicted branch, so the loads of the
        // tile and its distances wait for nothing but the blank. (A list of the open slides
        // read from a table put that load on the chain too: 3% slower on the 15-puzzle; a
        // loop over the slides, 17% more instructions with the Manhattan distance.)
        let parent = Parent {
            blank,
            before,
            track,
        };
        if open & 1 << Slide::Up as u8 != 0 {
            self.child(board, visitor, Slide::Up, from[0], parent, all)?;
        }
        if open & 1 << Slide::Left as u8 != 0 {
            self.child(board, visitor, Slide::Left, from[1], parent, all)?;
        }
        if open & 1 << Slide::Right as u8 != 0 {
            self.child(board, visitor, Slide::Right, from[2], parent, all)?;
        }
        if open & 1 << Slide::Down as u8 != 0 {
            self.child(board, visitor, Slide::Down, from[3], parent, all)?;
        }
        ControlFlow::Continue(())
    }
}

/// What a child needs of its parent, kept in locals: the blank's cell, what the heuristic
/// kept, and the automaton's row.
#[derive(Clone, Copy)]
struct Parent<K, T> {
    blank: usize,
    before: K,
    track: T,
}

impl<const N: usize, H: IncrementalHeuristic<N>> SlidingPuzzle<N, H> {
    /// One child of [`SearchProblem::visit_children`]: the tile at `from` slides into the
    /// blank at `blank`, the visitor sees the board, and the board is put back. `all` is what
    /// [`IncrementalHeuristic::predict_children`] gave, if it was asked.
    //
    // Where the recursion through the engine is cut into calls is the compiler's choice, and
    // it tells: children predicted together (a pattern database) go inlined into
    // `visit_children` (7% fewer instructions than called); children predicted one by one (the
    // Manhattan distance) are left to the compiler, which had them 10% cheaper so than
    // forced inline.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn child<P: Slides<N, H>, V: ChildVisitor<P>, T: Track>(
        &self,
        board: &mut Board<N, H::Kept>,
        visitor: &mut V,
        slide: Slide,
        from: usize,
        parent: Parent<H::Kept, T>,
        all: Option<&ChildPredictions<H::Prediction>>,
    ) -> ControlFlow<()> {
        match all {
            Some(all) => self.predicted_child(board, visitor, slide, from, parent, all),
            None => self.child_by_child(board, visitor, slide, from, parent),
        }
    }

    /// [`child`](Self::child), its heuristic predicted with its siblings'.
    // The locals of `visit_children`, passed rather than read back from the board: inlined,
    // they stay in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn predicted_child<P: Slides<N, H>, V: ChildVisitor<P>, T: Track>(
        &self,
        board: &mut Board<N, H::Kept>,
        visitor: &mut V,
        slide: Slide,
        from: usize,
        parent: Parent<H::Kept, T>,
        all: &ChildPredictions<H::Prediction>,
    ) -> ControlFlow<()> {
        let Parent {
            blank,
            before,
            track,
        } = parent;
        let Some(&tile) = board.tiles.get(from) else {
            return ControlFlow::Continue(()); // never: `open` lists only cells of the board
        };
        let predicted = all[slide as usize];
        if let Some((value, _)) = predicted {
            if visitor.prune(1, value) {
                return ControlFlow::Continue(());
            }
        }
        board.tiles[blank] = tile;
        board.tiles[from] = 0;
        board.blank = from as u8;
        // What the child keeps, made now that the child is.
        board.cache = match predicted {
            Some((_, prediction)) => self.heuristic.predicted(before, prediction),
            None => self
                .heuristic
                .update(before, &board.tiles, tile, from, blank),
        };
        let kept = track
            .after(slide)
            .map(|after| core::mem::replace(&mut board.after, after));
        let flow = visitor.visit(board, slide, 1);
        board.tiles[from] = tile;
        board.tiles[blank] = 0;
        board.blank = blank as u8;
        board.cache = before;
        if let Some(kept) = kept {
            board.after = kept;
        }
        flow
    }

    /// [`child`](Self::child), its heuristic predicted on its own.
    // The slide and its undoing are written again here, not shared with `predicted_child`
    // through a helper taking what the child keeps as a closure: that helper cost 26% more
    // instructions with the Manhattan distance and 9% more with a pattern database.
    #[inline]
    fn child_by_child<P: Slides<N, H>, V: ChildVisitor<P>, T: Track>(
        &self,
        board: &mut Board<N, H::Kept>,
        visitor: &mut V,
        slide: Slide,
        from: usize,
        parent: Parent<H::Kept, T>,
    ) -> ControlFlow<()> {
        let Parent {
            blank,
            before,
            track,
        } = parent;
        let Some(&tile) = board.tiles.get(from) else {
            return ControlFlow::Continue(()); // never: `open` lists only cells of the board
        };
        let predicted = self
            .heuristic
            .predict(before, &board.tiles, tile, from, blank);
        if let Some(cache) = predicted {
            if visitor.prune(1, self.heuristic.value(cache)) {
                return ControlFlow::Continue(());
            }
        }
        board.tiles[blank] = tile;
        board.tiles[from] = 0;
        board.blank = from as u8;
        board.cache = match predicted {
            Some(cache) => cache,
            None => self
                .heuristic
                .update(before, &board.tiles, tile, from, blank),
        };
        let kept = track
            .after(slide)
            .map(|after| core::mem::replace(&mut board.after, after));
        let flow = visitor.visit(board, slide, 1);
        board.tiles[from] = tile;
        board.tiles[blank] = 0;
        board.blank = blank as u8;
        board.cache = before;
        if let Some(kept) = kept {
            board.after = kept;
        }
        flow
    }
}
