//! The four layout engines. Each only decides where to grow next; placement, selection and the
//! rules are the builder's (`layout.rs`), so all four share one selection policy. Each returns
//! the placements where it would like the end room (the branching trunk's tip), best first.

use std::collections::VecDeque;

use rng::{Lcg31, Rng31};

use crate::error::Error;
use crate::geom::Dir;
use crate::index::prefetch;
use crate::layout::{Builder, Pick, OPEN};
use crate::pack::{EndAt, Engine};

/// Runs `engine` on a builder that holds only the start room.
pub(crate) fn run(builder: &mut Builder<'_>, engine: Engine) -> Result<Vec<usize>, Error> {
    match engine {
        Engine::Minecrafty => {
            minecrafty(builder);
            Ok(Vec::new())
        }
        Engine::Branching => Ok(branching(builder)),
        Engine::RandomWalk => {
            random_walk(builder);
            Ok(Vec::new())
        }
        Engine::GridMaze => crate::grid_maze::grid_maze(builder),
    }
}

/// Fills `builder.order` with the open connectors of placement `p`, shuffled.
fn open_connectors_shuffled(builder: &mut Builder<'_>, p: usize) -> Vec<u16> {
    let mut order = std::mem::take(&mut builder.order);
    order.clear();
    order.extend(
        (0..builder.n_connectors(p) as u16).filter(|&c| builder.state(p, usize::from(c)) == OPEN),
    );
    builder.rng.shuffle(&mut order);
    order
}

/// Minecrafty (document 004, "蔓延式"): a breadth-first queue of rooms; every open connector
/// of the room at the front tries to grow a new room, which joins the back of the queue.
pub(crate) fn minecrafty(builder: &mut Builder<'_>) {
    let mut queue: VecDeque<usize> = (0..builder.len()).collect();
    while let Some(p) = queue.pop_front() {
        if builder.len() >= builder.target as usize {
            break;
        }
        // The queue says which rooms come next, and in a large layout their records are far
        // apart in memory: load the record of the room after next, and what the next room's
        // step reads (through its record, loaded a step ago), while this room grows.
        if let Some(&after_next) = queue.get(1) {
            builder.prefetch_node(after_next);
        }
        if let Some(&next) = queue.front() {
            builder.prefetch_room(next);
        }
        let order = open_connectors_shuffled(builder, p);
        for &c in &order {
            if builder.len() >= builder.target as usize {
                break;
            }
            if let Some(new) = builder.attach(p, usize::from(c), Pick::Normal, false) {
                queue.push_back(new);
            }
        }
        builder.order = order;
    }
}

/// Grows one room off `from`, preferring (with chance `straightness`) the open connectors that
/// keep going in direction `heading`. Returns the new room and the direction it was entered by.
fn extend(
    builder: &mut Builder<'_>,
    from: usize,
    heading: Option<Dir>,
    straightness: f64,
    pick: Pick,
) -> Option<(usize, Dir)> {
    let mut order = open_connectors_shuffled(builder, from);
    if let Some(heading) = heading {
        if builder.rng.chance(straightness) {
            // A stable partition keeps the shuffled order within each group.
            order.sort_by_key(|&c| builder.connector_world(from, usize::from(c)).1 != heading);
        }
    }
    let mut grown = None;
    for &c in &order {
        let c = usize::from(c);
        let dir = builder.connector_world(from, c).1;
        if let Some(new) = builder.attach(from, c, pick, false) {
            grown = Some((new, dir));
            break;
        }
    }
    builder.order = order;
    grown
}

