//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual
//! variables (Galil, "Efficient algorithms for finding maximum matching in graphs", 1986, in
//! the formulation Joris van Rantwijk published with mwmatching.py), kept between calls and
//! repaired locally when edges change, the way bbpPairings avoids re-solving from scratch
//! after every tie-break. One matcher serves both uses: a from-scratch solve
//! ([`max_weight_matching`]) is the cold start of the same state, with every vertex exposed.
//!
//! The Dutch system needs it because a bracket's best pairing is a matching of the players
//! that maximises the criteria packed into integer edge weights ([`Wide`]). All arithmetic is
//! on integers: slacks are kept even where the algorithm halves them, so nothing is rounded.
//!
//! **Modes.** [`Mode::Perfect`] keeps a maximum-weight *perfect* matching: no vertex may stay
//! unmatched, so vertex duals are free in sign and an exposed vertex needs no particular
//! dual, which makes a warm start easy. [`Mode::MaxCardinality`] and [`Mode::MaxWeight`] are
//! van Rantwijk's general algorithm (every exposed vertex at the lowest dual, which stays
//! non-negative), solved from the cold start only.
//!
//! **Warm starts** (perfect mode). The state between calls is an optimal perfect matching
//! with feasible duals (every slack `y_u + y_v - 2w + 2·Σ z_B` non-negative, matched and
//! blossom edges tight). When the edges of a vertex `v` change, `v` is *freed*: it is rotated
//! to the base of its blossoms, unmatched, and every blossom containing it is dissolved by
//! adding the blossom's dual to each of its vertices (which keeps every slack inside it, and
//! only raises slacks leaving it); its former mate is freed the same way. `v`'s dual is then
//! raised just enough for every edge at `v` to be feasible again. Each freed vertex is an
//! exposed root for the ordinary augmentation stages, which restore a perfect matching,
//! optimal since every invariant holds again. Removing a matched pair frees both and drops
//! them: the rest stays optimal with no stage at all. Before anything is freed, a changed
//! vertex in no blossom whose matched edge still has the least reduced cost of its edges
//! under the new weights keeps its mate: its dual moves by that edge's reduced cost, which
//! keeps every invariant, and it is not freed (most nudges change no pair, and a bracket's
//! new weights move most of its pairs alike).
//!
//! When more than half the vertices changed at once (a bracket's exchange weights), they are
//! freed and set aside, then put back two at a time (so that the vertices in play can always
//! be matched perfectly, and no stage searches the whole graph in vain), each pair placed by
//! a stage against an optimum of the others, which keeps the duals near their final values.
//! The cold start gives each dual its vertex's heaviest edge and matches greedily the edges
//! that makes tight before the stages.
//!
//! An odd vertex count is made even by the caller with a dummy vertex joined to everyone by
//! weight zero, which turns "the heaviest matching leaving one vertex out" into a perfect
//! matching. If no perfect matching exists, [`Matcher::solve`] says so.
//!
//! Halving a slack between two outer vertices (delta 3) needs that slack even, which holds when
//! all the roots of a stage have duals of one parity; freed vertices get even duals (raising an
//! exposed trivial vertex's dual keeps every invariant).
//!
//! **Cost.** A slack is computed in one pass over the limbs ([`Wide::slack`]), and at most
//! once per edge and dual values where the algorithm compares against it: each vertex's and
//! blossom's best edge keeps its slack, valid until the next dual change of the stage, and a
//! new blossom's best edges are found with one slack per candidate edge. An outer vertex's
//! scan skips the inner vertices already labelled, for which the scan would change nothing.
//!
//! **Memory.** A weight is 64 bytes, and a round repeats few distinct ones, so each edge holds
//! a 4-byte index into a table of the distinct weights in use (rebuilt when it has grown
//! stale), and a 4-byte stamp: about 8 bytes a pair of vertices, not 130.
//!
//! **Counting pairs.** When only the size of a largest matching matters (can everyone be
//! paired, can the PAB go at a given score), [`max_cardinality`] answers with Edmonds'
//! unweighted algorithm on a bit matrix, without weights or duals.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::wide::Wide;

const NONE: usize = usize::MAX;

/// Past one in this many live vertices changed, they are put back one at a time.
const SEQUENTIAL: usize = 2;

/// What a solve looks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A heaviest perfect matching of the live vertices, kept across changes.
    Perfect,
    /// The heaviest among the matchings with the most pairs (cold start only).
    MaxCardinality,
    /// The heaviest matching (cold start only).
    MaxWeight,
}

