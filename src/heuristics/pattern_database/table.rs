//! A pattern database's table, a byte or four bits an entry, and its file: a header naming
//! what it was built for, the entries, and a checksum.

use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use super::memory::Bytes;
use super::space::UNSEEN;
use super::{BuildReport, PdbError};

const MAGIC: &[u8; 13] = b"informed-pdb\n";
/// Version 3: one format for every database, the header names its kind and packing.
const VERSION: u32 = 3;

/// How a [`Table`] stores its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Packing {
    /// A byte an entry: distances up to 254, 255 for a state no goal is reached from.
    Bytes,
    /// Four bits an entry, two to a byte (the even entry in the low half): distances up to 14,
    /// 15 for a state no goal is reached from. Half the memory, one shift more a lookup.
    Nibbles,
}

/// The distances of a pattern database, indexed by the rank of an abstract state, shared
/// between clones.
#[derive(Clone)]
pub struct Table {
    packing: Packing,
    entries: usize,
    /// In huge pages when large: a lookup lands anywhere in hundreds of megabytes.
    bytes: Arc<Bytes>,
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("packing", &self.packing)
            .field("entries", &self.entries)
            .field("bytes", &self.bytes.len())
            .finish_non_exhaustive()
    }
}

impl Table {
    /// The table of these distances (a byte each, 255 for unreached, as
    /// [`build_table`](super::build_table) gives them), packed four bits an entry when
    /// `packing` asks for it and every reached distance is at most 14, and a byte an entry
    /// otherwise. Pass `None` to let the distances choose. Packs in place, then moves the
    /// entries into memory shared between clones: [`PdbError::OutOfMemory`] if that memory is
    /// not there.
    pub fn new(mut distances: Vec<u8>, packing: Option<Packing>) -> Result<Self, PdbError> {
        let entries = distances.len();
        let fits = || distances.iter().all(|&d| d <= 14 || d == UNSEEN);
        let packing = match packing {
            Some(Packing::Bytes) => Packing::Bytes,
            _ if fits() => Packing::Nibbles,
            _ => Packing::Bytes,
        };
        if packing == Packing::Nibbles {
            let nibble = |d: u8| d.min(15);
            for byte in 0..entries.div_ceil(2) {
                let high = distances.get(2 * byte + 1).copied().unwrap_or(0);
                distances[byte] = nibble(distances[2 * byte]) | nibble(high) << 4;
            }
            distances.truncate(entries.div_ceil(2));
        }
        Ok(Table {
            packing,
            entries,
            bytes: shared_copy(&distances, entries)?,
        })
    }

    /// A table of `len` entries, a byte each, that `fill` writes where the table keeps them:
    /// no vector first, no copy. [`PdbError::OutOfMemory`] if that memory is not there.
    pub(crate) fn filled(len: usize, fill: impl FnOnce(&mut [u8])) -> Result<Self, PdbError> {
        let mut bytes = shared_zeroes(len, len)?;
        // Unique until returned: `get_mut` gives the entries to write.
        if let Some(entries) = Arc::get_mut(&mut bytes) {
            fill(entries);
        }
        Ok(Table {
            packing: Packing::Bytes,
            entries: len,
            bytes,
        })
    }

