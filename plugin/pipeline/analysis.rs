//! The analysis after PRE: the model's verdicts on cfun's regions, and what
//! is said of them: a remark at each loop, the report's entries of loops,
//! rejected loops and SCoPs, and the dump's text.

use crate::diag::{self, RemarkKind};
use crate::gimple::{self, LoopForest};
use crate::report::{AssumptionReport, DependenceReport, InterchangeReport, LoopReport, ReductionReport, RejectedReport, ScopReport};
use std::collections::HashMap;

/// Models each region and runs its dataflow: the verdicts on its loops.
pub(super) fn verdicts(
    forest: &LoopForest,
    regions: &[gimple::Region],
    aopts: gimple::parallel::AnalysisOptions,
) -> Vec<gimple::parallel::RegionOutcome> {
    regions.iter().map(|r| gimple::parallel::analyze_region(forest, r, aopts)).collect()
}

/// Each loop of cfun, outermost first: a note of where it is and the
/// remark of its verdict, its line in the dump, its entry in the report.
pub(super) fn loop_entries(
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    rejections: &[gimple::scop::LoopRejection],
    text: &mut String,
) -> Vec<LoopReport> {
    let mut region_of = HashMap::new();
    for (k, r) in regions.iter().enumerate() {
        for &l in &r.loops {
            region_of.insert(l, k as u32 + 1);
        }
    }
    let rejection_of: HashMap<u32, &gimple::scop::LoopRejection> = rejections.iter().map(|r| (r.loop_num, r)).collect();
    let mut loops = Vec::new();
    for l in &forest.loops {
        let (line, column) = l.pos.as_ref().map(|p| (p.line, p.column)).unwrap_or((0, 0));
        let parent_line = l
            .parent
            .and_then(|n| forest.get(n))
            .and_then(|pl| pl.pos.as_ref().map(|p| p.line));
        let place = match parent_line {
            Some(pl) => format!("nested in the loop at line {pl}"),
            None => "outermost".to_string(),
        };
        let scop = region_of.get(&l.num).copied();
        let in_scop = match scop {
            Some(id) => format!(", in SCoP {id}"),
            None => String::new(),
        };
        diag::remark(
            RemarkKind::GP_REMARK_NOTE,
            l.location,
            &format!("loop {} at depth {}, {place}{in_scop}", l.num, l.depth),
        );
        text.push_str(&format!(
            "{:indent$}loop {} ({}) at {}:{}: depth {}, parent {}{in_scop}\n",
            "",
            l.num,
            l.statement.unwrap_or("no statement found"),
            line,
            column,
            l.depth,
            l.parent.map(|n| n.to_string()).unwrap_or_else(|| "none".into()),
            indent = 2 * l.depth as usize
        ));
        // The verdict: the region's, or "not modelled".
        let verdict = match scop {
            Some(id) => outcomes[id as usize - 1].loops.get(&l.num).cloned(),
            None => None,
        };
        let verdict = verdict.unwrap_or_else(|| {
            let why = match rejection_of.get(&l.num) {
                Some(r) => format!("not modelled: {}: {}", r.rejection.reason.as_str(), r.rejection.detail),
                None => "not modelled: the loop is in no region".to_string(),
            };
            gimple::parallel::LoopOutcome::none(why)
        });
        if scop.is_some() {
            let (optimized, msg) = verdict.remark();
            let kind = if optimized { RemarkKind::GP_REMARK_OPTIMIZED } else { RemarkKind::GP_REMARK_MISSED };
            diag::remark(kind, l.location, &msg);
        }
        loops.push(loop_entry(l, (line, column), scop, &verdict));
    }
    loops
}

/// The report's entry of loop `l` at `(line, column)`, in SCoP `scop`,
/// with its verdict; nothing done to it yet.
fn loop_entry(l: &gimple::loops::Loop, (line, column): (u32, u32), scop: Option<u32>, verdict: &gimple::parallel::LoopOutcome) -> LoopReport {
    LoopReport {
        id: l.num,
        file: l.pos.as_ref().map(|p| p.file.clone()),
        line,
        column,
        depth: l.depth,
        parent: l.parent,
        scop,
        parallel: verdict.parallel,
        kind: verdict.kind,
        private: verdict.private.clone(),
        firstprivate: verdict.firstprivate.clone(),
        lastprivate: verdict.lastprivate.clone(),
        reductions: verdict.reductions.iter().map(|(v, op)| ReductionReport { var: v.clone(), op }).collect(),
        blockers: verdict.blockers.clone(),
        interchange: verdict
            .interchange
            .iter()
            .map(|(w, legal, reason)| InterchangeReport { with: *w, legal: *legal, reason: reason.clone() })
            .collect(),
        transform: Vec::new(),
        swapped_with: None,
        guard: None,
        kept: None,
        declined: None,
        offload: None,
        location: l.location,
    }
}

