//! The Towers of Hanoi with four pegs: `n` disks (up to 32) of distinct sizes, a move takes
//! the top disk of one peg onto a peg that is empty or whose top disk is larger, and costs
//! one. The goal is every disk on the last peg (peg 3); a start is any placement of the disks
//! on the pegs (the sizes decide the order within a peg).
//!
//! The heuristic is an additive pattern database ([`HanoiDatabase`], Felner, Korf and Hanzi
//! 2004): the disks are split into groups of consecutive sizes, and each group's entry is the
//! fewest moves that bring its disks alone to the last peg, the other disks ignored. A move
//! moves one disk, counted in one group, so the sum is admissible. Only the sizes within a
//! group matter, so one table per group size serves every group, and a group's placement is
//! two bits a disk of the state: a shift and a mask find the entry.
//!
//! With three pegs the fewest moves are `2^n - 1`; with four the Frame–Stewart numbers
//! (1, 3, 5, 9, 13, 17, 25, …), proved optimal by Bousch (2014).
//!
//! ```
//! use informed::puzzles::hanoi::{Hanoi, HanoiDatabase};
//! use informed::a_star;
//!
//! let database = HanoiDatabase::build(6)?;
//! let puzzle = Hanoi::classic(10)?.with_database(&database);
//! assert_eq!(a_star(&puzzle).solution().map(|s| s.cost), Some(49));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Text: the peg of each disk, smallest first, pegs `0..4`, separated by whitespace.
//!
//! References: A. Felner, R. E. Korf, S. Hanan, "Additive pattern database heuristics",
//! *JAIR* 22 (2004); T. Bousch, "La quatrième tour de Hanoï", *Bull. Belg. Math. Soc.* 21
//! (2014).

use core::fmt;
use core::str::FromStr;

use super::arrangement::ArrangementError;
use super::text::{BadCell, excerpt, read_cells};
use crate::heuristics::pattern_database::{
    AbstractSpace, Neighbour, Packing, PatternError, PdbError, Table, build_table,
};
use crate::{MoveBuffer, SearchProblem};

/// The most disks.
pub const MAX_DISKS: usize = 32;
/// The pegs.
pub const PEGS: usize = 4;
/// The goal peg.
pub const GOAL_PEG: u8 = 3;

/// A placement of the disks: the peg of disk `i` (0 the smallest) in bits `2i..2i+2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Towers {
    pegs: u64,
}

impl Towers {
    /// The peg of disk `disk` (0 the smallest).
    pub fn peg(&self, disk: usize) -> u8 {
        ((self.pegs >> (2 * (disk % MAX_DISKS))) & 3) as u8
    }
}

/// A move: the top disk of peg `from` onto peg `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shift {
    /// The peg the disk leaves.
    pub from: u8,
    /// The peg it goes to.
    pub to: u8,
}

/// The four-peg Towers of Hanoi from one start placement.
#[derive(Clone, Debug)]
pub struct Hanoi {
    n: usize,
    start: Towers,
    database: Option<HanoiDatabase>,
}

impl Hanoi {
    /// The puzzle whose disk `i` (0 the smallest) starts on peg `pegs[i]` (0 to 3), with 1 to
    /// 32 disks.
    pub fn new(pegs: &[u8]) -> Result<Self, ArrangementError> {
        if pegs.is_empty() || pegs.len() > MAX_DISKS {
            return Err(ArrangementError::WrongSize {
                len: pegs.len(),
                min: 1,
                max: MAX_DISKS,
            });
        }
        let mut towers = Towers { pegs: 0 };
        for (disk, &peg) in pegs.iter().enumerate() {
            if usize::from(peg) >= PEGS {
                return Err(ArrangementError::NotAPeg {
                    disk: disk + 1,
                    value: u64::from(peg),
                });
            }
            towers.pegs |= u64::from(peg) << (2 * disk);
        }
        Ok(Hanoi {
            n: pegs.len(),
            start: towers,
            database: None,
        })
    }

