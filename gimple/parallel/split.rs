//! The split judge: the verdicts of a region's loops on each side of an index-set split, and where a loop is split.

use super::*;

/// Where a loop is split: at the iteration where its iterator equals the
/// one of the enclosing loop `outer` of the region plus `offset` (both
/// counted in iterations), or where its counter, `start` (plus the
/// parameter `start_name`, when there is one) plus its iterator, equals a
/// parameter.
#[derive(Clone, Copy, Debug)]
pub enum SplitAt<'s> {
    Loop { outer: u32, offset: i128 },
    Param { name: &'s str, start: i128, start_name: Option<&'s str> },
}

/// The verdicts of a region's loops on each side of one iteration (an
/// index-set split), on one preparation of the region for all its loops.
pub struct SplitJudge<'a> {
    forest: &'a LoopForest,
    r: &'a Region,
    p: Prepared,
    model: LightScop,
}

impl<'a> SplitJudge<'a> {
    pub fn new(forest: &'a LoopForest, r: &'a Region) -> Result<SplitJudge<'a>, String> {
        Ok(SplitJudge { forest, r, p: prepare(forest, r), model: LightScop::read(&r.scop)? })
    }

    /// The source name of the model's name `a` (a parameter's, an array's).
    pub fn display(&self, a: &str) -> String {
        self.p.ssa.names.get(a).cloned().unwrap_or_else(|| a.to_string())
    }

    /// Whether loop `l` runs in parallel on each side of the iteration
    /// `at`: its verdicts on the instances below and above that iteration,
    /// with their reasons in source terms.
    pub fn sides(&self, l: u32, at: SplitAt, reassociate: bool, max_operations: u64) -> Result<(bool, String), String> {
        let (forest, r, p) = (self.forest, self.r, &self.p);
        let (Some(&dl), Some(stmts)) = (p.lm.depth.get(&l), p.lm.stmts.get(&l)) else {
            return Err("the loop is not in the region".into());
        };
        if stmts.is_empty() {
            return Err("the loop has no statements".into());
        }
        let point = match at {
            SplitAt::Loop { outer, offset } => match p.lm.depth.get(&outer) {
                Some(&de) if de < dl => poly::light::SplitPoint::Iterator { level: de - 1, offset },
                _ => return Err("the loop is not inside the other".into()),
            },
            SplitAt::Param { name, start, start_name } => {
                let position = |n: &str| self.model.params.iter().position(|x| x == n);
                let start_param = match start_name {
                    Some(n) => Some(position(n).ok_or_else(|| format!("{n} is not a parameter of the region"))?),
                    None => None,
                };
                match position(name) {
                    Some(index) => poly::light::SplitPoint::Param { index, start, start_param },
                    None => return Err(format!("{name} is not a parameter of the region")),
                }
            }
        };
        let display = |a: &str| self.display(a);
        let hints = hints_of(forest, r, l, &p.arrays);
        let hs: Vec<ReductionHint> = hints.iter().map(|(h, _)| h.clone()).collect();
        let vopts = VerdictOptions { allow_reassociation: reassociate, allow_privatization: true };
        let lp = PairLoop { dim: 2 * dl as u32 - 1, statements: stmts.clone(), iterations: iteration_statement(r, l) };
        let mut parallel = true;
        let mut reasons = Vec::new();
        for (below, side) in [(true, "before"), (false, "after")] {
            let mut m = self.model.clone();
            m.restrict_to_side(stmts, dl - 1, point, below);
            let cx = BoundedCtx::new(max_operations);
            let engine = PairEngine::new(&cx, m, Some(p.live.clone()), &p.ssa.facts);
            let v = engine.verdict(&lp, &hs, &vopts).map_err(engine_failure)?;
            let o = outcome(&v, &hints, &p.arrays, &display, &display);
            parallel &= o.parallel;
            reasons.push(if o.parallel { format!("{side} it parallel ({})", o.kind) } else { format!("{side} it not parallel: {}", o.blockers.join("; ")) });
            // One side not parallel settles it: the other is not asked.
            if !parallel {
                break;
            }
        }
        Ok((parallel, reasons.join("; ")))
    }
}
