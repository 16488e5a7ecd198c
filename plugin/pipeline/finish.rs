//! At the end of the unit: the JSON report.

use crate::ffi;
use crate::report::Report;
use crate::state::{LtoStage, Plugin};
use crate::unit::input_files;
use std::io::Write;

/// Flushes the dump, which the functions' texts were written to as they
/// were analysed.
pub(super) fn flush_dump(p: &mut Plugin) {
    if let Some(f) = p.dump.as_mut() {
        let _ = f.flush();
    }
}

/// Writes report=FILE: every function the unit analysed, with what was
/// done to its loops.
pub(super) fn write_report(p: &mut Plugin) -> Result<(), String> {
    let Some(path) = p.options.report.clone() else {
        return Ok(());
    };
    let input = if p.lto == LtoStage::Compile {
        // SAFETY: GCC's main input file name, set for the whole run.
        ffi::string_from(unsafe { ffi::gp_main_input_filename() })
    } else {
        input_files().join(" ")
    };
    let report = Report {
        plugin: "gccpoly",
        version: crate::VERSION,
        gcc: p.running_gcc.clone(),
        input,
        functions: std::mem::take(&mut p.functions),
    };
    // One partition of an -flto link adds its functions to the report
    // the link's lto1 -fwpa began.
    let written = if p.lto == LtoStage::Partition { report.add_to_file(&path) } else { std::fs::write(&path, report.to_json()) };
    written.map_err(|e| format!("gccpoly: cannot write the report '{}': {e}", path.display()))
}
