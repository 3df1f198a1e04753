//! Ranking and unranking of permutations (Cantor expansion, or Lehmer code), and their parity.
//!
//! The rank of a permutation of `0..n` is its position, counted from zero, in the
//! lexicographic order of all `n!` permutations of `0..n`. It maps the states of a permutation
//! puzzle onto `0..n!`, so a table indexed by rank can store something for every state
//! (see [`DistanceTable`](crate::DistanceTable)).
//!
//! ```
//! use informed::permutation::{rank, unrank};
//!
//! assert_eq!(rank(&[0, 1, 2])?, 0);
//! assert_eq!(rank(&[2, 1, 0])?, 5);
//! assert_eq!(unrank(3, 3)?, [1, 2, 0]);
//! # Ok::<(), informed::permutation::PermutationError>(())
//! ```

use core::fmt;

/// The longest permutation that can be ranked: `20!` is the largest factorial that fits a `u64`.
pub const MAX_LEN: usize = 20;

/// Why a slice could not be ranked or a rank could not be unranked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PermutationError {
    /// The permutation is longer than [`MAX_LEN`], so its rank may not fit a `u64`.
    TooLong {
        /// The length asked for.
        len: usize,
    },
    /// `value` at `position` is not in `0..len`.
    OutOfRange {
        /// Position of the offending value, counted from zero.
        position: usize,
        /// The value found there.
        value: u8,
        /// The length of the permutation.
        len: usize,
    },
    /// `value` appears twice.
    Duplicate {
        /// The repeated value.
        value: u8,
        /// Where it first appears, counted from zero.
        first: usize,
        /// Where it appears again, counted from zero.
        second: usize,
    },
    /// The rank is not below `n!`.
    RankOutOfRange {
        /// The rank asked for.
        rank: u64,
        /// The number of permutations of that length, `n!`.
        count: u64,
    },
}

impl fmt::Display for PermutationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLong { len } => write!(
                f,
                "a permutation of length {len} cannot be ranked: at most {MAX_LEN} elements fit a 64-bit rank"
            ),
            Self::OutOfRange {
                position,
                value,
                len,
            } => write!(
                f,
                "value {value} at position {position} is out of range for a permutation of 0..{len}"
            ),
            Self::Duplicate {
                value,
                first,
                second,
            } => write!(
                f,
                "value {value} appears twice, at positions {first} and {second}"
            ),
            Self::RankOutOfRange { rank, count } => write!(
                f,
                "rank {rank} is out of range: there are only {count} permutations of that length"
            ),
        }
    }
}

impl std::error::Error for PermutationError {}

/// `n!`, or `None` if it does not fit a `u64` (`n > 20`).
///
/// ```
/// assert_eq!(informed::permutation::factorial(9), Some(362_880));
/// assert_eq!(informed::permutation::factorial(21), None);
/// ```
pub const fn factorial(n: usize) -> Option<u64> {
    let mut result: u64 = 1;
    let mut i = 2;
    while i <= n {
        match result.checked_mul(i as u64) {
            Some(next) => result = next,
            None => return None,
        }
        i += 1;
    }
    Some(result)
}

/// Checks that `perm` is a permutation of `0..perm.len()` of at most [`MAX_LEN`] elements.
pub fn check(perm: &[u8]) -> Result<(), PermutationError> {
    let len = perm.len();
    if len > MAX_LEN {
        return Err(PermutationError::TooLong { len });
    }
    let mut seen_at = [usize::MAX; MAX_LEN];
    for (position, &value) in perm.iter().enumerate() {
        let Some(slot) = seen_at
            .get_mut(value as usize)
            .filter(|_| (value as usize) < len)
        else {
            return Err(PermutationError::OutOfRange {
                position,
                value,
                len,
            });
        };
        if *slot != usize::MAX {
            return Err(PermutationError::Duplicate {
                value,
                first: *slot,
                second: position,
            });
        }
        *slot = position;
    }
    Ok(())
}

/// The lexicographic rank of `perm` among the permutations of `0..perm.len()`, in `0..n!`.
///
/// Runs in O(n²) for n ≤ 20 elements.
pub fn rank(perm: &[u8]) -> Result<u64, PermutationError> {
    check(perm)?;
    Ok(rank_valid(perm))
}

