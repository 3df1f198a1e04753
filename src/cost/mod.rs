//! The [`Cost`] bound every engine shares, and [`CostValue`], a cost of any type as one value.

use core::fmt::{self, Debug};
use core::hash::Hash;
use core::ops::Sub;

mod num_cost;

pub use num_cost::{NumCost, NumKey};

/// The types a move cost, a heuristic and a path cost can have: every primitive integer
/// (`u8` … `u128`, `usize`, `i8` … `i128`, `isize`) and `f32` / `f64`.
///
/// - **Exact integers, ordered floats.** Integers are compared exactly; floating-point costs
///   are compared by their value, never with an epsilon, and ordered totally (as their bits,
///   which order like the values for the non-negative numbers a valid cost is). One
///   exception: the best-first engines with a heuristic (A\*, weighted A\*, greedy search)
///   queue a state at its `f` rounded down to 32 bits of mantissa (`f32`: 17), so that paths
///   of one cost summed in different orders tie and the deeper is taken first; A\*'s cost is
///   then within a factor `1 + 2^-32` (`f32`: `1 + 2^-17`) of the optimum.
/// - **Valid costs.** A move cost and a heuristic must be zero or more, and not NaN. An
///   engine that meets a negative or NaN cost stops with [`Outcome::Invalid`] naming it
///   ([`ProblemError::InvalidCost`], [`ProblemError::InvalidHeuristic`]); for unsigned types
///   the check compiles to nothing.
/// - **`MAX` is infinity.** [`Cost::MAX`] (`u32::MAX`, `f64::INFINITY`, …) stands for an
///   infinite cost: a heuristic of `MAX` marks a state from which no goal can be reached, and
///   a path, or a `g + h`, whose cost reaches `MAX` is passed over by every engine (sums
///   saturate there instead of wrapping around); a search that finds no solution after
///   passing over such a path says [`StopReason::CostOverflow`](crate::StopReason) rather
///   than no solution. Pick a type in which every path you care about, plus its heuristic,
///   stays below `MAX`: `u8` costs allow paths up to 254.
///
/// Implemented for the primitive types, and for [`NumCost`], which makes a cost of any numeric
/// type that implements `num-traits`' traits (a decimal, an ordered float, a fixed-point
/// number).
///
/// [`Outcome::Invalid`]: crate::Outcome::Invalid
/// [`ProblemError::InvalidCost`]: crate::ProblemError::InvalidCost
/// [`ProblemError::InvalidHeuristic`]: crate::ProblemError::InvalidHeuristic
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a path cost",
    label = "not a cost type",
    note = "costs are the primitive integers (u8 … u128, i8 … i128, usize, isize) and f32 / f64; \
            use one of them, or wrap a type that implements num-traits' traits in \
            `informed::NumCost`"
)]
pub trait Cost:
    Copy + PartialOrd + Debug + Default + Send + Sync + 'static + Sub<Output = Self>
{
    /// The cost of the empty path.
    const ZERO: Self;
    /// Infinity: the largest value of the type (`f64::INFINITY` for floats).
    const MAX: Self;
    /// Whether subtraction undoes addition exactly (integers: yes; floats: not always), so
    /// that a path's cost worked out as `threshold - budget` is the sum of its moves.
    const EXACT: bool;
    /// A totally ordered, hashable form of a valid cost, ordered as the costs are.
    type Key: Ord + Hash + Copy + Debug + Send + Sync;

    /// `self + other`, or [`MAX`](Self::MAX) if the sum does not fit below it.
    #[must_use]
    fn saturating_add(self, other: Self) -> Self;

    /// `self + other` and whether the sum overflowed the type (floats never overflow: they
    /// reach infinity). The depth-first engines' cut-off test, on valid costs.
    fn overflowing_add(self, other: Self) -> (Self, bool);

    /// Whether this is a valid cost: not negative and not NaN.
    fn is_valid(self) -> bool;

    /// The ordered form of a valid cost.
    fn key(self) -> Self::Key;

    /// A [`key`](Self::key) in 64 bits, if the type's keys fit: ordered as the keys are, and
    /// `Some` for every key of the type or for none. The integers up to 64 bits and the floats
    /// have it; the default is `None`. The engines' open list compares such keys as words.
    #[inline]
    fn key_bits(key: Self::Key) -> Option<u64> {
        let _ = key;
        None
    }

    /// The key whose [`key_bits`](Self::key_bits) are `bits`, if the type can tell: the
    /// integers and floats can; the default is `None`. With it and a
    /// [`KEY_WIDTH`](Self::KEY_WIDTH) of at most 32, the open list keeps a node's `f` and
    /// `g` as one word, worked out once.
    #[inline]
    fn key_from_bits(bits: u64) -> Option<Self::Key> {
        let _ = bits;
        None
    }

    /// How many of the low bits of a [`key_bits`](Self::key_bits) word can be set: every
    /// key's bits are below `2^KEY_WIDTH`. At most 32 (the integers and floats of up to 32
    /// bits), with [`key_from_bits`](Self::key_from_bits), the open list keeps a node's `f`
    /// and `g` as one word. The default, 64, is always right.
    const KEY_WIDTH: u32 = 64;

    /// The cost whose [`key`](Self::key) is `key`, if the type can tell: every primitive
    /// can; the default is `None`. The open list reads the cost of a key it kept alone
    /// (whether it is an integer) from it.
    #[inline]
    fn from_key(key: Self::Key) -> Option<Self> {
        let _ = key;
        None
    }

    /// The smallest cost above `self` (`self + 1` for integers, the next float up), for a
    /// threshold that must grow.
    #[must_use]
    fn next_up(self) -> Self;

    /// `self` times `weight` (`weight >= 1`), rounded down for integers (so that weighted
    /// A*'s `w`-times-optimal bound holds), `MAX` if it does not fit below it.
    #[must_use]
    fn scaled(self, weight: f64) -> Self;

    /// The cost as a [`CostValue`].
    fn value(self) -> CostValue;

    /// The cost nearest to `value` in `0..=MAX`: negative values give zero, values beyond
    /// the type's range give `MAX`.
    fn from_value(value: CostValue) -> Self;
}

