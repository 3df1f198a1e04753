//! The cube's symmetries that keep the up-down axis (four turns of the whole cube about it,
//! times a half turn that swaps up and down, times a mirror), and the whole-cube turn that
//! carries the other two axes onto it: Kociemba's symmetry cubes.

use super::{CORNERS, Cube, EDGES, SOLVED};

/// The symmetries that keep the up-down axis.
pub(super) const SYMMETRIES: usize = 16;

/// A cube that may be mirrored: a corner's twist is 0–2 as on a cube, 3–5 where the cubie
/// is mirrored (Kociemba's convention for the reflections).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Symmetry {
    cp: [u8; CORNERS],
    co: [u8; CORNERS],
    ep: [u8; EDGES],
    eo: [u8; EDGES],
}

/// A turn of the whole cube by 120° about the URF-DBL diagonal: it carries the right-left
/// axis to up-down, and the front-back one to right-left.
pub(super) const TURN_URF3: Cube = Cube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};

/// The diagonal turn the other way, [`TURN_URF3`] twice: it undoes [`TURN_URF3`].
const TURN_URF3_BACK: Cube = Cube {
    cp: [0, 3, 7, 4, 1, 2, 6, 5],
    co: [2, 1, 2, 1, 1, 2, 1, 2],
    ep: [8, 0, 11, 4, 9, 2, 10, 6, 1, 3, 7, 5],
    eo: [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0],
};

/// A half turn of the whole cube about the front-back axis.
const TURN_F2: Symmetry = Symmetry {
    cp: [5, 4, 7, 6, 1, 0, 3, 2],
    co: [0; CORNERS],
    ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    eo: [0; EDGES],
};

/// A quarter turn of the whole cube about the up-down axis.
const TURN_U4: Symmetry = Symmetry {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; CORNERS],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};

/// The mirror through the plane of the up, down, front and back centres.
const MIRROR_LR2: Symmetry = Symmetry {
    cp: [1, 0, 3, 2, 5, 4, 7, 6],
    co: [3; CORNERS],
    ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    eo: [0; EDGES],
};

impl Symmetry {
    const IDENTITY: Symmetry = Symmetry {
        cp: SOLVED.cp,
        co: SOLVED.co,
        ep: SOLVED.ep,
        eo: SOLVED.eo,
    };

    fn of(cube: &Cube) -> Symmetry {
        Symmetry {
            cp: cube.cp,
            co: cube.co,
            ep: cube.ep,
            eo: cube.eo,
        }
    }

    /// `self` then `other`, as [`Cube::then`], with the twists of mirrored cubies.
    fn then(&self, other: &Symmetry) -> Symmetry {
        let mut next = *self;
        for i in 0..CORNERS {
            let from = usize::from(other.cp[i]) % CORNERS;
            next.cp[i] = self.cp[from];
            let (a, b) = (self.co[from], other.co[i]);
            next.co[i] = match (a < 3, b < 3) {
                (true, true) => (a + b) % 3,
                // One mirrored: the result is mirrored.
                (true, false) => 3 + (a + b) % 3,
                (false, true) => 3 + (a + 3 - b) % 3,
                // Two mirrors make a turn.
                (false, false) => (a + 3 - b) % 3,
            };
        }
        for i in 0..EDGES {
            let from = usize::from(other.ep[i]) % EDGES;
            next.ep[i] = self.ep[from];
            next.eo[i] = self.eo[from] ^ other.eo[i];
        }
        next
    }

    /// The cube this symmetry's conjugation makes of `cube`: `self * cube * inverse`. Its
    /// twists are a cube's (0–2): a mirror applied twice cancels.
    fn conjugate(&self, cube: &Cube, inverse: &Symmetry) -> Cube {
        let whole = self.then(&Symmetry::of(cube)).then(inverse);
        Cube {
            cp: whole.cp,
            co: whole.co.map(|twist| twist % 3),
            ep: whole.ep,
            eo: whole.eo,
        }
    }
}

/// The sixteen symmetries that keep the up-down axis, the identity first, each with its
/// inverse.
pub(super) struct Symmetries {
    cubes: [Symmetry; SYMMETRIES],
    inverse: [usize; SYMMETRIES],
    /// `product[a][b]`: the symmetry whose conjugation is `b`'s, then `a`'s.
    product: [[u8; SYMMETRIES]; SYMMETRIES],
}

impl Symmetries {
    pub(super) fn new() -> Self {
        let mut cubes = [Symmetry::IDENTITY; SYMMETRIES];
        let mut f2 = Symmetry::IDENTITY;
        for a in 0..2 {
            let mut u4 = f2;
            for b in 0..4 {
                let mut mirror = u4;
                for c in 0..2 {
                    cubes[8 * a + 2 * b + c] = mirror;
                    mirror = mirror.then(&MIRROR_LR2);
                }
                u4 = u4.then(&TURN_U4);
            }
            f2 = f2.then(&TURN_F2);
        }
        let inverse = core::array::from_fn(|s| {
            (0..SYMMETRIES)
                .find(|&t| cubes[s].then(&cubes[t]) == Symmetry::IDENTITY)
                .unwrap_or(0)
        });
        let product = core::array::from_fn(|a| {
            core::array::from_fn(|b| {
                let both = cubes[a].then(&cubes[b]);
                cubes.iter().position(|c| *c == both).unwrap_or(0) as u8
            })
        });
        Symmetries {
            cubes,
            inverse,
            product,
        }
    }

