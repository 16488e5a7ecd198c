//! The loops of the current function (cfun), as a forest.

use super::source::{FrontEndLoop, FrontEndLoops, SourcePos};
use crate::ffi;
use std::collections::HashMap;

/// One natural loop of the function.
#[derive(Clone, Debug)]
pub struct Loop {
    /// GCC's loop number (stable during the pass).
    pub num: u32,
    /// 1 for an outermost loop.
    pub depth: u32,
    /// The enclosing loop's number.
    pub parent: Option<u32>,
    /// Where the loop statement starts: its keyword, or, for a loop the front
    /// end did not see as a statement (gotos, inlined from elsewhere without
    /// a recorded condition), its exit condition or header.
    pub location: ffi::gp_location,
    pub pos: Option<SourcePos>,
    /// `for`, `while` or `do` when the front end's statement was found.
    pub statement: Option<&'static str>,
    /// That statement.
    pub front_end: Option<FrontEndLoop>,
}

impl Loop {
    /// The line where the loop statement starts (0 when unknown).
    pub fn line(&self) -> u32 {
        self.pos.as_ref().map(|p| p.line).unwrap_or(0)
    }
}

/// The loops of cfun, outer loops before the loops they contain and in source
/// order among siblings.
pub struct LoopForest {
    pub loops: Vec<Loop>,
    /// Where each loop number is in `loops`: a function may have thousands.
    index: HashMap<u32, usize>,
}

/// The keyword location of loop `l` and its statement, or the best fallback.
fn loop_location(l: *const ffi::gp_loop, fe: &FrontEndLoops) -> (ffi::gp_location, Option<FrontEndLoop>) {
    const MAX_EXITS: usize = 8;
    let mut conds = [0 as ffi::gp_location; MAX_EXITS];
    // SAFETY: `l` is a live loop of cfun; `conds` holds MAX_EXITS entries.
    let n = unsafe { ffi::gp_loop_exit_cond_locations(l, conds.as_mut_ptr(), MAX_EXITS) };
    let conds = &conds[..n.min(MAX_EXITS)];
    if let Some(fl) = conds.iter().find_map(|&c| fe.by_condition(c)) {
        return (fl.keyword, Some(fl.clone()));
    }
    if let Some(&c) = conds.first() {
        return (c, None);
    }
    // SAFETY: as above.
    (unsafe { ffi::gp_loop_header_location(l) }, None)
}

impl LoopForest {
    /// The loops of cfun; must be called inside the pass, where the shim has
    /// initialized the loop structures.
    pub fn of_current_function(fe: &FrontEndLoops) -> LoopForest {
        let mut loops = Vec::new();
        // SAFETY: reading cfun's loop tree inside the pass.
        let size = unsafe { ffi::gp_loop_table_size() };
        for num in 1..size {
            // SAFETY: as above; NULL for removed loops.
            let l = unsafe { ffi::gp_loop_get(num) };
            if l.is_null() {
                continue;
            }
            // SAFETY: `l` is a live loop.
            let (depth, outer) = unsafe { (ffi::gp_loop_depth(l), ffi::gp_loop_outer(l)) };
            // SAFETY: `outer` is NULL or a live loop.
            let parent = (!outer.is_null()).then(|| unsafe { ffi::gp_loop_num(outer) });
            let (location, front_end) = loop_location(l, fe);
            loops.push(Loop {
                num,
                depth,
                parent,
                location,
                pos: SourcePos::of(location),
                statement: front_end.as_ref().map(|f| f.keyword_text()),
                front_end,
            });
        }
        let loops = Self::preorder(loops);
        let index = loops.iter().enumerate().map(|(k, l)| (l.num, k)).collect();
        LoopForest { loops, index }
    }

    /// Orders loops so that each comes right before its own subtree, siblings
    /// by source position.
    fn preorder(mut loops: Vec<Loop>) -> Vec<Loop> {
        let key = |l: &Loop| l.pos.as_ref().map(|p| (p.line, p.column)).unwrap_or((u32::MAX, 0));
        loops.sort_by_key(|l| (key(l), l.num));
        let mut out = Vec::with_capacity(loops.len());
        fn visit(parent: Option<u32>, loops: &[Loop], out: &mut Vec<Loop>) {
            for l in loops.iter().filter(|l| l.parent == parent) {
                out.push(l.clone());
                visit(Some(l.num), loops, out);
            }
        }
        visit(None, &loops, &mut out);
        out
    }

    pub fn get(&self, num: u32) -> Option<&Loop> {
        self.index.get(&num).map(|&k| &self.loops[k])
    }

    /// Loop `l` and the loops inside it, in the forest's order (a subtree
    /// is the run of loops right after its root).
    pub fn subtree(&self, l: u32) -> impl Iterator<Item = &Loop> {
        let from = self.index.get(&l).copied().unwrap_or(self.loops.len());
        self.loops[from..].iter().enumerate().take_while(move |&(k, x)| k == 0 || self.within(x.num, l)).map(|(_, x)| x)
    }

    /// Whether loop `l` is `ancestor` or inside it.
    pub fn within(&self, mut l: u32, ancestor: u32) -> bool {
        loop {
            if l == ancestor {
                return true;
            }
            match self.get(l).and_then(|x| x.parent) {
                Some(p) => l = p,
                None => return false,
            }
        }
    }
}