/// A cost of any [`Cost`] type as one value: what [`SearchOptions::cost_bound`] takes, and
/// what progress reports and error messages give, so that one observer serves every problem.
///
/// [`SearchOptions::cost_bound`]: crate::SearchOptions::cost_bound
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CostValue {
    /// An unsigned integer.
    Unsigned(u128),
    /// A signed integer.
    Signed(i128),
    /// A floating-point number.
    Float(f64),
}

impl CostValue {
    /// The value as an `f64` (rounded for integers beyond 2⁵³).
    pub fn as_f64(self) -> f64 {
        match self {
            CostValue::Unsigned(v) => v as f64,
            CostValue::Signed(v) => v as f64,
            CostValue::Float(v) => v,
        }
    }

    /// The value as a `u128`, if it is a whole number in its range.
    pub fn as_u128(self) -> Option<u128> {
        match self {
            CostValue::Unsigned(v) => Some(v),
            CostValue::Signed(v) => u128::try_from(v).ok(),
            CostValue::Float(v) => {
                (v.fract() == 0.0 && (0.0..=u128::MAX as f64).contains(&v)).then_some(v as u128)
            }
        }
    }
}

impl fmt::Display for CostValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostValue::Unsigned(v) => fmt::Display::fmt(v, f),
            CostValue::Signed(v) => fmt::Display::fmt(v, f),
            // Far from 1, in exponent form: `f64::MAX` is 309 digits written out.
            CostValue::Float(v)
                if v.is_finite() && !(1e-4..1e16).contains(&v.abs()) && *v != 0.0 =>
            {
                fmt::LowerExp::fmt(v, f)
            }
            CostValue::Float(v) => fmt::Display::fmt(v, f),
        }
    }
}

