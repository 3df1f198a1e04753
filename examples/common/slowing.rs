//! A line whose nodes are free until `fast` expansions were made, then cost `slow` each; the
//! token is cancelled at the change, whose moment is kept. How promptly an engine notices a
//! cancel as its nodes turn slow: measured by the `stop_latency` example and checked by the
//! test suite (`tests/suite/reliability.rs`), which includes this file.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use informed::{CancelToken, MoveBuffer, SearchProblem};

/// The slowing line; [`Slowing::new`] builds it.
pub struct Slowing {
    fast: u64,
    slow: Duration,
    calls: AtomicU64,
    token: CancelToken,
    /// When the nodes turned slow (and the token was cancelled), once they did.
    pub changed: Mutex<Option<Instant>>,
}

impl Slowing {
    /// Free nodes for `fast` expansions, then `slow` each, cancelling `token` at the change.
    pub fn new(fast: u64, slow: Duration, token: CancelToken) -> Self {
        Slowing {
            fast,
            slow,
            calls: AtomicU64::new(0),
            token,
            changed: Mutex::new(None),
        }
    }

    /// How many `moves` calls came after the change (the cancel), the one at it included.
    #[allow(dead_code)]
    pub fn calls_after_change(&self) -> u64 {
        self.calls.load(Ordering::Relaxed).saturating_sub(self.fast)
    }
}

impl SearchProblem for Slowing {
    type State = u32;
    type Move = bool;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn moves(&self, _: &u32, moves: &mut MoveBuffer<bool, u32>) {
        let calls = self.calls.fetch_add(1, Ordering::Relaxed);
        if calls == self.fast {
            if let Ok(mut changed) = self.changed.lock() {
                *changed = Some(Instant::now());
            }
            self.token.cancel();
        }
        if calls >= self.fast {
            std::thread::sleep(self.slow);
        }
        moves.push((true, 1));
        moves.push((false, 1));
    }
    fn apply(&self, at: &mut u32, forward: bool) {
        *at = if forward {
            at.wrapping_add(1)
        } else {
            at.wrapping_sub(1)
        };
    }
    fn inverse(&self, forward: bool) -> Option<bool> {
        Some(!forward)
    }
}