/// The rank of a slice already known to be a permutation of at most [`MAX_LEN`] elements.
pub(crate) fn rank_valid(perm: &[u8]) -> u64 {
    let len = perm.len();
    let mut rank = 0u64;
    for (i, &value) in perm.iter().enumerate() {
        let smaller_after = perm[i + 1..].iter().filter(|&&later| later < value).count() as u64;
        rank = rank * (len - i) as u64 + smaller_after;
    }
    rank
}

/// The permutation of `0..n` whose lexicographic rank is `rank`.
pub fn unrank(rank: u64, n: usize) -> Result<Vec<u8>, PermutationError> {
    let mut perm = vec![0; n];
    unrank_into(rank, &mut perm)?;
    Ok(perm)
}

/// Writes into `out` the permutation of `0..out.len()` whose lexicographic rank is `rank`.
pub fn unrank_into(rank: u64, out: &mut [u8]) -> Result<(), PermutationError> {
    let len = out.len();
    if len > MAX_LEN {
        return Err(PermutationError::TooLong { len });
    }
    let count = factorial(len).unwrap_or(u64::MAX);
    if rank >= count {
        return Err(PermutationError::RankOutOfRange { rank, count });
    }
    // Digits of the factorial number system, least significant last.
    let mut rest = rank;
    for i in (0..len).rev() {
        let base = (len - i) as u64;
        out[i] = (rest % base) as u8;
        rest /= base;
    }
    // Turn each digit ("so many unused values are smaller") into the value itself.
    let mut unused: u32 = (1u32 << len) - 1;
    for slot in out.iter_mut() {
        let mut skip = *slot;
        let mut candidates = unused;
        while skip > 0 {
            candidates &= candidates - 1;
            skip -= 1;
        }
        let value = candidates.trailing_zeros();
        unused &= !(1u32 << value);
        *slot = value as u8;
    }
    Ok(())
}

/// Whether the permutation is even: an even number of inversions, or equally of transpositions.
pub fn is_even(perm: &[u8]) -> Result<bool, PermutationError> {
    check(perm)?;
    Ok(cycles_parity_even(perm))
}

/// Parity through the cycle decomposition: a permutation of n elements with c cycles is a
/// product of n - c transpositions. O(n) for a slice known to be a permutation of `0..len`.
pub(crate) fn cycles_parity_even(perm: &[u8]) -> bool {
    let mut visited = vec![false; perm.len()];
    let mut transpositions = 0usize;
    for start in 0..perm.len() {
        if visited[start] {
            continue;
        }
        let mut at = start;
        while !visited[at] {
            visited[at] = true;
            at = perm[at] as usize;
            transpositions += 1;
        }
        transpositions -= 1;
    }
    transpositions % 2 == 0
}

/// The number of ordered selections of `k` distinct values out of `n`, `n! / (n - k)!`, or
/// `None` if it does not fit a `u64`.
pub fn partial_count(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    (n - k + 1..=n).try_fold(1u64, |count, factor| count.checked_mul(factor as u64))
}

/// The lexicographic rank of `selection`, a sequence of distinct values below `n` (at most 64),
/// among all such sequences of its length: the index of a pattern database.
///
/// ```
/// use informed::permutation::{partial_count, rank_partial, unrank_partial};
///
/// // The positions of three tiles on a 16-cell board.
/// let rank = rank_partial(&[5, 0, 15], 16)?;
/// assert!(rank < partial_count(16, 3).unwrap());
/// let mut positions = [0; 3];
/// unrank_partial(rank, 16, &mut positions)?;
/// assert_eq!(positions, [5, 0, 15]);
/// # Ok::<(), informed::permutation::PermutationError>(())
/// ```
pub fn rank_partial(selection: &[u8], n: usize) -> Result<u64, PermutationError> {
    if n > 64 || partial_count(n, selection.len()).is_none() {
        return Err(PermutationError::TooLong { len: n });
    }
    let mut used = 0u64;
    for (position, &value) in selection.iter().enumerate() {
        if value as usize >= n {
            return Err(PermutationError::OutOfRange {
                position,
                value,
                len: n,
            });
        }
        if used & (1 << value) != 0 {
            let first = selection.iter().position(|&v| v == value).unwrap_or(0);
            return Err(PermutationError::Duplicate {
                value,
                first,
                second: position,
            });
        }
        used |= 1 << value;
    }
    Ok(rank_partial_valid(selection, n))
}