macro_rules! integer_cost_items {
    ($t:ty) => {
        const ZERO: Self = 0;
        const MAX: Self = <$t>::MAX;
        const EXACT: bool = true;
        const KEY_WIDTH: u32 = if <$t>::BITS < 64 { <$t>::BITS } else { 64 };
        type Key = $t;
        #[inline]
        fn saturating_add(self, other: Self) -> Self {
            <$t>::saturating_add(self, other)
        }
        #[inline]
        fn overflowing_add(self, other: Self) -> (Self, bool) {
            <$t>::overflowing_add(self, other)
        }
        #[inline]
        fn key(self) -> $t {
            self
        }
        #[inline]
        fn key_bits(key: $t) -> Option<u64> {
            // Every key, or none (128 bits): the widths are known at compile time. (The keys
            // of valid signed costs are not negative: their bits order as they do.)
            (<$t>::BITS <= 64).then_some(key as u64)
        }
        #[inline]
        fn key_from_bits(bits: u64) -> Option<$t> {
            (<$t>::BITS <= 64).then_some(bits as $t)
        }
        #[inline]
        fn from_key(key: $t) -> Option<Self> {
            Some(key)
        }
        #[inline]
        fn next_up(self) -> Self {
            <$t>::saturating_add(self, 1)
        }
        fn scaled(self, weight: f64) -> Self {
            // `as` saturates: beyond the type gives MAX.
            (self as f64 * weight).floor() as $t
        }
    };
}

macro_rules! unsigned_costs {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            integer_cost_items!($t);
            #[inline]
            fn is_valid(self) -> bool {
                true
            }
            #[inline]
            fn value(self) -> CostValue {
                CostValue::Unsigned(self as u128)
            }
            fn from_value(value: CostValue) -> Self {
                match value {
                    CostValue::Unsigned(v) => <$t>::try_from(v).unwrap_or(<$t>::MAX),
                    CostValue::Signed(v) if v < 0 => 0,
                    CostValue::Signed(v) => <$t>::try_from(v).unwrap_or(<$t>::MAX),
                    // `as` saturates: negative and NaN give 0, too large gives MAX.
                    CostValue::Float(v) => v as $t,
                }
            }
        }
        impl From<$t> for CostValue {
            fn from(v: $t) -> Self {
                CostValue::Unsigned(v as u128)
            }
        }
    )*};
}

macro_rules! signed_costs {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            integer_cost_items!($t);
            #[inline]
            fn is_valid(self) -> bool {
                self >= 0
            }
            #[inline]
            fn value(self) -> CostValue {
                CostValue::Signed(self as i128)
            }
            fn from_value(value: CostValue) -> Self {
                match value {
                    CostValue::Unsigned(v) => <$t>::try_from(v).unwrap_or(<$t>::MAX),
                    CostValue::Signed(v) if v < 0 => 0,
                    CostValue::Signed(v) => <$t>::try_from(v).unwrap_or(<$t>::MAX),
                    CostValue::Float(v) if v.is_nan() => 0,
                    CostValue::Float(v) => (v as $t).max(0),
                }
            }
        }
        impl From<$t> for CostValue {
            fn from(v: $t) -> Self {
                CostValue::Signed(v as i128)
            }
        }
    )*};
}

macro_rules! float_costs {
    ($($t:ty, $bits:ty);*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0.0;
            const MAX: Self = <$t>::INFINITY;
            const EXACT: bool = false;
            const KEY_WIDTH: u32 = <$bits>::BITS;
            type Key = $bits;
            #[inline]
            fn saturating_add(self, other: Self) -> Self {
                self + other
            }
            #[inline]
            fn overflowing_add(self, other: Self) -> (Self, bool) {
                (self + other, false)
            }
            #[inline]
            fn is_valid(self) -> bool {
                self >= 0.0
            }
            #[inline]
            fn key(self) -> $bits {
                // Non-negative floats order like their bits; -0.0 is made +0.0 first.
                (self + 0.0).to_bits()
            }
            #[inline]
            fn key_bits(key: $bits) -> Option<u64> {
                Some(u64::from(key))
            }
            #[inline]
            fn key_from_bits(bits: u64) -> Option<$bits> {
                Some(bits as $bits)
            }
            #[inline]
            fn from_key(key: $bits) -> Option<Self> {
                Some(<$t>::from_bits(key))
            }
            #[inline]
            fn next_up(self) -> Self {
                <$t>::next_up(self)
            }
            fn scaled(self, weight: f64) -> Self {
                // In f64: a weight past f32::MAX would be infinite as f32, and 0 · ∞ not a
                // number at a goal; as f64 the goal keeps its zero.
                (self as f64 * weight) as $t
            }
            #[inline]
            fn value(self) -> CostValue {
                CostValue::Float(self as f64)
            }
            fn from_value(value: CostValue) -> Self {
                let v = value.as_f64() as $t;
                if v.is_nan() || v < 0.0 { 0.0 } else { v }
            }
        }
        impl From<$t> for CostValue {
            fn from(v: $t) -> Self {
                CostValue::Float(v as f64)
            }
        }
    )*};
}