/// The loops in no SCoP: a remark saying why, their dump lines and report
/// entries.
pub(super) fn rejected_entries(forest: &LoopForest, rejections: &[gimple::scop::LoopRejection], text: &mut String) -> Vec<RejectedReport> {
    let mut rejected = Vec::new();
    for r in rejections {
        let fl = forest.get(r.loop_num);
        let lline = fl.and_then(|l| l.pos.as_ref().map(|p| p.line)).unwrap_or(0);
        let reason = r.rejection.reason.as_str();
        let detail = &r.rejection.detail;
        if let Some(l) = fl {
            diag::remark(RemarkKind::GP_REMARK_MISSED, l.location, &format!("loop not in a SCoP: {reason}: {detail}"));
        }
        text.push_str(&format!("rejected loop at line {lline}: {reason}: {detail}\n"));
        rejected.push(RejectedReport { line: lline, reason, detail: detail.clone() });
    }
    rejected
}

/// The SCoPs: a note of their size, their model and dataflow in the dump,
/// their report entries.
pub(super) fn scop_entries(regions: &[gimple::Region], outcomes: &[gimple::parallel::RegionOutcome], text: &mut String) -> Vec<ScopReport> {
    let mut scops = Vec::new();
    for (k, r) in regions.iter().enumerate() {
        let id = k as u32 + 1;
        diag::remark(
            RemarkKind::GP_REMARK_NOTE,
            r.location,
            &format!(
                "SCoP {id}: {} loop{}, {} statement{}",
                r.loops.len(),
                if r.loops.len() == 1 { "" } else { "s" },
                r.scop.statements.len(),
                if r.scop.statements.len() == 1 { "" } else { "s" }
            ),
        );
        text.push_str(&region_dump(id, r));
        let o = &outcomes[k];
        text.push_str(&o.dump);
        scops.push(ScopReport {
            id,
            line: r.line,
            loops: r.loops.len(),
            statements: r.scop.statements.len(),
            params: r.params.clone(),
            param_values: r.param_texts(),
            assumptions: r
                .assumptions
                .iter()
                .map(|a| AssumptionReport { kind: a.kind, text: a.text.clone() })
                .collect(),
            arrays: o.arrays.clone(),
            dependences: o.counts.map(|c| DependenceReport { flow: c.flow, memory: c.memory, memory_ignored: c.memory_ignored }),
        });
    }
    scops
}

/// A region in isl notation, for the dump.
fn region_dump(id: u32, r: &gimple::Region) -> String {
    let mut t = format!("SCoP {id} at line {}: loops {:?}\n", r.line, r.loops);
    t.push_str(&format!("  context: {}\n", r.scop.context));
    t.push_str(&format!("  arrays: {}\n", r.arrays.join(", ")));
    for a in &r.assumptions {
        t.push_str(&format!("  assumption ({}): {}\n", a.kind, a.text));
    }
    if let Some(k) = &r.known {
        t.push_str(&format!("  known: {k}\n"));
    }
    for (l, k) in &r.known_at {
        t.push_str(&format!("  known at loop {l}: {k}\n"));
    }
    if !r.live_out.is_empty() {
        t.push_str(&format!("  live-out scalars: {}\n", r.live_out.join(", ")));
    }
    if let Some(b) = r.entry_outside {
        t.push_str(&format!("  entry block {b}: only its final condition is in the region\n"));
    }
    for s in &r.scop.statements {
        t.push_str(&format!("  statement {} (line {})\n", s.name, s.line));
        t.push_str(&format!("    domain: {}\n", s.domain));
        t.push_str(&format!("    schedule: {}\n", s.schedule));
        for a in &s.accesses {
            let kind = match a.kind {
                poly::AccessKind::Read => "read",
                poly::AccessKind::MustWrite => "must-write",
                poly::AccessKind::MayWrite => "may-write",
            };
            t.push_str(&format!("    {kind}: {}\n", a.relation));
        }
    }
    t
}