    /// The distance at `index`, or 0 past the end. A state no goal is reached from reads as
    /// the packing's largest value (255 or 15): any value is admissible there.
    #[inline]
    pub fn get(&self, index: usize) -> u8 {
        match self.packing {
            Packing::Bytes => self.bytes.get(index).copied().unwrap_or(0),
            Packing::Nibbles => self
                .bytes
                .get(index / 2)
                .map_or(0, |&pair| (pair >> (4 * (index % 2))) & 0xF),
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// How the entries are stored.
    pub fn packing(&self) -> Packing {
        self.packing
    }

    /// The bytes the entries take.
    pub fn memory_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// The stored bytes: the entries themselves for [`Packing::Bytes`].
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The stored bytes, shared with this table rather than copied.
    pub(crate) fn shared_bytes(&self) -> Arc<Bytes> {
        Arc::clone(&self.bytes)
    }

    /// The largest distance reached (unreached states left out), 0 for an empty table: a scan
    /// of every entry.
    pub fn max(&self) -> u8 {
        let unreached = match self.packing {
            Packing::Bytes => UNSEEN,
            Packing::Nibbles => 15,
        };
        (0..self.entries)
            .map(|i| self.get(i))
            .filter(|&d| d != unreached)
            .max()
            .unwrap_or(0)
    }

    /// Writes the table: header (magic, version, `kind`, `key`, packing, entries), the stored
    /// bytes, then the checksum of both. `kind` and `key` name what the table was built for
    /// (the puzzle, its size, the pattern); [`read`](Self::read) takes the file back only for
    /// the same. Written to a temporary file and renamed, so a reader never sees half a file;
    /// the entries are written from where they are, not copied first.
    pub fn write(&self, path: &Path, kind: &str, key: &[u8]) -> Result<(), PdbError> {
        let header = header(kind, key, self.packing, self.entries);
        let mut sum = Checksum::new();
        sum.update(&header);
        sum.update(&self.bytes);
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        let io_error = |error| PdbError::Io {
            path: path.to_path_buf(),
            error,
        };
        let written = std::fs::File::create(&temporary).and_then(|mut file| {
            file.write_all(&header)?;
            file.write_all(&self.bytes)?;
            file.write_all(&sum.finish().to_le_bytes())
        });
        if let Err(error) = written {
            let _ = std::fs::remove_file(&temporary);
            return Err(io_error(error));
        }
        std::fs::rename(&temporary, path).map_err(io_error)
    }

    /// Reads a table written by [`write`](Self::write), checking that it is for this `kind`
    /// and `key`, has `entries` entries, and is intact: a [`PdbError::BadFile`] says what
    /// does not match, a [`PdbError::Io`] that the file could not be read (not there, say).
    /// The entries are read straight into the memory the table keeps: one copy of them in
    /// memory, however large.
    pub fn read(path: &Path, kind: &str, key: &[u8], entries: usize) -> Result<Self, PdbError> {
        let io_error = |error| PdbError::Io {
            path: path.to_path_buf(),
            error,
        };
        let bad = |reason| PdbError::BadFile {
            path: path.to_path_buf(),
            reason,
        };
        let mut file = std::fs::File::open(path).map_err(io_error)?;
        let size = file.metadata().map_err(io_error)?.len();
        // Both packings' headers are as long: only the packing's byte differs.
        let expected = header(kind, key, Packing::Bytes, entries);
        let mut head = vec![
            0;
            expected
                .len()
                .min(usize::try_from(size).unwrap_or(usize::MAX))
        ];
        file.read_exact(&mut head).map_err(io_error)?;
        if head.len() < MAGIC.len() || &head[..MAGIC.len()] != MAGIC {
            return Err(bad("not a table file of this crate"));
        }
        // The packing is the one field of the header the file chooses.
        let packing = [Packing::Bytes, Packing::Nibbles]
            .into_iter()
            .find(|&packing| {
                size == (expected.len() + stored_bytes(packing, entries) + 8) as u64
                    && head == header(kind, key, packing, entries)
            })
            .ok_or_else(|| {
                if head.len() < expected.len()
                    || head[..expected.len() - 9] != expected[..expected.len() - 9]
                {
                    bad("made for another board, puzzle, goal, pattern, map or version")
                } else {
                    bad("wrong length")
                }
            })?;
        let mut bytes = shared_zeroes(stored_bytes(packing, entries), entries)?;
        let mut stored_sum = [0; 8];
        // Unique until returned: `get_mut` gives the entries to read into.
        if let Some(body) = Arc::get_mut(&mut bytes) {
            read_body(&mut file, body, head.len() as u64).map_err(io_error)?;
        }
        file.read_exact(&mut stored_sum).map_err(io_error)?;
        let mut sum = Checksum::new();
        sum.update(&head);
        sum.update(&bytes);
        if stored_sum != sum.finish().to_le_bytes() {
            return Err(bad("checksum mismatch: the file is damaged"));
        }
        Ok(Table {
            packing,
            entries,
            bytes,
        })
    }
}

/// Reads `body` from `file`, whose next byte is at `offset`, and leaves the file after it.
/// A large body is read in parts, one a core (up to four), each by a thread of its own: the
/// kernel zeroes each page of fresh memory as it is first written, one thread zeroing and
/// copying it all at a time (the cube's 1.67 GB slice table: 1.43 s, 0.45 s on two).
fn read_body(file: &mut std::fs::File, body: &mut [u8], offset: u64) -> io::Result<()> {
    /// The least part worth a thread.
    const PART: usize = 64 << 20;
    read_in_parts(file, body, offset, PART)
}

/// [`read_body`] in parts of at least `least` bytes.
fn read_in_parts(
    file: &mut std::fs::File,
    body: &mut [u8],
    offset: u64,
    least: usize,
) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::io::{Seek, SeekFrom};
        use std::os::unix::fs::FileExt;
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let parts = cores.min(4).min(body.len() / least.max(1));
        if parts > 1 {
            let part = body.len().div_ceil(parts);
            let file_ref = &*file;
            std::thread::scope(|scope| {
                let readers: Vec<_> = (body.chunks_mut(part).enumerate())
                    .map(|(i, chunk)| {
                        let at = offset + (i * part) as u64;
                        scope.spawn(move || file_ref.read_exact_at(chunk, at))
                    })
                    .collect();
                (readers.into_iter()).try_for_each(|reader| {
                    reader
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
            })?;
            file.seek(SeekFrom::Start(offset + body.len() as u64))?;
            return Ok(());
        }
    }
    let _ = (offset, least);
    file.read_exact(body)
}

/// `bytes` in memory shared between clones, or [`PdbError::OutOfMemory`] (for a table of
/// `entries`) where that memory is not there.
fn shared_copy(bytes: &[u8], entries: usize) -> Result<Arc<Bytes>, PdbError> {
    let mut shared = shared_zeroes(bytes.len(), entries)?;
    if let Some(copy) = Arc::get_mut(&mut shared) {
        copy.copy_from_slice(bytes);
    }
    Ok(shared)
}

/// `len` zero bytes in memory shared between clones (in huge pages when many: [`Bytes`]), or
/// [`PdbError::OutOfMemory`] (for a table of `entries`) where that memory is not there.
fn shared_zeroes(len: usize, entries: usize) -> Result<Arc<Bytes>, PdbError> {
    Bytes::zeroed(len)
        .map(Arc::new)
        .ok_or(PdbError::OutOfMemory {
            entries: entries as u64,
        })
}

/// Where a database keeps one of its tables: the file, and what its header names.
#[derive(Clone, Debug)]
pub struct CachedTable<'a> {
    /// The file.
    pub path: std::path::PathBuf,
    /// The kind of table (`"rubik-corners"`).
    pub kind: &'a str,
    /// What it was built for, as bytes (the puzzle's size, the pattern).
    pub key: Vec<u8>,
}

/// Creates a cache directory (and its parents) if it is not there.
pub(crate) fn create_cache_dir(dir: &Path) -> Result<(), PdbError> {
    std::fs::create_dir_all(dir).map_err(|error| PdbError::Io {
        path: dir.to_path_buf(),
        error,
    })
}

impl Table {
    /// The table of `entries` entries kept at `cache`: read from its file if a valid one for
    /// this kind and key is there, and otherwise made by `build`, then written there (with no
    /// cache, just built). The report counts what was loaded and built and the time each took;
    /// a file present but rejected (damaged, made for something else) is named in it.
    pub fn load_or_build(
        cache: Option<&CachedTable<'_>>,
        entries: usize,
        report: &mut BuildReport,
        build: impl FnOnce() -> Result<Table, PdbError>,
    ) -> Result<Table, PdbError> {
        if let Some(cache) = cache {
            let started = Instant::now();
            match Table::read(&cache.path, cache.kind, &cache.key, entries) {
                Ok(table) => {
                    report.io_time += started.elapsed();
                    report.loaded += 1;
                    return Ok(table);
                }
                Err(PdbError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {}
                Err(rejected) => report.rejected.push(rejected.to_string()),
            }
        }
        let started = Instant::now();
        let table = build()?;
        report.build_time += started.elapsed();
        report.built += 1;
        if let Some(cache) = cache {
            let started = Instant::now();
            table.write(&cache.path, cache.kind, &cache.key)?;
            report.io_time += started.elapsed();
        }
        Ok(table)
    }
}

/// The bytes `entries` entries take packed this way.
fn stored_bytes(packing: Packing, entries: usize) -> usize {
    match packing {
        Packing::Bytes => entries,
        Packing::Nibbles => entries.div_ceil(2),
    }
}

/// The header that identifies a table. Its last nine bytes are the packing and the entries.
fn header(kind: &str, key: &[u8], packing: Packing, entries: usize) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&(kind.len() as u32).to_le_bytes());
    header.extend_from_slice(kind.as_bytes());
    header.extend_from_slice(&(key.len() as u32).to_le_bytes());
    header.extend_from_slice(key);
    header.push(match packing {
        Packing::Bytes => 1,
        Packing::Nibbles => 4,
    });
    header.extend_from_slice(&(entries as u64).to_le_bytes());
    header
}