/// [`rank_partial`] of a selection already known to be valid.
#[inline]
pub(crate) fn rank_partial_valid(selection: &[u8], n: usize) -> u64 {
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &value) in selection.iter().enumerate() {
        let below = (used & ((1u64 << value) - 1)).count_ones();
        rank = rank * (n - i) as u64 + u64::from(u32::from(value) - below);
        used |= 1 << value;
    }
    rank
}

/// Writes into `out` the selection of `out.len()` distinct values below `n` whose
/// lexicographic rank is `rank`; the inverse of [`rank_partial`].
pub fn unrank_partial(rank: u64, n: usize, out: &mut [u8]) -> Result<(), PermutationError> {
    let k = out.len();
    let count = match partial_count(n, k) {
        Some(count) if n <= 64 => count,
        _ => return Err(PermutationError::TooLong { len: n }),
    };
    if rank >= count {
        return Err(PermutationError::RankOutOfRange { rank, count });
    }
    let mut rest = rank;
    for i in (0..k).rev() {
        let base = (n - i) as u64;
        out[i] = (rest % base) as u8;
        rest /= base;
    }
    let mut unused = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for slot in out.iter_mut() {
        // The slot holds how many unused values lie below the one to take: drop that many of
        // the lowest unused values, and take the next.
        let mut candidates = unused;
        for _ in 0..*slot {
            candidates &= candidates - 1;
        }
        let value = candidates.trailing_zeros() as u8;
        unused &= !(1u64 << value);
        *slot = value;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn partial_ranks_are_dense_and_ordered() {
        let count = partial_count(7, 3).unwrap();
        assert_eq!(count, 210);
        let mut previous = None;
        let mut out = [0u8; 3];
        for r in 0..count {
            unrank_partial(r, 7, &mut out).unwrap();
            assert_eq!(rank_partial(&out, 7), Ok(r));
            if let Some(previous) = previous {
                assert!(previous < out);
            }
            previous = Some(out);
        }
        assert!(unrank_partial(count, 7, &mut out).is_err());
        assert!(rank_partial(&[1, 1], 7).is_err());
        assert!(rank_partial(&[7], 7).is_err());
        assert_eq!(partial_count(16, 8), Some(518_918_400));
    }

    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_over_all_permutations_of_six() {
        let count = factorial(6).unwrap();
        let mut previous: Option<Vec<u8>> = None;
        for r in 0..count {
            let perm = unrank(r, 6).unwrap();
            assert_eq!(rank(&perm), Ok(r));
            if let Some(previous) = previous {
                assert!(previous < perm, "ranks follow lexicographic order");
            }
            previous = Some(perm);
        }
    }

    #[test]
    fn largest_permutation_ranks_last() {
        let perm: Vec<u8> = (0..20).rev().collect();
        assert_eq!(rank(&perm), Ok(factorial(20).unwrap() - 1));
        assert_eq!(unrank(factorial(20).unwrap() - 1, 20).unwrap(), perm);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(
            rank(&[0, 3, 1]),
            Err(PermutationError::OutOfRange {
                position: 1,
                value: 3,
                len: 3
            })
        );
        assert_eq!(
            rank(&[1, 0, 1]),
            Err(PermutationError::Duplicate {
                value: 1,
                first: 0,
                second: 2
            })
        );
        assert_eq!(rank(&[0; 21]), Err(PermutationError::TooLong { len: 21 }));
        assert_eq!(
            unrank(6, 3),
            Err(PermutationError::RankOutOfRange { rank: 6, count: 6 })
        );
        assert!(unrank(0, 21).is_err());
        assert!(
            PermutationError::Duplicate {
                value: 1,
                first: 0,
                second: 2
            }
            .to_string()
            .contains("value 1")
        );
    }

    #[test]
    fn parity_matches_inversion_count() {
        for r in 0..factorial(5).unwrap() {
            let perm = unrank(r, 5).unwrap();
            let inversions = (0..5)
                .flat_map(|i| (i + 1..5).map(move |j| (i, j)))
                .filter(|&(i, j)| perm[i] > perm[j])
                .count();
            assert_eq!(is_even(&perm), Ok(inversions % 2 == 0));
        }
    }
}
