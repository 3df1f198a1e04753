//! The open list's tests: the order out in every mode, against a model.

use super::OpenList;
use crate::cost::Cost;

#[test]
fn the_open_list_pops_cheapest_f_then_deepest_g_then_first_queued() {
    let mut open = OpenList::<u32>::new();
    for (f, g, index) in [
        (5, 1, 0),
        (4, 1, 1),
        (5, 3, 2),
        (4, 2, 3),
        (4, 2, 4),
        (5, 3, 5),
    ] {
        open.push(f, g, index);
    }
    assert_eq!(open.len(), 6);
    let order: Vec<(u32, usize)> = core::iter::from_fn(|| open.pop()).collect();
    assert_eq!(order, [(2, 3), (2, 4), (1, 1), (3, 2), (3, 5), (1, 0)]);
    assert_eq!(open.len(), 0);
    // Emptied buckets are reused.
    open.push(1, 1, 7);
    assert_eq!(open.pop(), Some((1, 7)));
}

/// Pushes (`Some((f, g))`) and pops (`None`) in any order, over more keys than the cache
/// holds (so that keys share slots and get second buckets), come out as from one list
/// kept sorted by `f`, then `g` deepest first, then first queued: in the heap of nodes
/// (from the start and kept, or given up for buckets after one node, a few, or at the
/// default; or taken after a few buckets, or at the default), with `f` in the ring
/// (small integers; the ring tried at once, after a few buckets, or at the default), `f`
/// too spread for it (the ring refused, or giving way to the heap part way), and float
/// costs (the heap throughout): the heap of nodes' packed entries (`u32`, `f32`) and its
/// entries of two keys (`u64`, `f64`).
#[test]
fn the_open_list_is_first_in_first_out_per_key_whatever_the_cache_holds() {
    fn agrees<C: Cost>(
        steps: &[Option<(u8, u8)>],
        (take_up_after, ring_after, shared, slotted): (usize, usize, usize, bool),
        renumber_at: u64,
        cost: impl Fn(u32) -> C,
    ) -> bool {
        let mut open = OpenList::<C>::with_modes(take_up_after, ring_after, shared, slotted);
        open.renumber_at = renumber_at;
        // The least `f`, then the greatest `g`, then the first pushed.
        let mut model = std::collections::BTreeSet::new();
        for (index, &step) in steps.iter().enumerate() {
            if let Some((f, g)) = step {
                // Wide keys: about as many as the cache's slots, so that slots collide.
                let (f, g) = (u32::from(f) * 7, u32::from(g) % 16);
                open.push(cost(f), cost(g), index);
                model.insert((f, core::cmp::Reverse(g), index));
            } else {
                let expected = model
                    .pop_first()
                    .map(|(_, core::cmp::Reverse(g), i)| (cost(g).key(), i));
                if open.pop() != expected {
                    return false;
                }
            }
            if open.len() != model.len() {
                return false;
            }
        }
        true
    }
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the steps over
    fn all(steps: Vec<Option<(u8, u8)>>) -> bool {
        // Buckets from the start (`take_up_after` 0), kept (`shared` 0) or given up for
        // the heap of nodes (`usize::MAX`); or the heap of nodes first, buckets taken up
        // (`shared` 0, or at the default if the nodes share keys) or not (`usize::MAX`),
        // early, late or never; the heap of nodes in slots where `f` allow, or not.
        let from_buckets = [0, 5, super::RING_AFTER]
            .into_iter()
            .flat_map(|ring_after| [(0, ring_after, 0), (0, ring_after, usize::MAX)]);
        let from_nodes = [1, 5, super::TAKE_UP_AFTER, usize::MAX]
            .into_iter()
            .flat_map(|take_up| [0, super::SHARED, usize::MAX].map(|shared| (take_up, 5, shared)));
        let modes = from_buckets
            .chain(from_nodes)
            .flat_map(|(take_up, ring, shared)| {
                [false, true].map(|slotted| (take_up, ring, shared, slotted))
            });
        // The heap of nodes' numbers renewed at their limit, or at every push past the
        // third: on the first 500 steps, as renumbering sorts the whole heap each time
        // (quadratic: 10 s of the 11 on all 2000). `u32` and `u64` take a slot per `f`
        // (packed entries and entries of two keys), the others a range of `f` a slot.
        let short = &steps[..steps.len().min(500)];
        modes.into_iter().all(|mode| {
            [(super::RENUMBER_AT, &steps[..]), (3, short)]
                .into_iter()
                .all(|(renumber_at, steps)| {
                    agrees(steps, mode, renumber_at, |c| c)
                        && agrees(steps, mode, renumber_at, u64::from)
                        && agrees(steps, mode, renumber_at, |c| u64::from(c) * 1000)
                        && agrees(steps, mode, renumber_at, f64::from)
                        && agrees(steps, mode, renumber_at, |c| c as f32 / 8.0)
                })
        })
    }
    // 30 cases, each through 360 lists (14 s for quickcheck's 100, the suite's slowest).
    quickcheck::QuickCheck::new()
        .rng(quickcheck::Gen::new(2000))
        .tests(30)
        .quickcheck(all as fn(Vec<Option<(u8, u8)>>) -> bool);
}