/// Branching: a trunk of `trunkMin..=trunkMax` rooms from the start, going straight with
/// chance `straightness` at every step, then `branchCount` branches of up to `branchDepth` rooms
/// from random trunk rooms. The end room goes on the trunk's tip or the deepest branch's tip.
fn branching(builder: &mut Builder<'_>) -> Vec<usize> {
    let params = builder.pack.layout.branching.clone();
    let cap = builder.target as usize;
    let trunk_len = builder
        .rng
        .range(params.trunk_min as i32, params.trunk_max as i32)
        .unwrap_or(params.trunk_min as i32)
        .max(1) as usize;
    let mut trunk = vec![0usize];
    let mut heading = None;
    while trunk.len() < trunk_len && builder.len() < cap {
        let Some(&tip) = trunk.last() else { break };
        match extend(builder, tip, heading, params.straightness, Pick::Normal) {
            Some((new, dir)) => {
                trunk.push(new);
                heading = Some(dir);
            }
            None => {
                // Stuck: back up one room and try to go on from there, unless that is the start.
                if trunk.len() <= 1 {
                    break;
                }
                let stuck = trunk.len();
                let mut resumed = false;
                for back in (0..stuck - 1).rev() {
                    if let Some((new, dir)) = extend(builder, trunk[back], None, 0.0, Pick::Normal)
                    {
                        trunk.truncate(back + 1);
                        trunk.push(new);
                        heading = Some(dir);
                        resumed = true;
                        break;
                    }
                }
                if !resumed {
                    break;
                }
            }
        }
    }
    let trunk_tip = trunk.last().copied().unwrap_or(0);
    let mut deepest_branch_tip: Option<usize> = None;
    let branch_roots: Vec<usize> = if trunk.len() > 1 {
        trunk[..trunk.len() - 1].to_vec()
    } else {
        trunk.clone()
    };
    for _ in 0..params.branch_count {
        if builder.len() >= cap {
            break;
        }
        let Some(root_idx) = builder.rng.index(branch_roots.len()) else {
            break;
        };
        let mut tip = branch_roots[root_idx];
        let mut heading = None;
        for _ in 0..params.branch_depth {
            if builder.len() >= cap {
                break;
            }
            match extend(builder, tip, heading, params.straightness, Pick::Normal) {
                Some((new, dir)) => {
                    tip = new;
                    heading = Some(dir);
                }
                None => break,
            }
        }
        if tip != branch_roots[root_idx]
            && deepest_branch_tip.is_none_or(|d| builder.nodes[tip].depth > builder.nodes[d].depth)
        {
            deepest_branch_tip = Some(tip);
        }
    }
    match (params.end_at, deepest_branch_tip) {
        (EndAt::Branch, Some(tip)) => vec![tip, trunk_tip],
        _ => vec![trunk_tip],
    }
}

/// A room in one of random-walk's pick lists, with what a step from it reads first: where its
/// connector states start and the index bucket of the cell at its corner (whose boxes the step
/// will query). A room picked at random then costs one load before the step can ask for its
/// record, states, index cell and other entry all at once, instead of waiting for its record
/// first. Sixteen bytes, so an entry never straddles two cache lines and a large layout's lists
/// take half the cache lines of entries holding the corner itself.
#[derive(Clone, Copy)]
struct PickEntry {
    placement: u32,
    /// The place of the room's entry in the other list, or [`ABSENT`].
    twin: u32,
    conn_base: u32,
    /// [`crate::index::GridIndex::cell_bucket`] of the room's corner.
    cell_bucket: u32,
}

/// Two lists of rooms (the rooms that can grow, and the tips, a subset of them), each with O(1)
/// insertion, removal and random pick. A room's entry in one list knows the place of its entry
/// in the other, so taking a picked room out of both reads no side table.
struct PickLists {
    lists: [Vec<PickEntry>; 2],
}

const ABSENT: u32 = u32::MAX;
const GROWABLE: usize = 0;
const TIPS: usize = 1;

impl PickLists {
    /// Adds a room at the end of both lists.
    fn push_both(&mut self, entry: PickEntry) {
        let [growable, tips] = &mut self.lists;
        growable.push(PickEntry {
            twin: tips.len() as u32,
            ..entry
        });
        tips.push(PickEntry {
            twin: (growable.len() - 1) as u32,
            ..entry
        });
    }

    /// Takes the entry at `at` out of `list`: the list's last entry fills its place, and the
    /// twins of both learn where they now stand.
    fn remove(&mut self, list: usize, at: usize) {
        let [growable, tips] = &mut self.lists;
        let (this, other) = if list == GROWABLE {
            (growable, tips)
        } else {
            (tips, growable)
        };
        let removed = this.swap_remove(at);
        if let Some(twin) = other.get_mut(removed.twin as usize) {
            twin.twin = ABSENT;
        }
        if let Some(moved) = this.get(at) {
            if let Some(twin) = other.get_mut(moved.twin as usize) {
                twin.twin = at as u32;
            }
        }
    }
}

