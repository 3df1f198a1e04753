//! Random cubes drawn uniformly from the cube group, from a seed.

use super::{CORNERS, Cube, EDGES, SOLVED};

/// Cubes drawn uniformly at random from the 43,252,003,274,489,856,000 positions the solved
/// cube can be turned into, the same ones for the same seed on every machine: what "a random
/// cube" means in the literature (Korf 1997 measures on such cubes; random-move scrambles of
/// any length leave some positions likelier than others).
///
/// Each cube is drawn as its parts are: the corners' and the edges' permutations uniformly
/// (two edges swapped if their parities differ, a bijection that keeps the draw uniform),
/// seven corners' twists and eleven edges' flips uniformly, the last of each what the others
/// leave solvable. The numbers come from SplitMix64, by rejection so that no draw is biased.
///
/// ```
/// use informed::puzzles::rubiks_cube::{random_cubes, SOLVED};
///
/// let first: Vec<_> = random_cubes(1).take(3).collect();
/// assert_eq!(first, random_cubes(1).take(3).collect::<Vec<_>>());
/// assert!(first.iter().all(|cube| *cube != SOLVED));
/// ```
pub fn random_cubes(seed: u64) -> impl Iterator<Item = Cube> {
    let mut random = SplitMix64(seed);
    core::iter::repeat_with(move || random.cube())
}

/// Sebastiano Vigna's SplitMix64 generator.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (at least 1), every one as likely.
    fn below(&mut self, bound: u8) -> u8 {
        let bound = u64::from(bound);
        // The largest multiple of `bound` that fits: draws at or above it are drawn again.
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let draw = self.next();
            if draw < zone {
                return (draw % bound) as u8;
            }
        }
    }

    /// Shuffles `items` (Fisher and Yates); whether the permutation made is odd.
    fn shuffle(&mut self, items: &mut [u8]) -> bool {
        let mut odd = false;
        for i in (1..items.len()).rev() {
            let j = usize::from(self.below(i as u8 + 1));
            if j != i {
                items.swap(i, j);
                odd = !odd;
            }
        }
        odd
    }

    fn cube(&mut self) -> Cube {
        let mut cube = SOLVED;
        let corners_odd = self.shuffle(&mut cube.cp);
        let edges_odd = self.shuffle(&mut cube.ep);
        if corners_odd != edges_odd {
            cube.ep.swap(EDGES - 2, EDGES - 1);
        }
        for i in 0..CORNERS - 1 {
            cube.co[i] = self.below(3);
        }
        let twist: u8 = cube.co[..CORNERS - 1].iter().sum();
        cube.co[CORNERS - 1] = (3 - twist % 3) % 3;
        for i in 0..EDGES - 1 {
            cube.eo[i] = self.below(2);
        }
        let flips: u8 = cube.eo[..EDGES - 1].iter().sum();
        cube.eo[EDGES - 1] = flips % 2;
        cube
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::rubiks_cube::{Metric, RubiksCube};

    /// Whether a permutation is odd.
    fn odd(permutation: &[u8]) -> bool {
        let mut seen = [false; 12];
        let mut odd = false;
        for start in 0..permutation.len() {
            let mut length = 0;
            let mut at = start;
            while !seen[at] {
                seen[at] = true;
                at = usize::from(permutation[at]);
                length += 1;
            }
            odd ^= length > 0 && length % 2 == 0;
        }
        odd
    }

    /// The three laws every position turned from the solved cube keeps.
    fn solvable(cube: &Cube) -> bool {
        let twist: u32 = cube.co.iter().map(|&t| u32::from(t)).sum();
        let flips: u32 = cube.eo.iter().map(|&f| u32::from(f)).sum();
        let parts = |cubies: &[u8], n: usize| {
            let mut sorted = cubies.to_vec();
            sorted.sort_unstable();
            sorted == (0..n as u8).collect::<Vec<_>>()
        };
        parts(&cube.cp, CORNERS)
            && parts(&cube.ep, EDGES)
            && cube.co.iter().all(|&t| t < 3)
            && cube.eo.iter().all(|&f| f < 2)
            && twist % 3 == 0
            && flips % 2 == 0
            && odd(&cube.cp) == odd(&cube.ep)
    }

    #[test]
    fn turns_keep_the_laws_the_draws_keep() {
        // The laws hold of cubes turned at random: they are the ones a turn keeps.
        let puzzle = RubiksCube::new(SOLVED, Metric::HalfTurn);
        let turns = Metric::HalfTurn.turns();
        let mut random = SplitMix64(7);
        let mut cube = SOLVED;
        for _ in 0..1_000 {
            cube = puzzle.turned(&cube, turns[usize::from(random.below(18))]);
            assert!(solvable(&cube), "{cube:?}");
        }
        assert!(random_cubes(1).take(10_000).all(|cube| solvable(&cube)));
    }

    /// Every corner goes to every position, with every twist, about as often; so do the
    /// edges and their flips; half the permutations are odd.
    #[test]
    fn every_part_is_drawn_evenly() {
        const DRAWS: usize = 48_000;
        let mut corner = [[0u32; 3 * CORNERS]; CORNERS];
        let mut edge = [[0u32; 2 * EDGES]; EDGES];
        let mut odd_draws = 0;
        for cube in random_cubes(2).take(DRAWS) {
            for (at, (&cubie, &twist)) in cube.cp.iter().zip(&cube.co).enumerate() {
                corner[at][3 * usize::from(cubie) + usize::from(twist)] += 1;
            }
            for (at, (&cubie, &flip)) in cube.ep.iter().zip(&cube.eo).enumerate() {
                edge[at][2 * usize::from(cubie) + usize::from(flip)] += 1;
            }
            odd_draws += u32::from(odd(&cube.cp));
        }
        // Each count is binomial: within six standard deviations of its mean.
        let even = |counts: &[u32]| {
            let p = 1.0 / counts.len() as f64;
            let (mean, sd) = (DRAWS as f64 * p, (DRAWS as f64 * p * (1.0 - p)).sqrt());
            counts
                .iter()
                .all(|&c| (f64::from(c) - mean).abs() < 6.0 * sd)
        };
        assert!(corner.iter().all(|counts| even(counts)), "{corner:?}");
        assert!(edge.iter().all(|counts| even(counts)), "{edge:?}");
        assert!(even(&[odd_draws, DRAWS as u32 - odd_draws]));
    }
}