/// The FNV-1a hash, for file names.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The checksum of a table file (FNV-1a over little-endian words, the last padded with zeroes,
/// then the length), taken over the parts as they are written or read.
struct Checksum {
    hash: u64,
    /// The bytes of a word not yet whole.
    pending: [u8; 8],
    filled: usize,
    len: u64,
}

impl Checksum {
    const PRIME: u64 = 0x0100_0000_01b3;

    fn new() -> Checksum {
        Checksum {
            hash: 0xcbf2_9ce4_8422_2325,
            pending: [0; 8],
            filled: 0,
            len: 0,
        }
    }

    fn mix(hash: u64, word: [u8; 8]) -> u64 {
        (hash ^ u64::from_le_bytes(word)).wrapping_mul(Self::PRIME)
    }

    fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.filled > 0 {
            let take = (8 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 8 {
                return;
            }
            self.hash = Self::mix(self.hash, self.pending);
            self.filled = 0;
        }
        let mut words = bytes.chunks_exact(8);
        self.hash = words.by_ref().fold(self.hash, |hash, word| {
            let mut le = [0u8; 8];
            le.copy_from_slice(word);
            Self::mix(hash, le)
        });
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    fn finish(self) -> u64 {
        let mut tail = [0u8; 8];
        tail[..self.filled].copy_from_slice(&self.pending[..self.filled]);
        let hash = Self::mix(self.hash, tail);
        (hash ^ self.len).wrapping_mul(Self::PRIME)
    }
}

#[cfg(test)]
mod tests {
    use super::{Checksum, read_in_parts};
    use std::io::{Read, Write};

