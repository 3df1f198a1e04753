//! Where a large table lives in memory.

use core::ops::{Deref, DerefMut};

/// The bytes of a table being looked up: on Linux, tables of 2 MiB and more in memory the
/// kernel is asked to back with huge pages (`madvise(MADV_HUGEPAGE)` through `memmap2`),
/// elsewhere and for smaller tables on the heap.
///
/// Lookups into a table of hundreds of megabytes land far apart: with 4 KiB pages nearly
/// every one also misses the TLB and walks the page tables, a second trip to memory; a 2 MiB
/// page covers 512 times as much.
pub(crate) enum Bytes {
    Heap(Box<[u8]>),
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
}

/// The size from which a table is put in huge pages: one huge page.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

impl Bytes {
    /// A copy of `bytes`, in huge pages if they are many ([`zeroed`](Self::zeroed)).
    pub(crate) fn copy_of(bytes: &[u8]) -> Self {
        match Self::zeroed(bytes.len()) {
            Some(mut copy) => {
                copy.copy_from_slice(bytes);
                copy
            }
            None => Bytes::Heap(bytes.into()),
        }
    }

    /// `len` zero bytes, in huge pages if they are many (2 MiB or more, on Linux); `None` if
    /// the memory is not there.
    pub(crate) fn zeroed(len: usize) -> Option<Self> {
        #[cfg(target_os = "linux")]
        if len >= HUGE_PAGE {
            // An anonymous mapping reads as zeroes.
            if let Ok(mapped) = memmap2::MmapOptions::new().len(len).map_anon() {
                // Advice only: without huge pages the table works as well, just slower.
                let _ = mapped.advise(memmap2::Advice::HugePage);
                return Some(Bytes::Mapped(mapped));
            }
        }
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(len).ok()?;
        bytes.resize(len, 0);
        Some(Bytes::Heap(bytes.into_boxed_slice()))
    }

    /// `bytes`, moved to huge pages if they are large (see [`copy_of`](Self::copy_of)).
    pub(crate) fn from_vec(bytes: Vec<u8>) -> Self {
        #[cfg(target_os = "linux")]
        if bytes.len() >= HUGE_PAGE {
            return Self::copy_of(&bytes);
        }
        Bytes::Heap(bytes.into_boxed_slice())
    }
}

impl DerefMut for Bytes {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Bytes::Heap(bytes) => bytes,
            #[cfg(target_os = "linux")]
            Bytes::Mapped(mapped) => mapped,
        }
    }
}

impl Deref for Bytes {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Heap(bytes) => bytes,
            #[cfg(target_os = "linux")]
            Bytes::Mapped(mapped) => mapped,
        }
    }
}
