//! Region detection: the nodes of each loop body in order, the single-entry runs of them, and the loops left out with a reason.

use super::*;

impl<'f> ScopDetector<'f> {
    pub fn new(forest: &'f LoopForest) -> Self {
        let mut parent = HashMap::new();
        for l in &forest.loops {
            parent.insert(l.num, l.parent.unwrap_or(0));
        }
        let mut block_loop = HashMap::new();
        let mut loop_blocks: HashMap<u32, Vec<i32>> = HashMap::new();
        for b in 2..ir::bb_index_limit() {
            if !ir::bb_exists(b) {
                continue;
            }
            let l = ir::bb_loop(b);
            block_loop.insert(b, l);
            let mut x = l;
            while x != 0 {
                loop_blocks.entry(x).or_default().push(b);
                x = parent.get(&x).copied().unwrap_or(0);
            }
        }
        ScopDetector { forest, parent, block_loop, loop_blocks, orders: HashMap::new(), blocked: HashMap::new() }
    }

    pub(super) fn loop_line(&self, num: u32) -> u32 {
        self.forest.get(num).and_then(|l| l.pos.as_ref().map(|p| p.line)).unwrap_or(0)
    }

    fn inside(&self, mut l: u32, ancestor: u32) -> bool {
        loop {
            if l == ancestor {
                return true;
            }
            if l == 0 {
                return false;
            }
            l = self.parent.get(&l).copied().unwrap_or(0);
        }
    }

    /// The node of `level`'s body that contains block `b`.
    pub(super) fn node_at(&self, level: u32, b: i32) -> Option<Node> {
        let mut l = *self.block_loop.get(&b)?;
        if l == level {
            return Some(Node::Block(b));
        }
        while l != 0 {
            let p = self.parent.get(&l).copied().unwrap_or(0);
            if p == level {
                return Some(Node::Loop(l));
            }
            l = p;
        }
        None
    }

    fn header_of(level: u32) -> Option<i32> {
        (level != 0).then(|| LoopRef::get(level).map(|l| l.header())).flatten()
    }

    /// Edges out of a node that stay in `level`'s body, back edges apart.
    /// The CFG edges leaving node `n`: a block's successors, or the edges
    /// out of a whole loop.
    fn out_edges(&self, n: Node) -> Vec<ir::EdgeInfo> {
        match n {
            Node::Block(b) => ir::succs(b),
            Node::Loop(l) => self
                .loop_blocks
                .get(&l)
                .into_iter()
                .flatten()
                .flat_map(|&b| ir::succs(b))
                .filter(|e| !self.block_loop.get(&e.dest).is_some_and(|&d| self.inside(d, l)))
                .collect(),
        }
    }

    pub(super) fn succ_edges(&self, level: u32, n: Node) -> Vec<(ir::EdgeInfo, Node)> {
        let header = Self::header_of(level);
        self.out_edges(n)
            .into_iter()
            .filter(|e| e.dest > 1 && Some(e.dest) != header)
            .filter_map(|e| self.node_at(level, e.dest).map(|d| (e, d)))
            .filter(|(_, d)| *d != n)
            .collect()
    }

    /// Whether `n` has successors other than the `inside` ones of its body:
    /// an exit, the back edge to the header, or a node outside the run.
    pub(super) fn leaves(&self, n: Node, inside: usize) -> bool {
        self.out_edges(n).len() != inside
    }

    fn pred_nodes(&self, level: u32, n: Node) -> Vec<Node> {
        let entry_block = match n {
            Node::Block(b) => b,
            Node::Loop(l) => match LoopRef::get(l) {
                Some(r) => r.header(),
                None => return Vec::new(),
            },
        };
        let header = Self::header_of(level);
        if Some(entry_block) == header {
            return Vec::new();
        }
        ir::preds(entry_block)
            .into_iter()
            .filter_map(|e| if e.src <= 1 { Some(Node::Block(-1)) } else { self.node_at(level, e.src).or(Some(Node::Block(-1))) })
            .filter(|p| *p != n)
            .collect()
    }

    /// `level`'s body in reverse post-order (a topological order of its
    /// acyclic part).
    pub(super) fn order(&mut self, level: u32) -> Vec<Node> {
        if let Some(o) = self.orders.get(&level) {
            return o.clone();
        }
        let start = if level == 0 {
            ir::succs(0).first().and_then(|e| self.node_at(0, e.dest))
        } else {
            Self::header_of(level).map(Node::Block)
        };
        let mut post = Vec::new();
        if let Some(s) = start {
            let mut seen = HashSet::new();
            let mut stack = vec![(s, 0usize)];
            seen.insert(s);
            while let Some((n, i)) = stack.pop() {
                let succ = self.succ_edges(level, n);
                if i < succ.len() {
                    stack.push((n, i + 1));
                    let d = succ[i].1;
                    if seen.insert(d) {
                        stack.push((d, 0));
                    }
                } else {
                    post.push(n);
                }
            }
        }
        post.reverse();
        self.orders.insert(level, post.clone());
        post
    }

    /// Finds the regions of the function; every loop not in one gets a
    /// rejection.
    pub fn detect(&mut self) -> (Vec<Region>, Vec<LoopRejection>) {
        let mut regions = Vec::new();
        let mut rejected = Vec::new();
        self.detect_level(0, &mut regions, &mut rejected);
        (regions, rejected)
    }