    /// The classic start: every disk on peg 0.
    pub fn classic(disks: usize) -> Result<Self, ArrangementError> {
        Hanoi::new(&vec![0; disks])
    }

    /// The same puzzle with `database`'s heuristic (without one the heuristic is zero). Any
    /// database serves any number of disks.
    #[must_use]
    pub fn with_database(self, database: &HanoiDatabase) -> Self {
        Hanoi {
            database: Some(database.clone()),
            ..self
        }
    }

    /// The number of disks.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no disks: never.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The peg of every disk, smallest first.
    pub fn pegs(&self, towers: &Towers) -> Vec<u8> {
        (0..self.n).map(|disk| towers.peg(disk)).collect()
    }
}

/// Every one of the first `disks` disks on the goal peg, two bits a disk.
const fn solved(disks: usize) -> u64 {
    let ones = if disks >= MAX_DISKS {
        0x5555_5555_5555_5555
    } else {
        0x5555_5555_5555_5555 & ((1u64 << (2 * disks)) - 1)
    };
    ones * GOAL_PEG as u64
}

/// The top disk of each peg (`MAX_DISKS` for an empty one) of the first `disks` disks placed
/// as in `pegs`, two bits a disk.
#[inline]
fn tops(pegs: u64, disks: usize) -> [usize; PEGS] {
    let mut tops = [MAX_DISKS; PEGS];
    for disk in (0..disks.min(MAX_DISKS)).rev() {
        tops[((pegs >> (2 * disk)) & 3) as usize] = disk;
    }
    tops
}

/// The moves the tops allow, as (from, to): a top disk onto an empty peg or a larger top.
#[inline]
fn legal_shifts(tops: [usize; PEGS]) -> impl Iterator<Item = (usize, usize)> {
    (0..PEGS)
        .filter(move |&from| tops[from] != MAX_DISKS)
        .flat_map(move |from| {
            (0..PEGS)
                .filter_map(move |to| (to != from && tops[to] > tops[from]).then_some((from, to)))
        })
}

/// The placement with `disk` moved to peg `to`.
#[inline]
fn shifted(pegs: u64, disk: usize, to: usize) -> u64 {
    (pegs & !(3 << (2 * disk))) | ((to as u64 & 3) << (2 * disk))
}

impl FromStr for Hanoi {
    type Err = ArrangementError;

    /// Reads the peg of each disk, smallest first.
    fn from_str(text: &str) -> Result<Self, ArrangementError> {
        let cells = read_cells(text, MAX_DISKS + 1, true, false).map_err(|bad| match bad {
            BadCell::NotANumber { position, token } => ArrangementError::NotANumber {
                position: position + 1,
                token: excerpt(&token),
            },
            BadCell::TooLong { position, .. } => ArrangementError::NotAPeg {
                disk: position + 1,
                value: u64::MAX,
            },
        })?;
        if cells.count == 0 || cells.count > MAX_DISKS {
            return Err(ArrangementError::WrongSize {
                len: cells.count,
                min: 1,
                max: MAX_DISKS,
            });
        }
        if let Some((disk, &peg)) = cells.values.iter().enumerate().find(|&(_, &p)| p >= 4) {
            return Err(ArrangementError::NotAPeg {
                disk: disk + 1,
                value: peg,
            });
        }
        let pegs: Vec<u8> = cells.values.iter().map(|&p| p as u8).collect();
        Hanoi::new(&pegs)
    }
}

impl fmt::Display for Hanoi {
    /// The start placement, as [`FromStr`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for disk in 0..self.n {
            if disk > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.start.peg(disk))?;
        }
        Ok(())
    }
}

impl SearchProblem for Hanoi {
    type State = Towers;
    type Move = Shift;
    type Cost = u32;

    fn start(&self) -> Towers {
        self.start
    }

    fn is_goal(&self, towers: &Towers) -> bool {
        towers.pegs == solved(self.n)
    }