    /// The symmetry whose conjugation is symmetry `b`'s, then `a`'s.
    pub(super) fn product(&self, a: usize, b: usize) -> usize {
        usize::from(self.product[a % SYMMETRIES][b % SYMMETRIES])
    }

    /// The index of the symmetry that undoes symmetry `s`.
    pub(super) fn inverse(&self, s: usize) -> usize {
        self.inverse[s]
    }

    /// `cube` conjugated by symmetry `s`.
    pub(super) fn conjugate(&self, cube: &Cube, s: usize) -> Cube {
        self.cubes[s].conjugate(cube, &self.cubes[self.inverse[s]])
    }

    /// [`conjugate`](Self::conjugate) for the edges alone, the corners left as they are: for
    /// the slice table's edge coordinate, which reads the edges alone.
    pub(super) fn conjugate_edges(&self, cube: &Cube, s: usize) -> Cube {
        // `symmetry.then(cube).then(inverse)` by `Cube::then`, each symmetry's edges on
        // solved corners: the corners come out as the cube's.
        let edges = |symmetry: &Symmetry| Cube {
            ep: symmetry.ep,
            eo: symmetry.eo,
            ..SOLVED
        };
        let inverse = edges(&self.cubes[self.inverse[s]]);
        edges(&self.cubes[s]).then(cube).then(&inverse)
    }
}

/// `cube` seen from the right-left axis (`axis` 1) or the front-back axis (2) as if it were
/// up-down: conjugated by the diagonal turn once or twice. Axis 0 is the cube itself.
#[inline]
pub(super) fn along(cube: &Cube, axis: usize) -> Cube {
    match axis {
        1 => TURN_URF3.then(cube).then(&TURN_URF3_BACK),
        2 => TURN_URF3_BACK.then(cube).then(&TURN_URF3),
        _ => *cube,
    }
}

#[cfg(test)]
mod tests {
    use super::super::move_cubes;
    use super::*;

    /// Each symmetry and each axis turn carries every move to a move: the cubes are the
    /// symmetries they are meant to be.
    #[test]
    fn symmetries_carry_moves_to_moves() {
        let moves = move_cubes();
        let symmetries = Symmetries::new();
        let mut distinct = Vec::new();
        for s in 0..SYMMETRIES {
            assert!(!distinct.contains(&symmetries.cubes[s]), "{s} repeats");
            distinct.push(symmetries.cubes[s]);
            let inverse = symmetries.inverse(s);
            assert_eq!(
                symmetries.cubes[s].then(&symmetries.cubes[inverse]),
                Symmetry::IDENTITY
            );
            let images: Vec<Cube> = moves.iter().map(|m| symmetries.conjugate(m, s)).collect();
            for image in &images {
                assert!(moves.contains(image), "{s}: {image:?}");
            }
            // The up and down faces stay on the up-down axis.
            for m in [0, 9] {
                let face = moves.iter().position(|c| c == &images[m]).unwrap() / 3;
                assert!(face == 0 || face == 3, "{s}");
            }
        }
        assert_eq!(TURN_URF3.then(&TURN_URF3), TURN_URF3_BACK);
        assert_eq!(TURN_URF3.then(&TURN_URF3_BACK), SOLVED);
        for axis in 1..3 {
            for m in &moves {
                assert!(moves.contains(&along(m, axis)), "{axis}");
            }
            assert_eq!(along(&SOLVED, axis), SOLVED);
        }
        // One axis turn carries the right-left axis to up-down, the other the front-back.
        let on_up_down = |axis: usize, m: usize| {
            let face = moves
                .iter()
                .position(|c| c == &along(&moves[m], axis))
                .unwrap()
                / 3;
            face == 0 || face == 3
        };
        assert!(on_up_down(1, 3) != on_up_down(2, 3));
        assert!(on_up_down(1, 6) != on_up_down(2, 6));
        assert!(on_up_down(1, 3) != on_up_down(1, 6));
    }

    /// The edges-only conjugation makes the edges the whole one makes, and keeps the corners.
    #[test]
    fn conjugating_the_edges_alone_agrees() {
        let symmetries = Symmetries::new();
        for cube in super::super::random_cubes(5).take(50) {
            for s in 0..SYMMETRIES {
                let (whole, edges) = (
                    symmetries.conjugate(&cube, s),
                    symmetries.conjugate_edges(&cube, s),
                );
                assert_eq!((edges.ep, edges.eo), (whole.ep, whole.eo), "{s}");
                assert_eq!((edges.cp, edges.co), (cube.cp, cube.co), "{s}");
            }
        }
    }
}