/// Nodes queued again as the engines do (each time at a smaller `g`, by `f = g + h` or by
/// `h` alone), popped with the outdated entries skipped (their `g` is not the node's), come
/// out in the same order whether the list keeps its buckets or gives them up for the heap
/// of nodes, at once or part way, or starts with the heap of nodes and keeps it or takes up
/// buckets part way, outdated entries and all; and whether the outdated entries are skipped
/// after each pop, or by the list itself ([`OpenList::pop_fresh`], which in slots drops them
/// before it sorts a slot).
#[test]
fn nodes_queued_again_come_out_alike_in_every_mode() {
    fn valid_pops(
        steps: &[(u8, u8, u8)],
        mode: (usize, usize, usize, bool),
        greedy: bool,
        by_the_list: bool,
    ) -> Vec<(usize, u32)> {
        let mut open = OpenList::<u32>::with_modes(mode.0, mode.1, mode.2, mode.3);
        // The heap of nodes numbers its nodes afresh every few pushes.
        open.renumber_at = 5;
        let mut g: Vec<Option<u32>> = vec![None; 64];
        let mut out = Vec::new();
        for &(op, node, drop) in steps {
            let node = usize::from(node % 64);
            if op % 3 == 0 {
                if by_the_list {
                    let fresh = open.pop_fresh(|key, index| g[index] == Some(key));
                    if let Some((key, index)) = fresh {
                        assert_eq!(g[index], Some(key), "pop_fresh gave an outdated entry");
                        out.push((index, key));
                    }
                    continue;
                }
                while let Some((key, index)) = open.pop() {
                    if g[index] == Some(key) {
                        out.push((index, key));
                        break;
                    }
                }
                continue;
            }
            let new_g = match g[node] {
                // Few distinct keys: nodes share buckets, old and new.
                None => 300 + u32::from(drop % 16),
                Some(old) if old > u32::from(drop % 7) => old - 1 - u32::from(drop % 7),
                Some(_) => continue,
            };
            g[node] = Some(new_g);
            let h = (node as u32 % 5) * 3;
            let f = if greedy { h } else { new_g + h };
            open.push(f, new_g, node);
        }
        while let Some((key, index)) = open.pop() {
            if g[index] == Some(key) {
                out.push((index, key));
            }
        }
        out
    }
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the steps over
    fn alike(steps: Vec<(u8, u8, u8)>) -> bool {
        [false, true].into_iter().all(|greedy| {
            let buckets = valid_pops(&steps, (0, usize::MAX, 0, false), greedy, false);
            let given_up = [0, 3, 10, 30].map(|ring_after| (0, ring_after, usize::MAX));
            let taken_up = [1, 3, 10, usize::MAX].map(|take_up| (take_up, 3, 0));
            let kept = [1, 3, 10].map(|take_up| (take_up, 3, usize::MAX));
            given_up
                .into_iter()
                .chain(taken_up)
                .chain(kept)
                .flat_map(|(take_up, ring, shared)| {
                    [false, true].map(|slotted| (take_up, ring, shared, slotted))
                })
                .all(|mode| {
                    [false, true]
                        .into_iter()
                        .all(|by_the_list| valid_pops(&steps, mode, greedy, by_the_list) == buckets)
                })
        })
    }
    quickcheck::QuickCheck::new()
        .rng(quickcheck::Gen::new(400))
        .quickcheck(alike as fn(Vec<(u8, u8, u8)>) -> bool);
}

/// After the heap of nodes gives way to buckets, a key whose bucket the cache forgot gets
/// a second bucket, opened later than every bucket taken up: its nodes come out after
/// those queued before it.
#[test]
fn buckets_opened_after_taking_up_come_after_those_taken_up() {
    let slot = OpenList::<u32>::slot;
    // Two keys the cache files in one slot.
    let a = (100u32, 7u32);
    let b = (0..u32::MAX)
        .map(|f| (f, 7))
        .find(|&(f, g)| f != a.0 && slot(f, g) == slot(a.0, a.1))
        .expect("keys sharing a slot");
    let mut open = OpenList::<u32>::with_modes(6, usize::MAX, 0, true);
    for index in 0..5 {
        open.push(1000 + index as u32, 0, index); // five keys of their own
    }
    open.push(a.0, a.1, 5); // the sixth node: the list takes up buckets
    open.push(b.0, b.1, 6); // the slot of `a` now holds `b`'s bucket
    open.push(a.0, a.1, 7); // a second bucket of `a`
    let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|(_, i)| i).collect();
    let (first, second) = (
        order.iter().position(|&i| i == 5),
        order.iter().position(|&i| i == 7),
    );
    assert!(first < second, "{order:?}");
    assert_eq!(order.len(), 8);
}