    fn moves(&self, towers: &Towers, moves: &mut MoveBuffer<Shift, u32>) {
        for (from, to) in legal_shifts(tops(towers.pegs, self.n)) {
            let shift = Shift {
                from: from as u8,
                to: to as u8,
            };
            moves.push((shift, 1));
        }
    }

    fn apply(&self, towers: &mut Towers, shift: Shift) {
        let disk = tops(towers.pegs, self.n)[usize::from(shift.from) % PEGS];
        if disk < self.n {
            towers.pegs = shifted(towers.pegs, disk, usize::from(shift.to));
        }
    }

    /// The disk goes back.
    fn inverse(&self, shift: Shift) -> Option<Shift> {
        Some(Shift {
            from: shift.to,
            to: shift.from,
        })
    }

    fn heuristic(&self, towers: &Towers) -> u32 {
        self.database
            .as_ref()
            .map_or(0, |database| database.value(towers.pegs, self.n))
    }
}

/// The additive pattern database of the four-peg towers: the table of a group of `k` disks
/// (`4^k` entries, a byte each), serving every group of `k` consecutive sizes. A placement of
/// `n` disks splits into groups from the largest down: groups of `k`, the smallest disks
/// left over making a last, smaller group, whose table is built too.
#[derive(Clone, Debug)]
pub struct HanoiDatabase {
    group: usize,
    /// The table of a group of `i` disks, for `i` in `1..=group`.
    tables: Vec<Table>,
}

impl HanoiDatabase {
    /// Builds the tables of groups of 1 to `group` disks (1 to 14; 4^14 entries is 268 MB).
    pub fn build(group: usize) -> Result<Self, PdbError> {
        if !(1..=14).contains(&group) {
            return Err(PdbError::InvalidPattern(PatternError::DiskGroup {
                disks: group,
            }));
        }
        let tables = (1..=group)
            .map(|disks| {
                build_table(&Group { disks })
                    .and_then(|table| Table::new(table, Some(Packing::Bytes)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(HanoiDatabase { group, tables })
    }

    /// The largest group.
    pub fn group(&self) -> usize {
        self.group
    }

    /// The sum over the groups of `n` disks (at most 32; more count as 32) placed as in `pegs`
    /// (two bits a disk).
    #[inline]
    pub fn value(&self, pegs: u64, n: usize) -> u32 {
        let mut total = 0;
        let mut high = n.min(MAX_DISKS);
        while high > 0 {
            let disks = high.min(self.group);
            let low = high - disks;
            let placement = (pegs >> (2 * low)) & ((1u64 << (2 * disks)) - 1);
            total += u32::from(self.tables[disks - 1].get(placement as usize));
            high = low;
        }
        total
    }

    /// The table of a group of `disks` disks, indexed by their pegs (two bits a disk,
    /// smallest lowest).
    pub fn table(&self, disks: usize) -> Option<&Table> {
        disks.checked_sub(1).and_then(|i| self.tables.get(i))
    }
}

/// The abstract space of a group of disks alone: a block per placement.
struct Group {
    disks: usize,
}

impl AbstractSpace for Group {
    /// The placement being expanded and the top disk of each peg.
    type Scratch = (usize, [usize; PEGS]);

    fn blocks(&self) -> usize {
        1 << (2 * self.disks)
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        vec![(solved(self.disks) as usize, 0)]
    }

    fn scratch(&self) -> Self::Scratch {
        (0, [MAX_DISKS; PEGS])
    }

    fn enter(&self, block: usize, (placement, top): &mut Self::Scratch) {
        *placement = block;
        *top = tops(block as u64, self.disks);
    }

    /// Every move can be undone by a move, so the predecessors are the successors.
    fn expand(
        &self,
        (placement, top): &mut Self::Scratch,
        _slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        for (from, to) in legal_shifts(*top) {
            let block = shifted(*placement as u64, top[from], to) as usize;
            visit(Neighbour::Counted { block, slot: 0 });
        }
        Ok(())
    }
}
