//! The grid index answers collision queries exactly like a scan of every box, through inserts
//! and removals, for boxes of any size and position (negative coordinates included).

use connectors::{Aabb, GridIndex};
use glam::IVec3;
use proptest::prelude::*;

fn arb_box() -> impl Strategy<Value = Aabb> {
    (
        (-80..80i32, -20..20i32, -80..80i32),
        (1..40i32, 1..12i32, 1..40i32),
    )
        .prop_map(|((x, y, z), (sx, sy, sz))| {
            Aabb::from_origin_size(IVec3::new(x, y, z), IVec3::new(sx, sy, sz))
        })
}

/// Small boxes crowded into a few cells, so that cells hold dozens of boxes (several buckets
/// each) and removals reach into every bucket of a chain.
fn arb_crowded_box() -> impl Strategy<Value = Aabb> {
    (
        (-20..20i32, -4..4i32, -20..20i32),
        (1..6i32, 1..4i32, 1..6i32),
    )
        .prop_map(|((x, y, z), (sx, sy, sz))| {
            Aabb::from_origin_size(IVec3::new(x, y, z), IVec3::new(sx, sy, sz))
        })
}

proptest! {
    #[test]
    fn index_matches_a_scan(boxes in prop::collection::vec(arb_box(), 1..200), queries in prop::collection::vec(arb_box(), 1..50), removed in prop::collection::vec(any::<prop::sample::Index>(), 0..40)) {
        check_against_a_scan(&boxes, &queries, &removed)?;
    }

    #[test]
    fn crowded_index_matches_a_scan(boxes in prop::collection::vec(arb_crowded_box(), 1..300), queries in prop::collection::vec(arb_crowded_box(), 1..50), removed in prop::collection::vec(any::<prop::sample::Index>(), 0..200)) {
        check_against_a_scan(&boxes, &queries, &removed)?;
    }
}

/// Files `boxes`, removes the `removed` ones, then compares every query with a scan; the
/// removed boxes are filed again afterwards and the queries compared once more.
fn check_against_a_scan(
    boxes: &[Aabb],
    queries: &[Aabb],
    removed: &[prop::sample::Index],
) -> Result<(), TestCaseError> {
    let mut index = GridIndex::new();
    for (i, b) in boxes.iter().enumerate() {
        index.insert(i as u32, b);
    }
    let mut live = vec![true; boxes.len()];
    for r in removed {
        let i = r.index(boxes.len());
        if live[i] {
            index.remove(i as u32, &boxes[i]);
            live[i] = false;
        }
    }
    for q in queries {
        let scan = boxes.iter().zip(&live).any(|(b, &l)| l && b.intersects(q));
        prop_assert_eq!(index.hits(q), scan);
        // Removed items are gone from the cells, not only from the answers.
        let mut stale = false;
        index.for_each_near(q, |item| stale |= !live[item as usize]);
        prop_assert!(!stale);
    }
    for (i, b) in boxes.iter().enumerate() {
        if !live[i] {
            index.insert(i as u32, b);
        }
    }
    for q in queries {
        let scan = boxes.iter().any(|b| b.intersects(q));
        prop_assert_eq!(index.hits(q), scan);
        // Every box the query meets is among the items near it.
        let mut seen = vec![false; boxes.len()];
        index.for_each_near(q, |item| seen[item as usize] = true);
        for (i, b) in boxes.iter().enumerate() {
            if b.intersects(q) {
                prop_assert!(seen[i], "box {} intersects {:?} but was not visited", i, q);
            }
        }
    }
    Ok(())
}

#[test]
fn touching_faces_do_not_intersect() {
    let a = Aabb::from_origin_size(IVec3::ZERO, IVec3::new(5, 5, 5));
    let east = Aabb::from_origin_size(IVec3::new(5, 0, 0), IVec3::new(5, 5, 5));
    let overlapping = Aabb::from_origin_size(IVec3::new(4, 4, 4), IVec3::new(5, 5, 5));
    assert!(!a.intersects(&east));
    assert!(a.intersects(&overlapping));
}