/// RandomWalk: repeatedly pick a room to grow from, a tip (a room with one connection) with
/// chance `boundaryBias` or else any room with an untried connector, and try one of its
/// untried connectors at random. Every connector is tried at most once, so it always ends.
fn random_walk(builder: &mut Builder<'_>) {
    let bias = builder.pack.layout.random_walk.boundary_bias;
    let cap = builder.target as usize;
    let mut lists = PickLists {
        lists: [Vec::new(), Vec::new()],
    };
    let entry_of = |builder: &Builder<'_>, p: usize| {
        let node = &builder.nodes[p];
        PickEntry {
            placement: p as u32,
            twin: ABSENT,
            conn_base: node.conn_base,
            cell_bucket: builder.index.cell_bucket(node.origin),
        }
    };
    lists.push_both(entry_of(builder, 0));
    while builder.len() < cap && !lists.lists[GROWABLE].is_empty() {
        let lens = lists.lists.each_ref().map(Vec::len);
        let Some((list, at)) = draw_pick(&mut builder.rng, bias, lens) else {
            break;
        };
        let from_tips = list == TIPS;
        let entry = lists.lists[list][at];
        let from = entry.placement as usize;
        // The room's places in both lists (every tip is also in the growable list).
        let (growable_at, mut tip_at) = if from_tips {
            (entry.twin as usize, Some(at))
        } else {
            (at, (entry.twin != ABSENT).then_some(entry.twin as usize))
        };
        // A room picked at random: start loading everything the step reads about it, so that
        // these loads overlap.
        builder.prefetch_node(from);
        builder.index.prefetch_bucket(entry.cell_bucket);
        if let Some(state) = builder.conn_state.get(entry.conn_base as usize) {
            prefetch(state);
        }
        let twin = &lists.lists[1 - list];
        if let Some(twin) = twin.get(entry.twin as usize) {
            prefetch(twin);
        }
        // The connector count comes through the room's record, which arrives with the states.
        let connectors = builder.n_connectors(from);
        let states = entry.conn_base as usize..entry.conn_base as usize + connectors;
        let mut open = std::mem::take(&mut builder.order);
        open.clear();
        open.extend(
            (0..connectors as u16)
                .zip(&builder.conn_state[states])
                .filter(|&(_, &state)| state == OPEN)
                .map(|(c, _)| c),
        );
        let n_open = open.len();
        let chosen = builder.rng.index(n_open).map(|i| usize::from(open[i]));
        builder.order = open;
        let Some(chosen) = chosen else {
            if let Some(tip_at) = tip_at {
                lists.remove(TIPS, tip_at);
            }
            lists.remove(GROWABLE, growable_at);
            continue;
        };
        // Nearly half the steps fail without another draw (the doorway is blocked; an anchor
        // whose success chance is 1 rolls nothing), and then the next step's pick is already
        // fixed: draw it on a copy of the stream and start loading its entry, so that the load
        // overlaps this step's collision queries. A wrong guess costs one prefetch.
        let leaves = n_open == 1;
        let lens_if_failed = [
            lens[GROWABLE] - usize::from(leaves),
            lens[TIPS] - usize::from(leaves && tip_at.is_some()),
        ];
        if lens_if_failed[GROWABLE] > 0 {
            if let Some((list, at)) = draw_pick(&mut builder.rng.fork(), bias, lens_if_failed) {
                if let Some(next) = lists.lists[list].get(at) {
                    prefetch(next);
                }
            }
        }
        if let Some(new) = builder.attach(from, chosen, Pick::Normal, false) {
            lists.push_both(entry_of(builder, new));
            if builder.nodes[from].degree > 1 {
                if let Some(tip_at) = tip_at.take() {
                    lists.remove(TIPS, tip_at);
                }
            }
        }
        if n_open == 1 {
            if let Some(tip_at) = tip_at {
                lists.remove(TIPS, tip_at);
            }
            lists.remove(GROWABLE, growable_at);
        }
    }
}

/// Draws the list a random-walk step picks from and the place in it: the tips with chance
/// `bias` when there are any, else the growable rooms. `lens` holds both lists' lengths.
fn draw_pick(rng: &mut Lcg31, bias: f64, lens: [usize; 2]) -> Option<(usize, usize)> {
    let list = if lens[TIPS] > 0 && rng.chance(bias) {
        TIPS
    } else {
        GROWABLE
    };
    Some((list, rng.index(lens[list])?))
}
