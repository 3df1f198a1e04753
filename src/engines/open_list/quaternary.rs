//! A priority queue of small entries, greatest first out, as a heap of four children to a
//! node: the heap of nodes of the open list ([`Nodes`](super::nodes::Nodes)).
//!
//! A pop sifts through the heap's depth, and each level's read waits on the comparison made at
//! the level above. On a grid's A*, std's binary heap spent a third of the search in that
//! chain of reads. Four children to a node halve the depth; the four lie side by side, two
//! cache lines at most, and the three comparisons among them are two independent ones and a
//! third.

/// A heap of `T`, the greatest first out: the children of the entry at `i` are at
/// `4i + 1 ..= 4i + 4`.
pub(super) struct Quaternary<T> {
    items: Vec<T>,
}

/// The index of the greatest of `items[first..first + 4]` (the first of equals).
#[inline]
fn greatest_of_four<T: Ord>(items: &[T], first: usize) -> usize {
    let four = &items[first..first + 4];
    let left = usize::from(four[1] > four[0]);
    let right = 2 + usize::from(four[3] > four[2]);
    first
        + if four[right] > four[left] {
            right
        } else {
            left
        }
}

impl<T: Ord + Copy> Quaternary<T> {
    pub fn with_capacity(capacity: usize) -> Self {
        Quaternary {
            items: Vec::with_capacity(capacity),
        }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn peek(&self) -> Option<&T> {
        self.items.first()
    }

    pub fn push(&mut self, item: T) {
        let mut hole = self.items.len();
        self.items.push(item);
        while hole > 0 {
            let parent = (hole - 1) / 4;
            if item <= self.items[parent] {
                break;
            }
            self.items[hole] = self.items[parent];
            hole = parent;
        }
        self.items[hole] = item;
    }

    pub fn pop(&mut self) -> Option<T> {
        let last = self.items.pop()?;
        let Some(first) = self.items.first_mut() else {
            return Some(last);
        };
        let first = core::mem::replace(first, last);
        self.sift_down(0);
        Some(first)
    }

    /// A heap of `items`.
    pub fn from_vec(items: Vec<T>) -> Self {
        let mut heap = Quaternary { items };
        let len = heap.items.len();
        for start in (0..len.div_ceil(4)).rev() {
            heap.sift_down(start);
        }
        heap
    }

    /// Moves the entry at `hole` down past every child greater than it.
    #[inline]
    fn sift_down(&mut self, mut hole: usize) {
        let item = self.items[hole];
        let len = self.items.len();
        loop {
            let children = 4 * hole + 1;
            let child = if children + 4 <= len {
                greatest_of_four(&self.items, children)
            } else if children < len {
                (children + 1..len).fold(children, |best, other| {
                    if self.items[other] > self.items[best] {
                        other
                    } else {
                        best
                    }
                })
            } else {
                break;
            };
            if self.items[child] <= item {
                break;
            }
            self.items[hole] = self.items[child];
            hole = child;
        }
        self.items[hole] = item;
    }

    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

#[cfg(test)]
mod tests {
    use super::Quaternary;

    /// Pushes (`Some`) and pops (`None`) in any order, after a heap built at once, come out
    /// as from std's binary heap, and leave the same entries.
    #[test]
    fn pops_as_a_binary_heap() {
        #[allow(clippy::needless_pass_by_value)] // quickcheck hands the steps over
        fn same(start: Vec<u8>, steps: Vec<Option<u8>>) -> bool {
            let mut ours = Quaternary::from_vec(start.clone());
            let mut std = std::collections::BinaryHeap::from(start);
            let agree = steps.into_iter().all(|step| match step {
                Some(item) => {
                    ours.push(item);
                    std.push(item);
                    ours.len() == std.len()
                }
                None => ours.pop() == std.pop() && ours.peek() == std.peek(),
            });
            let mut rest = ours.into_vec();
            let mut expected = std.into_vec();
            rest.sort_unstable();
            expected.sort_unstable();
            agree && rest == expected
        }
        quickcheck::QuickCheck::new()
            .rng(quickcheck::Gen::new(200))
            .quickcheck(same as fn(Vec<u8>, Vec<Option<u8>>) -> bool);
    }
}