/// The mate of each vertex (`None` when unmatched) in a maximum-weight matching of the graph
/// with `vertex_count` vertices and the given edges `(u, v, weight)`; weights must be
/// positive. With `max_cardinality`, the heaviest of the matchings with the most pairs.
pub fn max_weight_matching(
    vertex_count: usize,
    edges: &[(usize, usize, Wide)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if edges.is_empty() {
        return vec![None; vertex_count];
    }
    let mut m = Matcher::new(vertex_count, if max_cardinality { Mode::MaxCardinality } else { Mode::MaxWeight });
    for &(u, v, w) in edges {
        m.set(u, v, w, true);
    }
    m.solve();
    (0..vertex_count).map(|v| m.mate(v)).collect()
}

/// The number of pairs in a maximum-cardinality matching of the graph with `vertex_count`
/// vertices where `adjacent(u, v)` (symmetric) says whether an edge joins them: Edmonds'
/// unweighted blossom algorithm (a breadth-first search for an augmenting path from each
/// vertex left exposed by a greedy matching, odd cycles shrunk to their base), on a bit
/// matrix of the edges. The count is all the Dutch system asks of it (is everyone pairable,
/// can the PAB go at this score), so it needs no weights: an eighth of a byte a pair instead
/// of the weighted matcher's state.
pub fn max_cardinality(vertex_count: usize, adjacent: impl Fn(usize, usize) -> bool) -> usize {
    let n = vertex_count;
    let words = n.div_ceil(64);
    let mut rows = vec![0u64; n * words];
    for u in 0..n {
        for v in u + 1..n {
            if adjacent(u, v) {
                rows[u * words + v / 64] |= 1 << (v % 64);
                rows[v * words + u / 64] |= 1 << (u % 64);
            }
        }
    }
    let neighbours = |v: usize| {
        rows[v * words..(v + 1) * words].iter().enumerate().flat_map(|(i, &word)| {
            let mut left = word;
            std::iter::from_fn(move || {
                (left != 0).then(|| {
                    let bit = left.trailing_zeros() as usize;
                    left &= left - 1;
                    i * 64 + bit
                })
            })
        })
    };
    let mut mate = vec![NONE; n];
    let mut pairs = 0;
    for v in 0..n {
        if mate[v] == NONE
            && let Some(u) = neighbours(v).find(|&u| mate[u] == NONE)
        {
            mate[v] = u;
            mate[u] = v;
            pairs += 1;
        }
    }
    let mut parent = vec![NONE; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut in_blossom = vec![false; n];
    let mut on_path = vec![false; n];
    let mut queue = std::collections::VecDeque::new();
    for root in 0..n {
        if mate[root] != NONE {
            continue;
        }
        parent.iter_mut().for_each(|p| *p = NONE);
        used.iter_mut().for_each(|u| *u = false);
        for (i, b) in base.iter_mut().enumerate() {
            *b = i;
        }
        used[root] = true;
        queue.clear();
        queue.push_back(root);
        let mut end = NONE;
        'search: while let Some(v) = queue.pop_front() {
            for to in neighbours(v) {
                if base[v] == base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && parent[mate[to]] != NONE) {
                    // An odd cycle: shrink it into its base.
                    let cycle_base = {
                        on_path.iter_mut().for_each(|x| *x = false);
                        let mut a = v;
                        loop {
                            a = base[a];
                            on_path[a] = true;
                            if mate[a] == NONE {
                                break;
                            }
                            a = parent[mate[a]];
                        }
                        let mut b = to;
                        loop {
                            b = base[b];
                            if on_path[b] {
                                break b;
                            }
                            b = parent[mate[b]];
                        }
                    };
                    in_blossom.iter_mut().for_each(|x| *x = false);
                    for (mut x, mut child) in [(v, to), (to, v)] {
                        while base[x] != cycle_base {
                            in_blossom[base[x]] = true;
                            in_blossom[base[mate[x]]] = true;
                            parent[x] = child;
                            child = mate[x];
                            x = parent[mate[x]];
                        }
                    }
                    for i in 0..n {
                        if in_blossom[base[i]] {
                            base[i] = cycle_base;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if mate[to] == NONE {
                        end = to;
                        break 'search;
                    }
                    used[mate[to]] = true;
                    queue.push_back(mate[to]);
                }
            }
        }
        // Augment along the path found, alternating from its exposed end back to the root.
        let mut v = end;
        while v != NONE {
            let pv = parent[v];
            let next = mate[pv];
            mate[v] = pv;
            mate[pv] = v;
            v = next;
        }
        if end != NONE {
            pairs += 1;
        }
    }
    pairs
}

/// A maximum-weight matching over a fixed vertex set, kept across edge changes.
pub struct Matcher {
    n: usize,
    mode: Mode,
    /// Index into `values` of the weight of edge `k = i * n + j` (`i < j`), stored at
    /// `j * n + i` too so that a vertex's edges are one row; `ABSENT` where there is none.
    weight_id: Vec<u32>,
    /// The distinct weights, and where each is.
    values: Vec<Wide>,
    index: HashMap<Wide, u32, BuildHasherDefault<FoldHasher>>,
    /// Past this many distinct weights, the table is rebuilt from the edges.
    collect_at: usize,
    removed: Vec<bool>,
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    removing: Vec<usize>,
    /// Start from scratch at the next solve.
    stale: bool,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Wide>,
    /// Stage stamp at which an edge was found tight (the edge is allowed in this stage), in
    /// both of its rows.
    allowed: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    /// The vertices not removed, in order, during [`Matcher::stages`].
    live: Vec<usize>,
    /// The slack of `bestedge[x]` as last computed: for edge `bestslack_edge[x]`, valid while
    /// the duals are those of `epoch` (bumped whenever vertex duals change in a stage).
    bestslack: Vec<Wide>,
    bestslack_edge: Vec<usize>,
    bestslack_epoch: Vec<u64>,
    epoch: u64,
    /// [`Self::add_blossom`]'s scratch: the least-slack edge to each blossom (NONE between
    /// calls), its slack, and the blossoms written.
    scratch_edgeto: Vec<usize>,
    scratch_slackto: Vec<Wide>,
    scratch_touched: Vec<usize>,
}

/// No edge.
const ABSENT: u32 = u32::MAX;

/// The hash of the weight table's index: a multiply-and-rotate over the weight's words.
/// Every edge set looks its weight up, and SipHash (the standard map's, built against
/// keys chosen to collide) was a fiftieth of a round; weights come from the pairing rules,
/// not from anyone who could choose them to collide.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Matcher {
    /// `n` vertices and no edges.
    pub fn new(n: usize, mode: Mode) -> Matcher {
        Matcher {
            n,
            mode,
            weight_id: vec![ABSENT; n * n],
            values: Vec::new(),
            index: HashMap::default(),
            collect_at: 1 << 16,
            removed: vec![false; n],
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            removing: Vec::new(),
            stale: true,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar: vec![Wide::ZERO; 2 * n],
            allowed: vec![0; n * n],
            stamp: 0,
            queue: Vec::new(),
            live: Vec::new(),
            bestslack: vec![Wide::ZERO; 2 * n],
            bestslack_edge: vec![NONE; 2 * n],
            bestslack_epoch: vec![0; 2 * n],
            epoch: 1,
            scratch_edgeto: vec![NONE; 2 * n],
            scratch_slackto: vec![Wide::ZERO; 2 * n],
            scratch_touched: Vec::new(),
        }
    }

    fn key(&self, u: usize, v: usize) -> usize {
        if u < v { u * self.n + v } else { v * self.n + u }
    }

    /// The weight of the edge `u`-`v` (zero if none).
    pub fn weight(&self, u: usize, v: usize) -> Wide {
        let id = self.weight_id[self.key(u, v)];
        if id == ABSENT { Wide::ZERO } else { self.values[id as usize] }
    }

    /// Sets the edge `u`-`v`: `present` with this weight, or not there.
    pub fn set(&mut self, u: usize, v: usize, weight: Wide, present: bool) {
        let k = self.key(u, v);
        let old = self.weight_id[k];
        let same = if present { old != ABSENT && self.values[old as usize] == weight } else { old == ABSENT };
        if same {
            return;
        }
        let id = if present { self.intern(weight) } else { ABSENT };
        let t = u.max(v) * self.n + u.min(v);
        self.weight_id[k] = id;
        self.weight_id[t] = id;
        if !self.dirty[v] {
            self.mark(u);
        }
    }

    /// The index of `weight` in the table, added if new; a table grown stale (nudged weights
    /// no edge has any more) is first rebuilt from the edges.
    fn intern(&mut self, weight: Wide) -> u32 {
        if let Some(&id) = self.index.get(&weight) {
            return id;
        }
        if self.values.len() >= self.collect_at {
            let mut renumber = vec![ABSENT; self.values.len()];
            let mut values = Vec::new();
            self.index.clear();
            for id in &mut self.weight_id {
                if *id != ABSENT {
                    let old = *id as usize;
                    if renumber[old] == ABSENT {
                        renumber[old] = values.len() as u32;
                        values.push(self.values[old]);
                        self.index.insert(self.values[old], renumber[old]);
                    }
                    *id = renumber[old];
                }
            }
            self.values = values;
            self.collect_at = (2 * self.values.len()).max(1 << 16);
        }
        let id = self.values.len() as u32;
        self.values.push(weight);
        self.index.insert(weight, id);
        id
    }

    /// The weight of edge `k`, which is there.
    fn w(&self, k: usize) -> Wide {
        self.values[self.weight_id[k] as usize]
    }

    fn mark(&mut self, v: usize) {
        if !self.dirty[v] {
            self.dirty[v] = true;
            self.dirty_list.push(v);
        }
    }

    /// Drops `v` for good at the next solve (the caller drops its mate too).
    pub fn remove(&mut self, v: usize) {
        if !self.removed[v] && !self.removing.contains(&v) {
            self.removing.push(v);
            self.mark(v);
        }
    }

    /// Takes top-level blossom `b` apart: its children become top-level, its dual is added to
    /// each vertex it holds (every edge inside stays as tight as it was), and its number is
    /// free again.
    fn dissolve_into_leaves(&mut self, b: usize) {
        let d = self.dualvar[b];
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &c in &childs {
            self.blossomparent[c] = NONE;
            for leaf in self.leaves_of(c) {
                self.dualvar[leaf] = self.dualvar[leaf] + d;
                self.inblossom[leaf] = c;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.dualvar[b] = Wide::ZERO;
        self.unusedblossoms.push(b);
    }

    /// Dissolves every blossom that holds one of `vertices`, keeping the matching as far as
    /// the duals allow, so that those vertices can keep their mates at the next solve (only
    /// a vertex in no blossom can: see [`Self::keep_mates`]). A blossom's dual is added to
    /// each of its vertices, which leaves every edge inside it as tight as it was (both ends
    /// gain it) and only raises the slack of edges leaving it: of the matched edges, only the
    /// one from its base to the outside loses its tightness, and only when that dual is not
    /// zero; then the base and its mate are unmatched and marked changed, to be freed and
    /// re-paired by the next solve. Before a bracket-wide change of weights that keeps most
    /// pairs (the exchange weights), this frees a pair per dissolved blossom instead of every
    /// vertex the blossoms hold.
    pub fn open_blossoms(&mut self, vertices: &[usize]) {
        if self.stale || self.mode != Mode::Perfect {
            return;
        }
        for &v in vertices {
            if self.removed[v] {
                continue;
            }
            while self.inblossom[v] != v {
                let b = self.inblossom[v];
                let base = self.blossombase[b];
                let d = self.dualvar[b];
                if !d.is_zero() && self.mate[base] != NONE {
                    let other = self.endpoint(self.mate[base]);
                    self.mate[base] = NONE;
                    self.mate[other] = NONE;
                    self.mark(base);
                    self.mark(other);
                }
                self.dissolve_into_leaves(b);
            }
        }
    }

    /// Raises the dual of `v` (in no blossom: see [`Self::open_blossoms`]) by `amount` and
    /// marks it changed. A higher dual only raises the slacks of the edges at `v`, so every
    /// edge stays feasible; the next solve then keeps `v`'s mate if its matched edge is
    /// tight again under the new weights (and has the least slack of its edges), or frees
    /// it. Raising a player's dual by what new weights add to its edges keeps its pair
    /// without a search: this is how the exchange weights keep the S1-to-S2 pairs.
    pub fn raise_dual(&mut self, v: usize, amount: Wide) {
        if self.stale || self.mode != Mode::Perfect || self.removed[v] || self.inblossom[v] != v {
            return;
        }
        self.dualvar[v] = self.dualvar[v] + amount;
        self.mark(v);
    }

    /// The bits of the largest dual in magnitude (see [`Wide::magnitude_bits`]): the
    /// arithmetic is exact while a slack, two duals less twice a weight, stays within the
    /// width, which the caller checks after each solve.
    pub fn dual_bits(&self) -> u32 {
        let vertices = (0..self.n).filter(|&v| !self.removed[v]).map(|v| self.dualvar[v].magnitude_bits());
        let blossoms =
            (self.n..2 * self.n).filter(|&b| self.blossombase[b] != NONE).map(|b| self.dualvar[b].magnitude_bits());
        vertices.chain(blossoms).max().unwrap_or(0)
    }

    /// The mate of each vertex after a successful [`Matcher::solve`].
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then(|| self.endpoint(self.mate[v]))
    }

    /// Repairs the matching after the changes since the last call: false if the remaining
    /// vertices have no perfect matching (the state is then rebuilt at the next call).
    pub fn solve(&mut self) -> bool {
        let n = self.n;
        let dirty = std::mem::take(&mut self.dirty_list);
        let removing = std::mem::take(&mut self.removing);
        let live = self.removed.iter().filter(|&&r| !r).count();
        let dirty = if self.stale { dirty } else { self.keep_mates(&dirty, &removing) };
        if self.stale {
            for &v in &dirty {
                self.dirty[v] = false;
            }
            for &v in &removing {
                self.removed[v] = true;
            }
            self.reset();
        } else if dirty.len() * SEQUENTIAL > live {
            self.insert_one_by_one(&dirty, &removing);
        } else {
            let mut freed = Vec::new();
            for &v in &dirty {
                self.free_vertex(v, &mut freed);
            }
            let mut i = 0;
            while i < freed.len() {
                let v = freed[i];
                self.free_vertex(v, &mut freed);
                i += 1;
            }
            for &v in &removing {
                self.removed[v] = true;
            }
            // Duals of the vertices whose edges changed: just enough for every edge at them
            // (an edge between two of them is covered by whichever is assigned second).
            for &v in &dirty {
                if self.removed[v] {
                    continue;
                }
                let mut best: Option<Wide> = None;
                for u in 0..n {
                    if self.dirty[u] {
                        continue;
                    }
                    if let Some(p) = self.endpoint_at(v, u) {
                        let k = p / 2;
                        let need = self.w(k) + self.w(k) - self.dualvar[u];
                        if best.is_none_or(|b| need > b) {
                            best = Some(need);
                        }
                    }
                }
                self.dualvar[v] = best.unwrap_or(Wide::ZERO);
                self.dirty[v] = false;
            }
            for &v in &dirty {
                self.dirty[v] = false;
            }
            let exposed = self.exposed_with_even_duals();
            self.match_tight(&exposed);
        }
        let ok = self.stages();
        if !ok {
            self.stale = true;
        }
        ok
    }

    /// The changed vertices that keep their mates, found before anything is freed: a vertex
    /// `v` in no blossom whose matched edge has, under the new weights, the least reduced cost
    /// of its edges keeps its mate when its dual moves by that reduced cost, which makes the
    /// matched edge tight again and leaves every other edge at `v` feasible. Every invariant
    /// then holds at `v` with nothing freed, so fewer stages search the graph: a nudge (one
    /// player's edges changed by less than any criterion) mostly leaves the optimum as it
    /// was, and a bracket's new weights mostly move every pair of it alike. The vertices are
    /// tried in the order they changed, then again while that keeps some (a vertex may need
    /// a neighbour's dual moved first); each move is checked against the duals of the moment
    /// over every edge at the vertex, so the edges between two moved vertices are checked by
    /// the later move. Pending removals only raise the duals of the vertices they take out of
    /// blossoms (never `v`'s), so only raise the reduced costs at `v`: checking before them
    /// is enough. Returns the changed vertices that must be freed.
    fn keep_mates(&mut self, dirty: &[usize], removing: &[usize]) -> Vec<usize> {
        if self.mode != Mode::Perfect {
            return dirty.to_vec();
        }
        let mut left: Vec<usize> = dirty.to_vec();
        loop {
            let before = left.len();
            let mut still = Vec::new();
            for &v in &left {
                if removing.contains(&v) || !self.keep_mate(v, removing) {
                    still.push(v);
                    continue;
                }
                self.dirty[v] = false;
            }
            left = still;
            if left.len() == before || left.is_empty() {
                return left;
            }
        }
    }

    /// [`Self::keep_mates`] for one vertex: true when `v` keeps its mate, its dual moved.
    fn keep_mate(&mut self, v: usize, removing: &[usize]) -> bool {
        let n = self.n;
        if self.inblossom[v] != v || self.mate[v] == NONE {
            return false;
        }
        let m = self.endpoint(self.mate[v]);
        // The matched edge itself may be gone, or its other end.
        if removing.contains(&m) || self.weight_id[self.mate[v] / 2] == ABSENT {
            return false;
        }
        let matched = self.slack(self.mate[v] / 2);
        let row = v * n;
        for u in 0..n {
            let id = self.weight_id[row + u];
            if u == v || u == m || id == ABSENT || self.removed[u] || removing.contains(&u) {
                continue;
            }
            if Wide::slack(self.dualvar[v], self.dualvar[u], self.values[id as usize]) < matched {
                return false;
            }
        }
        self.dualvar[v] = self.dualvar[v] - matched;
        true
    }

    /// Many changed vertices: all are freed and set aside, then put back one at a time, each
    /// with the dual its edges need against an optimum of the others and a stage or two to
    /// place it; dual values found this way stay close to the optimum, where freeing them
    /// all at once leaves the stages far to go.
    fn insert_one_by_one(&mut self, dirty: &[usize], removing: &[usize]) {
        let n = self.n;
        let mut freed = Vec::new();
        for &v in dirty {
            self.free_vertex(v, &mut freed);
        }
        let mut i = 0;
        while i < freed.len() {
            let v = freed[i];
            self.free_vertex(v, &mut freed);
            i += 1;
        }
        for &v in removing {
            self.removed[v] = true;
        }
        let inserting: Vec<usize> = dirty.iter().copied().filter(|&v| !self.removed[v]).collect();
        for &v in dirty {
            self.dirty[v] = false;
        }
        for &v in &inserting {
            self.removed[v] = true;
        }
        self.exposed_with_even_duals();
        // Two at a time (one first if the others are odd in number): an odd count of
        // vertices in play has no perfect matching, and a stage would search in vain.
        let live = (0..n).filter(|&v| !self.removed[v]).count();
        let mut at = 0;
        let mut chunk = live % 2;
        loop {
            let end = (at + chunk).min(inserting.len());
            self.put_back(&inserting[at..end]);
            let candidates: Vec<usize> = (0..n).filter(|&u| !self.removed[u] && self.mate[u] == NONE).collect();
            self.match_tight(&candidates);
            self.stages();
            at = end;
            if at >= inserting.len() {
                break;
            }
            chunk = 2;
        }
    }

    /// Puts back the vertices `chunk`, each with the dual its edges need against the others
    /// in play, of the parity the exposed vertices share (see the module's notes).
    fn put_back(&mut self, chunk: &[usize]) {
        let n = self.n;
        let parity = (0..n).find(|&u| !self.removed[u] && self.mate[u] == NONE && !chunk.contains(&u));
        let odd = parity.is_some_and(|u| self.dualvar[u].is_odd());
        for &v in chunk {
            self.removed[v] = false;
            let mut best: Option<Wide> = None;
            for u in 0..n {
                if let Some(p) = self.endpoint_at(v, u) {
                    let k = p / 2;
                    let need = self.w(k) + self.w(k) - self.dualvar[u];
                    if best.is_none_or(|b| need > b) {
                        best = Some(need);
                    }
                }
            }
            let mut y = best.unwrap_or(Wide::ZERO);
            if y.is_odd() != odd {
                y = y + Wide::from_u128(1);
            }
            self.dualvar[v] = y;
        }
    }

    /// No blossoms; each vertex's dual at its heaviest edge (rounded up to even), which is
    /// feasible, and a greedy matching of the edges that makes tight.
    fn reset(&mut self) {
        let n = self.n;
        self.stale = false;
        self.mate.iter_mut().for_each(|m| *m = NONE);
        self.label.iter_mut().for_each(|l| *l = 0);
        self.labelend.iter_mut().for_each(|l| *l = NONE);
        // The general algorithm starts every vertex at the heaviest weight of all.
        let heaviest = self.values.iter().copied().max().unwrap_or(Wide::ZERO).max(Wide::ZERO);
        for v in 0..n {
            self.inblossom[v] = v;
            self.blossombase[v] = v;
            if self.mode != Mode::Perfect {
                self.dualvar[v] = heaviest;
                continue;
            }
            let mut best = Wide::ZERO;
            for u in 0..n {
                if let Some(p) = self.endpoint_at(v, u) {
                    best = best.max(self.w(p / 2));
                }
            }
            if best.is_odd() {
                best = best + Wide::from_u128(1);
            }
            self.dualvar[v] = best;
        }
        for b in n..2 * n {
            self.blossombase[b] = NONE;
            self.dualvar[b] = Wide::ZERO;
            self.blossomchilds[b].clear();
            self.blossomendps[b].clear();
        }
        self.blossomparent.iter_mut().for_each(|p| *p = NONE);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        self.blossombestedges.iter_mut().for_each(|e| *e = None);
        self.unusedblossoms = (n..2 * n).collect();
        if self.mode == Mode::Perfect {
            let live: Vec<usize> = (0..n).filter(|&v| !self.removed[v]).collect();
            self.match_tight(&live);
        }
    }

    /// The vertices in play that no edge of the matching covers, each dual made even (raised
    /// by one if odd), as the stages and [`Self::match_tight`] need them.
    fn exposed_with_even_duals(&mut self) -> Vec<usize> {
        let exposed: Vec<usize> = (0..self.n).filter(|&v| !self.removed[v] && self.mate[v] == NONE).collect();
        for &v in &exposed {
            if self.dualvar[v].is_odd() {
                self.dualvar[v] = self.dualvar[v] + Wide::from_u128(1);
            }
        }
        exposed
    }

    /// Matches greedily, among `exposed` (exposed vertices in no blossom), pairs joined by a
    /// tight edge: every invariant still holds, and the stages have less to do.
    fn match_tight(&mut self, exposed: &[usize]) {
        for (x, &v) in exposed.iter().enumerate() {
            if self.mate[v] != NONE {
                continue;
            }
            for &u in &exposed[x + 1..] {
                if self.mate[u] != NONE {
                    continue;
                }
                if let Some(p) = self.endpoint_at(v, u)
                    && self.slack(p / 2).is_zero()
                {
                    self.mate[v] = p;
                    self.mate[u] = p ^ 1;
                    break;
                }
            }
        }
    }

    /// Makes `v` an exposed vertex in no blossom, keeping every invariant but its
    /// matched edge; its former mate (exposed now too) goes to `freed`.
    fn free_vertex(&mut self, v: usize, freed: &mut Vec<usize>) {
        let n = self.n;
        let top = self.inblossom[v];
        let base = if top < n { v } else { self.blossombase[top] };
        if self.mate[base] != NONE {
            let other = self.endpoint(self.mate[base]);
            self.mate[other] = NONE;
            self.mate[base] = NONE;
            freed.push(other);
        }
        let mut b = top;
        while b >= n {
            if self.blossombase[b] != v {
                self.augment_blossom(b, v);
            }
            self.dissolve_into_leaves(b);
            b = self.inblossom[v];
        }
        self.mate[v] = NONE;
    }

    fn endpoint(&self, p: usize) -> usize {
        let k = p / 2;
        if p & 1 == 0 { k / self.n } else { k % self.n }
    }

    fn edge(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }

    fn slack(&self, k: usize) -> Wide {
        let (i, j) = self.edge(k);
        Wide::slack(self.dualvar[i], self.dualvar[j], self.w(k))
    }

    /// The slack of `bestedge[x]` (which is there), computed once per edge and duals.
    fn best_slack(&mut self, x: usize) -> Wide {
        let k = self.bestedge[x];
        if self.bestslack_edge[x] != k || self.bestslack_epoch[x] != self.epoch {
            self.bestslack[x] = self.slack(k);
            self.bestslack_edge[x] = k;
            self.bestslack_epoch[x] = self.epoch;
        }
        self.bestslack[x]
    }

    /// After a dual step of `delta`, the best slacks still known move with it instead of
    /// being computed again (each vertex's and blossom's was, after every step: a slack
    /// per vertex per step): an edge from an outer vertex to one with no label loses
    /// `delta`, an edge between two outer blossoms `2 * delta`, exactly, since only the
    /// outer ends' duals went down, and edges between blossoms carry no blossom dual. A
    /// slack whose edge no longer joins such ends is left to be computed when asked for.
    fn carry_best_slacks(&mut self, delta: Wide) {
        let (now, before) = (self.epoch, self.epoch - 1);
        let outer = |s: &Self, x: usize| s.label[s.inblossom[x]] == 1;
        for at in 0..self.live.len() {
            let v = self.live[at];
            let k = self.bestedge[v];
            if k == NONE || self.bestslack_edge[v] != k || self.bestslack_epoch[v] != before {
                continue;
            }
            let (i, j) = self.edge(k);
            let other = if i == v { j } else { i };
            if self.label[self.inblossom[v]] == 0 && outer(self, other) {
                self.bestslack[v] = self.bestslack[v] - delta;
                self.bestslack_epoch[v] = now;
            }
        }
        for b in 0..2 * self.n {
            let k = self.bestedge[b];
            if k == NONE
                || self.blossomparent[b] != NONE
                || self.label[b] != 1
                || self.bestslack_edge[b] != k
                || self.bestslack_epoch[b] != before
            {
                continue;
            }
            let (i, j) = self.edge(k);
            let (bi, bj) = (self.inblossom[i], self.inblossom[j]);
            if bi != bj && (bi == b || bj == b) && outer(self, i) && outer(self, j) {
                self.bestslack[b] = self.bestslack[b] - delta - delta;
                self.bestslack_epoch[b] = now;
            }
        }
    }

    /// Makes `k`, of slack `slack` under the current duals, the best edge of `x`.
    fn set_best(&mut self, x: usize, k: usize, slack: Wide) {
        self.bestedge[x] = k;
        self.bestslack[x] = slack;
        self.bestslack_edge[x] = k;
        self.bestslack_epoch[x] = self.epoch;
    }

    fn allow(&mut self, k: usize) {
        let (i, j) = self.edge(k);
        self.allowed[k] = self.stamp;
        self.allowed[j * self.n + i] = self.stamp;
    }

    /// The endpoint at `u` of the edge `v`-`u`, if it is there.
    fn endpoint_at(&self, v: usize, u: usize) -> Option<usize> {
        if u == v || self.removed[u] {
            return None;
        }
        let k = self.key(u, v);
        (self.weight_id[k] != ABSENT).then_some(2 * k + (u > v) as usize)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let mut queue = std::mem::take(&mut self.queue);
            self.leaves(b, &mut queue);
            self.queue = queue;
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint(mb), 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edge(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Wide::ZERO;
        let mut all_leaves = Vec::new();
        for &c in &path {
            self.leaves(c, &mut all_leaves);
        }
        for leaf in all_leaves {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // The least-slack edge to each other outer blossom (each slack computed once).
        // Scratch arrays kept in the matcher (two allocations of 2n entries, one of 64-byte
        // slacks, zeroed at every new blossom were a tenth of a round's time): every entry
        // of `bestedgeto` is NONE between calls, and `touched` says which to read and reset.
        let mut bestedgeto = std::mem::take(&mut self.scratch_edgeto);
        let mut bestslackto = std::mem::take(&mut self.scratch_slackto);
        let mut touched = std::mem::take(&mut self.scratch_touched);
        for &sub in &path {
            let mut consider = |s: &Self, k: usize| {
                let (mut i, mut j) = s.edge(k);
                if s.inblossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = s.inblossom[j];
                if bj != b && s.label[bj] == 1 {
                    let slack = s.slack(k);
                    if bestedgeto[bj] == NONE {
                        touched.push(bj);
                    }
                    if bestedgeto[bj] == NONE || slack < bestslackto[bj] {
                        bestedgeto[bj] = k;
                        bestslackto[bj] = slack;
                    }
                }
            };
            match self.blossombestedges[sub].take() {
                Some(list) => {
                    for k in list {
                        consider(self, k);
                    }
                }
                None => {
                    // The leaf's row over the vertices in play, in order, as the stages scan
                    // it (the same edges as over every vertex, the removed ones skipped).
                    for leaf in self.leaves_of(sub) {
                        let row = leaf * self.n;
                        for at in 0..self.live.len() {
                            let u = self.live[at];
                            if u != leaf && self.weight_id[row + u] != ABSENT {
                                consider(self, self.key(u, leaf));
                            }
                        }
                    }
                }
            }
            self.bestedge[sub] = NONE;
        }
        self.bestedge[b] = NONE;
        let mut least = Wide::ZERO;
        let mut best = Vec::new();
        // In blossom order, as a scan of the whole array would visit them.
        touched.sort_unstable();
        for &bj in &touched {
            let k = bestedgeto[bj];
            bestedgeto[bj] = NONE;
            best.push(k);
            if self.bestedge[b] == NONE || bestslackto[bj] < least {
                self.bestedge[b] = k;
                least = bestslackto[bj];
            }
        }
        touched.clear();
        self.scratch_edgeto = bestedgeto;
        self.scratch_slackto = bestslackto;
        self.scratch_touched = touched;
        self.blossombestedges[b] = Some(best);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let len = childs.len() as isize;
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| -> usize { ((j % len + len) % len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let e = self.endpoint(p ^ 1);
                self.label[e] = 0;
                let q = endps[at(j - endptrick as isize)];
                let f = self.endpoint(q ^ endptrick ^ 1);
                self.label[f] = 0;
                self.assign_label(e, 2, p);
                self.allow(q / 2);
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint(p ^ 1);
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    let e = self.endpoint(mb);
                    self.label[e] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |j: isize| -> usize { ((j % len + len) % len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let (x, y) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[x] = p ^ 1;
            self.mate[y] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edge(k);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.endpoint(self.labelend[bt]);
                let j = self.endpoint(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Augmentation stages until every live vertex is matched; false if impossible.
    fn stages(&mut self) -> bool {
        let n = self.n;
        // The vertices in play, in order: rows are scanned over these alone (fixed pairs pile
        // up as a round goes on), in the same order as over every vertex.
        self.live.clear();
        for v in 0..n {
            if !self.removed[v] {
                self.live.push(v);
            }
        }
        loop {
            if !(0..n).any(|v| !self.removed[v] && self.mate[v] == NONE) {
                return true;
            }
            self.epoch += 1;
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.allowed.iter_mut().for_each(|a| *a = u32::MAX);
                self.stamp = 1;
            }
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.queue.clear();
            for v in 0..n {
                if !self.removed[v] && self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    let row = v * n;
                    for at in 0..self.live.len() {
                        let u = self.live[at];
                        let id = self.weight_id[row + u];
                        if u == v || id == ABSENT {
                            continue;
                        }
                        let w = u;
                        let top = self.inblossom[w];
                        // Inside v's blossom, or an inner vertex already labelled: whether
                        // the edge is tight or not, the scan would change nothing (its slack
                        // cannot grow before the other end, if it ever turns outer, scans
                        // it), so its slack is not computed.
                        if self.inblossom[v] == top || (self.label[top] == 2 && self.label[w] == 2) {
                            continue;
                        }
                        let k = self.key(u, v);
                        let p = 2 * k + (u > v) as usize;
                        let mut kslack = Wide::ZERO;
                        let mut allowed = self.allowed[row + u] == self.stamp;
                        if !allowed {
                            kslack = Wide::slack(self.dualvar[v], self.dualvar[u], self.values[id as usize]);
                            if kslack.is_negative() || kslack.is_zero() {
                                self.allow(k);
                                allowed = true;
                            }
                        }
                        if allowed {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                                self.set_best(b, k, kslack);
                            }
                        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.best_slack(w)) {
                            self.set_best(w, k, kslack);
                        }
                    }
                }
                if augmented {
                    break;
                }
                let mut deltatype = 0u8;
                let mut delta = Wide::ZERO;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if self.mode == Mode::MaxWeight {
                    // Delta 1: the exposed vertices' duals reach zero, where pairing more
                    // would cost weight.
                    deltatype = 1;
                    delta = (0..n).filter(|&v| !self.removed[v]).map(|v| self.dualvar[v]).min().unwrap_or(Wide::ZERO);
                }
                for at in 0..self.live.len() {
                    let v = self.live[at];
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.best_slack(v);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                        let d = self.best_slack(b).half();
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                // No augmenting path is left (perfect: there is no perfect matching), or
                // (delta 1) none would add weight: the matching is final.
                if deltatype == 0 {
                    return self.mode != Mode::Perfect;
                }
                if deltatype == 1 {
                    return true;
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                self.epoch += 1;
                self.carry_best_slacks(delta);
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    2 => {
                        self.allow(deltaedge);
                        let (mut i, j) = self.edge(deltaedge);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allow(deltaedge);
                        let (i, _) = self.edge(deltaedge);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(x: u128) -> Wide {
        Wide::from_u128(x)
    }

    /// Every matching of a small graph, by brute force: the heaviest (after the largest, with
    /// `max_cardinality`) is what the blossom algorithm must find.
    fn brute_best(n: usize, edges: &[(usize, usize, Wide)], max_cardinality: bool) -> (usize, Wide) {
        fn go(
            v: usize,
            n: usize,
            edges: &[(usize, usize, Wide)],
            used: &mut Vec<bool>,
            card: usize,
            weight: Wide,
            best: &mut Vec<(usize, Wide)>,
        ) {
            if v == n {
                best.push((card, weight));
                return;
            }
            if used[v] {
                return go(v + 1, n, edges, used, card, weight, best);
            }
            go(v + 1, n, edges, used, card, weight, best);
            for &(a, b, x) in edges {
                let other = if a == v {
                    b
                } else if b == v {
                    a
                } else {
                    continue;
                };
                if !used[other] && other > v {
                    used[v] = true;
                    used[other] = true;
                    go(v + 1, n, edges, used, card + 1, weight + x, best);
                    used[v] = false;
                    used[other] = false;
                }
            }
        }
        let mut all = Vec::new();
        go(0, n, edges, &mut vec![false; n], 0, Wide::ZERO, &mut all);
        if max_cardinality {
            all.into_iter().max().expect("the empty matching")
        } else {
            all.into_iter().max_by_key(|&(_, x)| x).expect("the empty matching")
        }
    }

    #[test]
    fn finds_the_optimum_of_random_small_graphs() {
        let mut next = super::super::xorshift(0x2545F4914F6CDD1Du64);
        for round in 0..3000 {
            let n = 2 + (next() % 9) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if !next().is_multiple_of(3) {
                        edges.push((a, b, w(1 + (next() % if round % 2 == 0 { 5 } else { 1000 }) as u128)));
                    }
                }
            }
            for max_cardinality in [false, true] {
                let mates = max_weight_matching(n, &edges, max_cardinality);
                let mut card = 0;
                let mut weight = Wide::ZERO;
                for &(a, b, x) in &edges {
                    if mates[a] == Some(b) {
                        assert_eq!(mates[b], Some(a));
                        card += 1;
                        weight = weight + x;
                    }
                }
                let (best_card, best_weight) = brute_best(n, &edges, max_cardinality);
                if max_cardinality {
                    assert_eq!((card, weight), (best_card, best_weight), "{edges:?}");
                } else {
                    assert_eq!(weight, best_weight, "{edges:?}");
                }
            }
        }
    }

    /// The unweighted matcher's pair count is the brute force's largest matching, on random
    /// graphs sparse and dense (odd cycles, so blossoms, are common in both).
    #[test]
    #[allow(clippy::needless_range_loop)]
    fn counts_the_largest_matching_of_random_small_graphs() {
        let mut next = super::super::xorshift(0x9E3779B97F4A7C15u64);
        for round in 0..4000 {
            let n = 1 + (next() % 12) as usize;
            let density = 2 + round % 5;
            let mut edges = Vec::new();
            let mut adjacent = vec![vec![false; n]; n];
            for a in 0..n {
                for b in a + 1..n {
                    if next().is_multiple_of(density as u64) {
                        edges.push((a, b, w(1)));
                        adjacent[a][b] = true;
                        adjacent[b][a] = true;
                    }
                }
            }
            let (best, _) = brute_best(n, &edges, true);
            assert_eq!(max_cardinality(n, |a, b| adjacent[a][b]), best, "{edges:?}");
        }
    }

    /// The weight of a matching given by mates, and its pair count.
    fn total(n: usize, mate: impl Fn(usize) -> Option<usize>, weight: impl Fn(usize, usize) -> Wide) -> (usize, Wide) {
        let mut pairs = 0;
        let mut sum = Wide::ZERO;
        for v in 0..n {
            if let Some(u) = mate(v) {
                assert_eq!(mate(u), Some(v));
                if v < u {
                    pairs += 1;
                    sum = sum + weight(v, u);
                }
            }
        }
        (pairs, sum)
    }

    /// The heaviest perfect matching of the vertices in `live` (a bit set), by dynamic
    /// programming over subsets: the lowest vertex left is paired with each other in turn.
    fn best_perfect(live: u32, w: &[Vec<Option<Wide>>]) -> Option<Wide> {
        let mut best: Vec<Option<Option<Wide>>> = vec![None; 1 << w.len()];
        fn go(set: u32, w: &[Vec<Option<Wide>>], memo: &mut Vec<Option<Option<Wide>>>) -> Option<Wide> {
            if set == 0 {
                return Some(Wide::ZERO);
            }
            if let Some(known) = memo[set as usize] {
                return known;
            }
            let v = set.trailing_zeros() as usize;
            let mut top: Option<Wide> = None;
            for u in v + 1..w.len() {
                if set & (1 << u) != 0
                    && let Some(x) = w[v][u]
                    && let Some(rest) = go(set & !(1 << v) & !(1 << u), w, memo)
                {
                    top = Some(top.map_or(rest + x, |t| t.max(rest + x)));
                }
            }
            memo[set as usize] = Some(top);
            top
        }
        go(live, w, &mut best)
    }

    /// Random graphs changed a vertex at a time, pairs removed, and re-solved: after each
    /// change the kept matching is perfect exactly when a perfect matching exists, and then
    /// weighs what the heaviest one does, found by a search over subsets.
    #[test]
    #[allow(clippy::needless_range_loop)]
    fn agrees_with_the_from_scratch_matcher_on_random_changes() {
        let mut next = super::super::xorshift(0x9E3779B97F4A7C15u64);
        for graph in 0..1500 {
            let n = 2 * (1 + (next() % 6) as usize);
            let range = if graph % 2 == 0 { 6 } else { 1000 };
            let mut m = Matcher::new(n, Mode::Perfect);
            let mut w = vec![vec![None; n]; n];
            for a in 0..n {
                for b in a + 1..n {
                    if !next().is_multiple_of(4) {
                        let x = Wide::from_u128(1 + (next() % range) as u128);
                        w[a][b] = Some(x);
                        w[b][a] = Some(x);
                        m.set(a, b, x, true);
                    }
                }
            }
            let mut removed = vec![false; n];
            for _step in 0..12 {
                let live: Vec<usize> = (0..n).filter(|&v| !removed[v]).collect();
                if live.is_empty() {
                    break;
                }
                let ok = m.solve();
                let live_set = live.iter().fold(0u32, |s, &v| s | 1 << v);
                let weight = |a: usize, b: usize| w[a][b].expect("an edge");
                match best_perfect(live_set, &w) {
                    Some(best) => {
                        assert!(ok, "graph {graph}: a perfect matching exists");
                        let (pairs, sum) = total(n, |v| if removed[v] { None } else { m.mate(v) }, weight);
                        assert_eq!((2 * pairs, sum), (live.len(), best), "graph {graph}");
                    }
                    None => assert!(!ok, "graph {graph}: no perfect matching exists"),
                }
                // Change: either re-weigh a few vertices' edges, or drop a matched pair.
                if ok && next().is_multiple_of(3) {
                    let a = live[(next() as usize) % live.len()];
                    let b = m.mate(a).expect("matched");
                    m.remove(a);
                    m.remove(b);
                    removed[a] = true;
                    removed[b] = true;
                } else {
                    // Sometimes the blossoms of some vertices are opened and some duals raised
                    // first, as before the exchange weights: the optimum must not depend on it.
                    if next().is_multiple_of(3) {
                        let opened: Vec<usize> = live.iter().copied().filter(|_| next().is_multiple_of(2)).collect();
                        m.open_blossoms(&opened);
                        for &v in &opened {
                            if next().is_multiple_of(2) {
                                m.raise_dual(v, Wide::from_u128(2 * (next() % (2 * range)) as u128));
                            }
                        }
                    }
                    let changed = if next().is_multiple_of(4) { live.len() } else { 1 + next() as usize % 3 };
                    for _ in 0..changed {
                        let a = live[(next() as usize) % live.len()];
                        for &b in &live {
                            if b != a && next().is_multiple_of(2) {
                                let x =
                                    (!next().is_multiple_of(5)).then(|| Wide::from_u128(1 + (next() % range) as u128));
                                w[a][b] = x;
                                w[b][a] = x;
                                m.set(a, b, x.unwrap_or(Wide::ZERO), x.is_some());
                            }
                        }
                    }
                }
            }
        }
    }
}