    fn detect_level(&mut self, level: u32, regions: &mut Vec<Region>, rejected: &mut Vec<LoopRejection>) {
        let order = self.order(level);
        let mut i = 0;
        while i < order.len() {
            let Node::Loop(l) = order[i] else {
                i += 1;
                continue;
            };
            // Start as early as the blocks before the loop allow (its
            // guards), else at the loop itself.
            let mut s = i;
            while s > 0 && matches!(order[s - 1], Node::Block(_)) {
                s -= 1;
            }
            let mut built = None;
            let mut first_failure = None;
            for start in s..=i {
                if !self.single_entry(level, &order[start..=i]) {
                    continue;
                }
                // The longest single-entry run first: when it holds (the
                // common case) one model is built, not one per loop.
                let longest = self.single_entry_runs(level, &order, start, i).into_iter().rev().find(|&k| matches!(order[k], Node::Loop(_)));
                if let Some(k) = longest {
                    if let Ok(r) = self.build(level, &order[start..=k]) {
                        built = Some((start, r, k, true));
                        break;
                    }
                }
                match self.build(level, &order[start..=i]) {
                    Ok(r) => {
                        built = Some((start, r, i, false));
                        break;
                    }
                    Err(e) => {
                        // The longest run, guards included, says best why.
                        if first_failure.is_none() {
                            first_failure = Some(e);
                        }
                    }
                }
            }
            let Some((start, mut region, mut end, complete)) = built else {
                let rejection = first_failure.unwrap_or(Rejection {
                    reason: Reason::UnstructuredLoop,
                    detail: "the loop is not entered through a single edge".into(),
                });
                rejected.push(LoopRejection { loop_num: l, rejection });
                self.detect_level(l, regions, rejected);
                i += 1;
                continue;
            };
            // Else extend over the following loops while the model holds.
            if !complete {
                for k in self.single_entry_runs(level, &order, start, end) {
                    if let Node::Loop(_) = order[k] {
                        match self.build(level, &order[start..=k]) {
                            Ok(r) => {
                                region = r;
                                end = k;
                            }
                            Err(_) => break,
                        }
                    }
                }
            }
            regions.push(region);
            i = end + 1;
        }
    }

    /// The ends k > `end` of the runs `order[start..=k]` that are single-entry
    /// and hold no blocked node, in order, given that `order[start..=end]` is
    /// single-entry: a node joins when its predecessors are in the run and it
    /// is not a predecessor of the run's first node, so each run costs one
    /// node's test, not the run's (a function of a thousand loops in a row).
    /// No run holds more than MAX_REGION_NESTS loops.
    fn single_entry_runs(&mut self, level: u32, order: &[Node], start: usize, end: usize) -> Vec<usize> {
        let first_preds: HashSet<Node> = self.pred_nodes(level, order[start]).into_iter().collect();
        let mut run: HashSet<Node> = order[start..=end].iter().copied().collect();
        let mut nests = order[start..=end].iter().filter(|n| matches!(n, Node::Loop(_))).count();
        let mut ends = Vec::new();
        for (k, &n) in order.iter().enumerate().skip(end + 1) {
            if matches!(n, Node::Loop(_)) {
                nests += 1;
            }
            if nests > MAX_REGION_NESTS
                || self.is_blocked(n)
                || first_preds.contains(&n)
                || !self.pred_nodes(level, n).iter().all(|p| run.contains(p))
            {
                break;
            }
            run.insert(n);
            ends.push(k);
        }
        ends
    }

    /// Whether the run is entered only through its first node, by one edge.
    fn single_entry(&self, level: u32, run: &[Node]) -> bool {
        let set: HashSet<Node> = run.iter().copied().collect();
        if self.pred_nodes(level, run[0]).iter().any(|p| set.contains(p)) {
            return false;
        }
        run[1..].iter().all(|n| self.pred_nodes(level, *n).iter().all(|p| set.contains(p)))
    }

    /// The model of `run`, a single-entry run of `level`'s body.
    fn build(&mut self, level: u32, run: &[Node]) -> Outcome<Region> {
        let products = Products::default();
        match self.build_reading(level, run, &products) {
            // Sizes computed before the region as parameters of their own
            // may give strides that do not divide one another; as products
            // they may instead make a flat array's bound non-affine, so
            // they are read only where the first try fails.
            Err(e) if e.reason == Reason::NonAffineAccess && products.met.get() => {
                let products = Products { read: true, ..products };
                self.build_reading(level, run, &products).map_err(|_| e)
            }
            r => r,
        }
    }

    fn build_reading(&mut self, level: u32, run: &[Node], products: &Products) -> Outcome<Region> {
        let r = RegionBuilder::new(self, level, run).and_then(|b| b.build(false, products));
        // Values the entry block computes (a loaded bound, say) may model
        // as parameters what its statements cannot.
        match (r, run[0]) {
            // A blocked entry block was outside already.
            (Err(e), Node::Block(_)) if !self.is_blocked(run[0]) => {
                RegionBuilder::new(self, level, run).and_then(|b| b.build(true, products)).map_err(|_| e)
            }
            (r, _) => r,
        }
    }

    /// Whether `n` holds a statement no model takes (see `blocked`).
    fn is_blocked(&mut self, n: Node) -> bool {
        if let Some(&x) = self.blocked.get(&n) {
            return x;
        }
        let blocks = match n {
            Node::Block(b) => vec![b],
            Node::Loop(l) => self.loop_blocks.get(&l).cloned().unwrap_or_default(),
        };
        let (mut raw, mut errno) = (Vec::new(), BTreeSet::new());
        let x = blocks
            .iter()
            .any(|&b| ir::stmts(b).into_iter().any(|s| RegionBuilder::scan_statement(s, b, &mut raw, &mut errno).is_err()));
        self.blocked.insert(n, x);
        x
    }
}
