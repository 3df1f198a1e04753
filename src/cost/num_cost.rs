//! [`NumCost`]: a cost of any numeric type that implements `num-traits`' traits.

use core::cmp::Ordering;
use core::fmt::{self, Debug};
use core::hash::Hash;
use core::ops::Sub;

use num_traits::{FromPrimitive, ToPrimitive, Zero};

use super::{Cost, CostValue};

/// A cost of any `Copy` numeric type `T` that implements `num-traits`' traits (an exact
/// decimal such as `rust_decimal::Decimal`, an ordered float such as
/// `ordered_float::NotNan<f64>`, a fixed-point number), for a problem whose costs are of a
/// type the crate does not implement [`Cost`] for. The primitives are costs as they are, and
/// faster: use `NumCost` for the types beyond them.
///
/// `T` must be totally ordered and hashable (`Ord`, `Hash`), and have a zero, addition and
/// subtraction, and conversions to and from the primitives (`num-traits`' `Zero`,
/// `ToPrimitive`, `FromPrimitive`). `NumCost` adds the infinite cost that [`Cost::MAX`]
/// stands for (above every value of `T`): a sum that would not fit in `T` (told through `f64`,
/// to a part in 10¹²) is infinite, never a wrapped or a panicking sum. A negative value is an
/// invalid cost, as for the primitives.
///
/// ```
/// use informed::{a_star, MoveBuffer, NumCost, SearchProblem};
/// use ordered_float::NotNan;
///
/// /// From 0 to 10 by steps of 1 (cost 1.5) or 4 (cost 5.0).
/// struct Walk;
///
/// type Price = NumCost<NotNan<f64>>;
/// fn price(x: f64) -> Price {
///     NumCost::new(NotNan::new(x).unwrap())
/// }
///
/// impl SearchProblem for Walk {
///     type State = u32;
///     type Move = u32;
///     type Cost = Price;
///     fn start(&self) -> u32 {
///         0
///     }
///     fn is_goal(&self, n: &u32) -> bool {
///         *n == 10
///     }
///     fn moves(&self, n: &u32, moves: &mut MoveBuffer<u32, Price>) {
///         if *n < 10 {
///             moves.extend([(1, price(1.5)), (4, price(5.0))]);
///         }
///     }
///     fn apply(&self, n: &mut u32, step: u32) {
///         *n += step;
///     }
/// }
///
/// let solution = a_star(&Walk).into_solution().unwrap();
/// assert_eq!(solution.cost.get(), Some(NotNan::new(13.0).unwrap())); // 4 + 4 + 1 + 1
/// ```
///
/// Sums are exact in `T`; the engines treat `NumCost` as they treat floats, working a path's
/// cost out by adding its moves again rather than trusting a difference. Weighted A\* scales a
/// heuristic through `f64`.
#[derive(Clone, Copy)]
pub struct NumCost<T>(Repr<T>);

/// Zero and infinity apart, so that [`Cost::ZERO`] and [`Cost::MAX`] are constants for every
/// `T` (`num-traits`' zero is a function, and most types have no constant for it).
#[derive(Clone, Copy)]
enum Repr<T> {
    Zero,
    Value(T),
    Infinite,
}

/// The ordered form of a [`NumCost`]: a value of `T`, or infinity above them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NumKey<T> {
    /// A value of `T`.
    Value(T),
    /// The infinite cost.
    Infinite,
}

impl<T: Zero + Copy> NumCost<T> {
    /// The cost `value`.
    pub fn new(value: T) -> Self {
        if value.is_zero() {
            NumCost(Repr::Zero)
        } else {
            NumCost(Repr::Value(value))
        }
    }

    /// The value, or `None` for the infinite cost ([`Cost::MAX`]).
    pub fn get(self) -> Option<T> {
        match self.0 {
            Repr::Zero => Some(T::zero()),
            Repr::Value(value) => Some(value),
            Repr::Infinite => None,
        }
    }
}

impl<T: Zero + Copy> From<T> for NumCost<T> {
    fn from(value: T) -> Self {
        NumCost::new(value)
    }
}

impl<T: Zero + Copy> NumCost<T> {
    fn key_of(self) -> NumKey<T> {
        self.get().map_or(NumKey::Infinite, NumKey::Value)
    }
}

impl<T: Zero + Copy + Ord> PartialEq for NumCost<T> {
    fn eq(&self, other: &Self) -> bool {
        self.key_of() == other.key_of()
    }
}

