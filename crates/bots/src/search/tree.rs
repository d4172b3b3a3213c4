//! The search tree of single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
//!
//! A node is a sequence of searched decisions from the root, whatever the determinization and
//! the chance that came between them ("open loop"): the same node is reached in different
//! determinizations, where different actions may be legal and a different seat may be to act.
//! So every child counts its *availability* (how often it was legal when its parent was
//! visited) beside its visits, UCB explores by availability (ISMCTS's subset-armed bandit), and
//! each child keeps every seat's total value, so the seat that acts at the parent in this
//! determinization maximises its own (max^n; in a cooperative game every seat's value is the
//! team's).

/// Seats a tree can value (Firefly has at most 5 captains, the Mandalorian at most 4 players).
pub const MAX_SEATS: usize = 6;

/// An index into [`Tree::nodes`].
pub type NodeId = u32;

/// One action from a node.
#[derive(Clone, Debug)]
pub struct Child<A> {
    pub action: A,
    /// The node reached, once expanded.
    pub node: NodeId,
    pub visits: u32,
    /// Parent visits at which this action was legal.
    pub avail: u32,
    /// Each seat's summed value over the visits.
    pub sums: [f64; MAX_SEATS],
    /// The rollout policy's own choice here when the child was made (the prior).
    pub preferred: bool,
}

impl<A> Child<A> {
    pub fn mean(&self, seat: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sums[seat] / self.visits as f64
        }
    }
}

#[derive(Clone, Debug)]
pub struct Node<A> {
    pub children: Vec<Child<A>>,
}

/// The tree: nodes in an arena, the root is node 0.
pub struct Tree<A> {
    pub nodes: Vec<Node<A>>,
}

/// Exploration constant of UCB1 for values in [0, 1].
pub const DEFAULT_EXPLORATION: f64 = 0.7;

impl<A: Copy + Eq> Tree<A> {
    pub fn new() -> Self {
        Tree {
            nodes: vec![Node {
                children: Vec::new(),
            }],
        }
    }

    /// Add a child for `action` under `node` and a new node for it; returns the child's index.
    pub fn expand(&mut self, node: NodeId, action: A, preferred: bool) -> usize {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            children: Vec::new(),
        });
        let children = &mut self.nodes[node as usize].children;
        children.push(Child {
            action,
            node: id,
            visits: 0,
            // Counted in the same visit as its siblings' availability.
            avail: 1,
            sums: [0.0; MAX_SEATS],
            preferred,
        });
        children.len() - 1
    }

    /// Count one visit of `node` in which `legal` are the legal actions: each child among them
    /// becomes one more time available. Returns the legal actions that have no child yet.
    pub fn mark_available(&mut self, node: NodeId, legal: &[A], untried: &mut Vec<A>) {
        untried.clear();
        let children = &mut self.nodes[node as usize].children;
        for &a in legal {
            match children.iter_mut().find(|c| c.action == a) {
                Some(c) => c.avail += 1,
                None => untried.push(a),
            }
        }
    }

    /// UCB1 over the children of `node` that are legal now, by availability, valued for
    /// `seat`, with a progressive bias toward the policy's preferred action (`bias / (n+1)`), so
    /// that a search with few iterations leaves the policy's choice only on evidence.
    pub fn select(&self, node: NodeId, legal: &[A], seat: usize, c: f64, bias: f64) -> usize {
        let children = &self.nodes[node as usize].children;
        let mut best = usize::MAX;
        let mut best_v = f64::NEG_INFINITY;
        for (i, ch) in children.iter().enumerate() {
            if !legal.contains(&ch.action) {
                continue;
            }
            let n = ch.visits.max(1) as f64;
            let mut v = ch.mean(seat) + c * ((ch.avail.max(1) as f64).ln() / n).sqrt();
            if ch.preferred {
                v += bias / n;
            }
            if v > best_v {
                best_v = v;
                best = i;
            }
        }
        debug_assert!(best != usize::MAX, "select with no legal child");
        best
    }

    /// The decision at the root for `seat`: the most visited child (the robust child), ties to
    /// the better mean. `None` if nothing was expanded.
    pub fn best_root(&self, seat: usize) -> Option<&Child<A>> {
        self.nodes[0].children.iter().max_by(|a, b| {
            a.visits
                .cmp(&b.visits)
                .then(a.mean(seat).total_cmp(&b.mean(seat)))
        })
    }
}

impl<A: Copy + Eq> Default for Tree<A> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucb_prefers_the_better_mean_once_visits_are_even_and_explores_the_unvisited() {
        let mut t: Tree<u8> = Tree::new();
        for a in 0..3u8 {
            t.expand(0, a, false);
        }
        let legal = [0u8, 1, 2];
        for (i, ch) in t.nodes[0].children.iter_mut().enumerate() {
            ch.visits = 10;
            ch.avail = 30;
            ch.sums[0] = [2.0, 8.0, 5.0][i];
        }
        assert_eq!(t.select(0, &legal, 0, 0.7, 0.0), 1);
        // Seat 1 has its own values (max^n).
        t.nodes[0].children[2].sums[1] = 9.0;
        assert_eq!(t.select(0, &legal, 1, 0.7, 0.0), 2);
        // Only legal children are selected.
        assert_eq!(t.select(0, &[0u8, 2], 0, 0.7, 0.0), 2);
        // A barely visited child is explored despite a lower mean.
        t.nodes[0].children[0].visits = 1;
        t.nodes[0].children[0].sums[0] = 0.3;
        assert_eq!(t.select(0, &legal, 0, 0.7, 0.0), 0);
    }

    #[test]
    fn availability_counts_only_legal_children_and_lists_the_untried() {
        let mut t: Tree<u8> = Tree::new();
        t.expand(0, 4, true);
        t.expand(0, 5, false);
        let mut untried = Vec::new();
        t.mark_available(0, &[5, 6, 7], &mut untried);
        assert_eq!(untried, vec![6, 7]);
        let avail: Vec<u32> = t.nodes[0].children.iter().map(|c| c.avail).collect();
        assert_eq!(avail, vec![1, 2]);
    }

    #[test]
    fn the_root_decision_is_the_most_visited_child() {
        let mut t: Tree<u8> = Tree::new();
        t.expand(0, 1, false);
        t.expand(0, 2, false);
        t.nodes[0].children[0].visits = 3;
        t.nodes[0].children[0].sums[0] = 3.0;
        t.nodes[0].children[1].visits = 9;
        t.nodes[0].children[1].sums[0] = 4.0;
        assert_eq!(t.best_root(0).map(|c| c.action), Some(2));
    }
}