    /// A body read in parts, by threads, is the file's, and the file is left after it.
    #[test]
    fn a_body_read_in_parts_is_the_files() {
        let path = std::env::temp_dir().join(format!("informed-parts-{}", std::process::id()));
        let data: Vec<u8> = (0..10_007u32).map(|i| (i * 131 % 251) as u8).collect();
        std::fs::File::create(&path)
            .and_then(|mut file| file.write_all(&data))
            .unwrap();
        for least in [1, 1000, 20_000] {
            let mut file = std::fs::File::open(&path).unwrap();
            let mut head = [0u8; 7];
            file.read_exact(&mut head).unwrap();
            let mut body = vec![0u8; 9_990];
            read_in_parts(&mut file, &mut body, 7, least).unwrap();
            let mut rest = Vec::new();
            file.read_to_end(&mut rest).unwrap();
            assert_eq!(
                (&head[..], &body[..], &rest[..]),
                (&data[..7], &data[7..9_997], &data[9_997..])
            );
        }
        let mut file = std::fs::File::open(&path).unwrap();
        let mut past_the_end = vec![0u8; 10_008];
        assert!(read_in_parts(&mut file, &mut past_the_end, 0, 1).is_err());
        let _ = std::fs::remove_file(&path);
    }

    /// The checksum over the whole file at once, as files were always summed.
    fn whole(bytes: &[u8]) -> u64 {
        let prime = 0x0100_0000_01b3u64;
        let mut words = bytes.chunks_exact(8);
        let mut hash = words.by_ref().fold(0xcbf2_9ce4_8422_2325u64, |hash, word| {
            (hash ^ u64::from_le_bytes(word.try_into().unwrap())).wrapping_mul(prime)
        });
        let mut tail = [0u8; 8];
        tail[..words.remainder().len()].copy_from_slice(words.remainder());
        hash = (hash ^ u64::from_le_bytes(tail)).wrapping_mul(prime);
        (hash ^ bytes.len() as u64).wrapping_mul(prime)
    }

    #[test]
    fn a_checksum_taken_in_parts_is_the_whole_files() {
        let bytes: Vec<u8> = (0..100u32).map(|i| (i * 37 % 251) as u8).collect();
        for len in [0, 1, 7, 8, 9, 63, 100] {
            for cut in 0..=len {
                for second in cut..=len {
                    let mut sum = Checksum::new();
                    sum.update(&bytes[..cut]);
                    sum.update(&bytes[cut..second]);
                    sum.update(&bytes[second..len]);
                    assert_eq!(
                        sum.finish(),
                        whole(&bytes[..len]),
                        "{len} cut at {cut}, {second}"
                    );
                }
            }
        }
    }
}