unsigned_costs!(u8, u16, u32, u64, u128, usize);
signed_costs!(i8, i16, i32, i64, i128, isize);
float_costs!(f32, u32; f64, u64);

/// The smaller of two costs (costs are only partially ordered; valid ones are never NaN).
#[inline]
pub(crate) fn min<C: Cost>(a: C, b: C) -> C {
    if b < a { b } else { a }
}

/// The larger of two costs.
#[inline]
pub(crate) fn max<C: Cost>(a: C, b: C) -> C {
    if b > a { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_like_the_costs() {
        let floats = [0.0f64, -0.0, 1e-300, 0.5, 1.0, 2.5, 1e300, f64::INFINITY];
        for &a in &floats {
            for &b in &floats {
                assert_eq!(a.partial_cmp(&b), Some(a.key().cmp(&b.key())), "{a} {b}");
            }
        }
    }

    /// Every valid cost's key bits, up to infinity, fit the width its type gives.
    #[test]
    fn key_bits_fit_the_key_width_and_give_the_key_back() {
        fn fits<C: Cost>(costs: &[C]) -> bool {
            costs.iter().all(|&cost| {
                let bits = C::key_bits(cost.key()).expect("a primitive's keys fit a word");
                C::KEY_WIDTH >= 64 || bits >> C::KEY_WIDTH == 0
            })
        }
        assert!(fits(&[0u8, 7, u8::MAX]) && fits(&[0u16, u16::MAX]) && fits(&[0u32, u32::MAX]));
        assert!(fits(&[0i8, i8::MAX]) && fits(&[0i16, i16::MAX]) && fits(&[0i32, 1, i32::MAX]));
        assert!(fits(&[0.0f32, -0.0, 1e-30, 3.5, f32::MAX, f32::INFINITY]));
        assert!(fits(&[0u64, u64::MAX]) && fits(&[0.0f64, f64::INFINITY]));
        assert_eq!(
            (u32::KEY_WIDTH, i16::KEY_WIDTH, f32::KEY_WIDTH),
            (32, 16, 32)
        );
        assert_eq!(
            (u64::KEY_WIDTH, u128::KEY_WIDTH, f64::KEY_WIDTH),
            (64, 64, 64)
        );
        // And back.
        for cost in [0.0f32, 2.5, f32::INFINITY] {
            let bits = f32::key_bits(cost.key()).unwrap();
            assert_eq!(f32::key_from_bits(bits), Some(cost.key()));
        }
        assert_eq!(i32::key_from_bits(i32::key_bits(7).unwrap()), Some(7));
        assert_eq!(u8::key_from_bits(255), Some(255));
        assert_eq!(u128::key_from_bits(1), None);
    }

    #[test]
    fn validity_and_infinity() {
        assert!(!(-1i32).is_valid() && 0i32.is_valid());
        assert!(!f64::NAN.is_valid() && !(-0.5f64).is_valid() && f64::INFINITY.is_valid());
        assert_eq!(250u8.saturating_add(10), u8::MAX);
        assert!(Cost::overflowing_add(i32::MAX, 1).1);
        assert_eq!(u8::from_value(CostValue::Signed(-3)), 0);
        assert_eq!(u8::from_value(CostValue::Unsigned(300)), 255);
        assert_eq!(i16::from_value(CostValue::Float(1e9)), i16::MAX);
        assert_eq!(f32::from_value(CostValue::Float(f64::NAN)).to_bits(), 0);
        assert!(1.0f64.next_up() > 1.0);
        assert_eq!(CostValue::Float(2.0).as_u128(), Some(2));
        assert_eq!(CostValue::Signed(-2).as_u128(), None);
    }
}
