//! The cube itself: its pieces, the turns of its faces and how they compose, and turns read
//! from text.

use core::fmt;

/// The corners, by position: URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB.
pub const CORNERS: usize = 8;
/// The edges, by position: UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR.
pub const EDGES: usize = 12;
/// The faces, in the order of a move's number: U, R, F, D, L, B.
pub const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// Which moves there are and what they cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// 18 moves: every face turned a quarter either way or half, each costing one.
    HalfTurn,
    /// 12 moves: every face turned a quarter either way; a half turn is two moves.
    QuarterTurn,
}

impl Metric {
    /// Every move of the metric, face by face (U, R, F, D, L, B), clockwise first.
    pub fn turns(self) -> Vec<Turn> {
        let quarters: &[u8] = match self {
            Metric::HalfTurn => &[1, 2, 3],
            Metric::QuarterTurn => &[1, 3],
        };
        (0..6)
            .flat_map(|face| {
                quarters
                    .iter()
                    .map(move |&quarters| Turn { face, quarters })
            })
            .collect()
    }
}

/// A cube: where each cubie is and how it is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// The corner at each corner position.
    pub(crate) cp: [u8; CORNERS],
    /// The twist (0, 1, 2) of the corner at each position.
    pub(crate) co: [u8; CORNERS],
    /// The edge at each edge position.
    pub(crate) ep: [u8; EDGES],
    /// The flip (0, 1) of the edge at each position.
    pub(crate) eo: [u8; EDGES],
}

/// The solved cube.
pub const SOLVED: Cube = Cube {
    cp: [0, 1, 2, 3, 4, 5, 6, 7],
    co: [0; CORNERS],
    ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    eo: [0; EDGES],
};

/// The quarter turns clockwise of U, R, F, D, L, B as cubie permutations ("is replaced by",
/// Kociemba's tables).
const FACE_TURNS: [Cube; 6] = [
    // U
    Cube {
        cp: [3, 0, 1, 2, 4, 5, 6, 7],
        co: [0; 8],
        ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // R
    Cube {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
        ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        eo: [0; 12],
    },
    // F
    Cube {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
        ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    // D
    Cube {
        cp: [0, 1, 2, 3, 5, 6, 7, 4],
        co: [0; 8],
        ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // L
    Cube {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
        ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        eo: [0; 12],
    },
    // B
    Cube {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
        ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

impl Cube {
    /// The cube after `other` is applied to it (`self * other` in Kociemba's convention).
    #[must_use]
    #[inline]
    pub fn then(&self, other: &Cube) -> Cube {
        let mut next = *self;
        for i in 0..CORNERS {
            let from = usize::from(other.cp[i]) % CORNERS;
            next.cp[i] = self.cp[from];
            next.co[i] = (self.co[from] + other.co[i]) % 3;
        }
        for i in 0..EDGES {
            let from = usize::from(other.ep[i]) % EDGES;
            next.ep[i] = self.ep[from];
            next.eo[i] = self.eo[from] ^ other.eo[i];
        }
        next
    }

    /// The cube that undoes this one: `self.then(&self.inverse())` is solved. It lies as far
    /// from solved, by the inverse moves in the reverse order.
    #[must_use]
    #[inline]
    pub fn inverse(&self) -> Cube {
        let mut inverse = *self;
        for (i, (&at, &twist)) in self.cp.iter().zip(&self.co).enumerate() {
            let at = usize::from(at) % CORNERS;
            inverse.cp[at] = i as u8;
            inverse.co[at] = (3 - twist % 3) % 3;
        }
        for (i, (&at, &flip)) in self.ep.iter().zip(&self.eo).enumerate() {
            let at = usize::from(at) % EDGES;
            inverse.ep[at] = i as u8;
            inverse.eo[at] = flip;
        }
        inverse
    }

    /// Whether every cubie is home and unturned.
    pub fn is_solved(&self) -> bool {
        *self == SOLVED
    }
}

/// A move: face (0–5 for U, R, F, D, L, B) and quarter turns clockwise (1, 2, 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The face, 0–5 for U, R, F, D, L, B.
    pub face: u8,
    /// Quarter turns clockwise: 1, 2 (a half turn) or 3 (a quarter turn back).
    pub quarters: u8,
}

impl Turn {
    /// The move's number among the 18: `3 * face + quarters - 1`.
    pub fn index(self) -> usize {
        3 * usize::from(self.face % 6) + usize::from(self.quarters.clamp(1, 3)) - 1
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let face = FACES[usize::from(self.face % 6)];
        match self.quarters {
            2 => write!(f, "{face}2"),
            3 => write!(f, "{face}'"),
            _ => write!(f, "{face}"),
        }
    }
}

/// The 18 moves as cubie permutations, by [`Turn::index`].
pub(super) fn move_cubes() -> [Cube; 18] {
    core::array::from_fn(|index| {
        let turn = &FACE_TURNS[index / 3];
        let mut cube = *turn;
        for _ in 0..index % 3 {
            cube = cube.then(turn);
        }
        cube
    })
}

/// Why a scramble could not be read, or a database does not fit a cube.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CubeError {
    /// A token is not a move (`U`, `U2`, `U'`, … for U, R, F, D, L, B).
    NotAMove {
        /// Its position in the scramble, from one.
        position: usize,
        /// The token: its first 16 characters, then `…` if longer.
        token: String,
    },
    /// A database built for the other metric.
    MetricMismatch {
        /// The database's metric.
        database: Metric,
        /// The puzzle's.
        puzzle: Metric,
    },
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAMove { position, token } => write!(
                f,
                "move {position}: {token:?} is not a move (U, U2, U' and the like for U R F D L B)"
            ),
            Self::MetricMismatch { database, puzzle } => write!(
                f,
                "the database is for the {database:?} metric, the puzzle counts {puzzle:?}"
            ),
        }
    }
}

impl std::error::Error for CubeError {}

/// Reads a sequence of moves in Singmaster's notation, separated by whitespace.
pub fn parse_moves(text: &str) -> Result<Vec<Turn>, CubeError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, token)| {
            let bad = || CubeError::NotAMove {
                position: i + 1,
                token: crate::puzzles::text::excerpt(token),
            };
            let mut chars = token.chars();
            let face = chars
                .next()
                .and_then(|c| FACES.iter().position(|&f| f == c));
            let quarters = match chars.as_str() {
                "" => 1,
                "2" => 2,
                "'" | "’" => 3,
                _ => return Err(bad()),
            };
            face.map(|face| Turn {
                face: face as u8,
                quarters,
            })
            .ok_or_else(bad)
        })
        .collect()
}