impl<T: Zero + Copy + Ord> PartialOrd for NumCost<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.key_of().cmp(&other.key_of()))
    }
}

impl<T: Zero + Copy + Debug> Debug for NumCost<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            Some(value) => value.fmt(f),
            None => f.write_str("inf"),
        }
    }
}

impl<T> Default for NumCost<T> {
    fn default() -> Self {
        NumCost(Repr::Zero)
    }
}

impl<T: Zero + Copy + Sub<Output = T>> Sub for NumCost<T> {
    type Output = Self;
    /// Infinity less anything is infinity; anything less infinity, zero.
    fn sub(self, other: Self) -> Self {
        match (self.get(), other.get()) {
            (None, _) => self,
            (Some(_), None) => NumCost(Repr::Zero),
            (Some(a), Some(b)) => NumCost::new(a - b),
        }
    }
}

/// Whether `a + b` fits in `T`, told through `f64` (the one range test every `num-traits`
/// type answers: `FromPrimitive::from_f64` is `None` beyond the type): a sum within a part in
/// 10¹² of the largest value `T` holds, or beyond `f64`'s range, counts as too large. A type
/// that cannot say what it is as an `f64` is taken to fit.
fn fits<T: Copy + ToPrimitive + FromPrimitive>(a: T, b: T) -> bool {
    let (Some(a), Some(b)) = (a.to_f64(), b.to_f64()) else {
        return true;
    };
    let sum = a + b;
    sum.is_finite() && T::from_f64(sum + sum.abs() * 1e-12).is_some()
}

impl<T> Cost for NumCost<T>
where
    T: Copy + Ord + Hash + Debug + Send + Sync + 'static,
    T: Zero + Sub<Output = T> + ToPrimitive + FromPrimitive,
{
    const ZERO: Self = NumCost(Repr::Zero);
    const MAX: Self = NumCost(Repr::Infinite);
    const EXACT: bool = false;
    type Key = NumKey<T>;

    fn saturating_add(self, other: Self) -> Self {
        self.overflowing_add(other).0
    }

    /// Infinite when either is, or when the sum would not fit in `T` (told before adding:
    /// `T`'s own addition may panic there).
    fn overflowing_add(self, other: Self) -> (Self, bool) {
        match (self.get(), other.get()) {
            (Some(a), Some(b)) if fits(a, b) => (NumCost::new(a + b), false),
            (Some(_), Some(_)) => (Self::MAX, true),
            _ => (Self::MAX, false),
        }
    }

    fn is_valid(self) -> bool {
        self.get().is_none_or(|value| value >= T::zero())
    }

    fn key(self) -> NumKey<T> {
        self.key_of()
    }

    fn from_key(key: NumKey<T>) -> Option<Self> {
        Some(match key {
            NumKey::Value(value) => NumCost::new(value),
            NumKey::Infinite => Self::MAX,
        })
    }

    /// The sum with the smallest step `T` holds that makes it grow, found by doubling from
    /// the smallest positive `f64`: a threshold that must grow.
    fn next_up(self) -> Self {
        let Some(value) = self.get() else {
            return self;
        };
        let mut step = f64::MIN_POSITIVE;
        while step.is_finite() {
            if let Some(step) = T::from_f64(step).filter(|step| *step > T::zero()) {
                let next = self.saturating_add(NumCost::new(step));
                if next.get().is_none_or(|next| next > value) {
                    return next;
                }
            }
            step *= 2.0;
        }
        Self::MAX
    }

    /// Through `f64`: infinite beyond `T`.
    fn scaled(self, weight: f64) -> Self {
        match self.get() {
            Some(value) if !value.is_zero() => value
                .to_f64()
                .and_then(|value| T::from_f64(value * weight))
                .map_or(Self::MAX, NumCost::new),
            _ => self,
        }
    }

    fn value(self) -> CostValue {
        CostValue::Float(
            self.get()
                .map_or(f64::INFINITY, |value| value.to_f64().unwrap_or(f64::NAN)),
        )
    }

    /// Negative values give zero, values beyond `T`'s range infinity.
    fn from_value(value: CostValue) -> Self {
        let converted = match value {
            CostValue::Unsigned(v) => T::from_u128(v),
            CostValue::Signed(v) if v < 0 => return Self::ZERO,
            CostValue::Signed(v) => T::from_i128(v),
            CostValue::Float(v) if v.is_nan() || v <= 0.0 => return Self::ZERO,
            CostValue::Float(v) => T::from_f64(v),
        };
        converted.map_or(Self::MAX, NumCost::new)
    }
}