/// Nodes of keys of their own (a grid's) go in slots by `f` once the list decides; a
/// push that would go deep into a sorted slot (a key queued over and over, each after
/// those before it) moves them to one heap for good, that node with them.
#[test]
fn slots_give_way_to_the_heap_for_pushes_deep_into_a_sorted_slot() {
    let mut open = OpenList::<u32>::with_modes(4, usize::MAX, 2, true);
    for i in 0..4 {
        open.push(10 + i, i, i as usize);
    }
    assert!(open.is_slotted());
    for i in 0..100 {
        open.push(5, 0, 100 + i);
    }
    assert_eq!(open.pop(), Some((0, 100))); // the slot of 5 sorted
    open.push(5, 1, 1000); // deeper: last, where it is next out
    assert!(open.is_slotted());
    assert_eq!(open.pop(), Some((1, 1000)));
    open.push(5, 0, 500); // after the 99 others of its key
    assert!(!open.is_slotted());
    let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|(_, i)| i).collect();
    let expected: Vec<usize> = (101..200).chain([500]).chain(0..4).collect();
    assert_eq!(order, expected);
    // For good: the heap stays, even with nothing open.
    open.push(7, 0, 7);
    assert!(!open.is_slotted());
}

/// Slots take `f` up to the type's limit, and widen for an `f` too far below the first (a
/// wrapping difference must not bring it within the ring).
#[test]
fn slots_take_keys_at_the_limit_and_widen_for_those_too_far_below() {
    let top = u64::MAX - 1;
    let mut open = OpenList::<u64>::with_modes(2, usize::MAX, usize::MAX, true);
    open.push(top, 5, 0);
    open.push(top - 3, 1, 1);
    assert!(open.is_slotted());
    open.push(top, 6, 2);
    open.push(top - 5000, 0, 3); // within the ring's span, below its first
    assert!(open.is_slotted());
    open.push(0, 0, 4); // 0 - top wraps to 2: not the ring's third slot
    assert!(open.is_slotted());
    let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|(_, i)| i).collect();
    assert_eq!(order, [4, 3, 1, 2, 0]);
}

/// Keys too fine for a slot each (floats, integers in steps of 10⁸) take a range of `f` a
/// slot, and still come out in order, a child of the node popped going in its place.
#[test]
fn slots_take_fine_keys_a_range_a_slot() {
    fn in_order<C: Cost>(cost: impl Fn(u32) -> C) {
        let mut open = OpenList::<C>::with_modes(4, usize::MAX, usize::MAX, true);
        // Keys of their own, spread over a few thousand steps.
        let keys = [4000, 17, 2500, 900, 901, 3000, 18, 2];
        for (i, &f) in keys.iter().enumerate() {
            open.push(cost(f), cost(0), i);
        }
        assert!(open.is_slotted());
        assert_eq!(open.pop(), Some((cost(0).key(), 7)));
        open.push(cost(3), cost(1), 8); // the popped node's child, in the first slot
        open.push(cost(5000), cost(1), 9);
        assert!(open.is_slotted());
        let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|(_, i)| i).collect();
        assert_eq!(order, [8, 1, 6, 3, 4, 2, 5, 0, 9]);
    }
    in_order(|f| f64::from(f) * 0.001 + 1.0);
    in_order(|f| f32::from(u16::try_from(f).unwrap_or(u16::MAX)) / 3.0);
    in_order(|f| u64::from(f) * 100_000_000);
}

/// A key below every open one (an inconsistent heuristic's) goes in front of them.
#[test]
fn the_ring_takes_keys_below_its_first() {
    let mut open = OpenList::<u32>::with_modes(0, 0, 0, true);
    open.push(50, 0, 0);
    open.push(40, 0, 1);
    open.push(45, 0, 2);
    assert_eq!(open.peek(), Some((0, 1)));
    let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|(_, i)| i).collect();
    assert_eq!(order, [1, 2, 0]);
}

/// A list takes the form of slots after its first few nodes, before it decides on buckets,
/// and widens them for `f` far apart (fine costs): it never falls back to the heap for them,
/// and the order out is exact.
#[test]
fn a_list_takes_up_slots_early_and_widens_them_for_costs_of_any_scale() {
    for scale in [1u64, 100, 100_000_000, 1 << 40] {
        let mut open = OpenList::<u64>::new();
        // Keys spread over a few hundred steps of the scale, out of order, some equal.
        let keys: Vec<u64> = (0..100u64).map(|i| (i * 37 % 101) * scale).collect();
        for (index, &f) in keys.iter().enumerate() {
            open.push(f, 0, index);
            let slotted = index + 1 >= super::SLOTS_AFTER;
            assert_eq!(open.is_slotted(), slotted, "scale {scale}, {index} pushes");
        }
        let mut expected: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
        expected.sort_unstable();
        let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|(_, i)| i).collect();
        assert_eq!(order, expected.iter().map(|&(_, i)| i).collect::<Vec<_>>());
    }
}
