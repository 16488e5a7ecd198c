//! Source positions, and the map from a loop's condition to the keyword that
//! starts the loop statement.
//!
//! After gimplification a loop is only blocks and gotos; the best trace of it
//! is its exit condition, whose location is the condition's as written. The
//! C front end still has `for`/`while`/`do` statements at PRE_GENERICIZE, so
//! the keyword's location is recorded there, keyed by the condition's
//! position. That gives `do ... while (c)` its `do` line and a `for` whose
//! condition sits on a later line its `for` line.

use crate::ffi;
use std::collections::HashMap;
use std::ffi::c_void;

/// A source position: file, line and column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl SourcePos {
    /// Expands a GCC location; None for UNKNOWN_LOCATION.
    pub fn of(loc: ffi::gp_location) -> Option<SourcePos> {
        if loc == 0 {
            return None;
        }
        // SAFETY: expanding any location_t is valid while cc1 runs.
        let p = unsafe { ffi::gp_expand_location(loc) };
        if p.line <= 0 {
            return None;
        }
        Some(SourcePos {
            file: ffi::string_from(p.file),
            line: p.line as u32,
            column: p.column.max(0) as u32,
        })
    }
}

/// A loop statement as the front end saw it.
#[derive(Clone, Debug)]
pub struct FrontEndLoop {
    pub kind: ffi::gp_fe_loop_kind,
    /// The location of its keyword.
    pub keyword: ffi::gp_location,
    /// A `for` in OpenMP's canonical form: its variable's name and where
    /// that variable is declared.
    pub var: Option<(String, ffi::gp_location)>,
    /// Whether the statement right before it initializes that variable
    /// (as `for (i = 0; ...)` and `for (int i = 0; ...)` do).
    pub var_initialized: bool,
    /// The keyword of the `for` that is its whole body (0: none).
    pub only_child: ffi::gp_location,
    /// The last position inside it (line, column), in its keyword's file.
    pub end: (u32, u32),
    /// The local variables its body (and increment) assigns.
    pub assigned: Vec<AssignedVar>,
    /// Whether it assigns other things too (globals, statics, more
    /// variables than recorded).
    pub assigned_other: bool,
    /// Whether it calls a function that is not a built-in.
    pub calls: bool,
}

/// A local variable a loop assigns.
#[derive(Clone, Debug)]
pub struct AssignedVar {
    pub name: String,
    pub decl: ffi::gp_location,
    pub uid: u32,
    /// A struct or array, assigned through a member or an element.
    pub aggregate: bool,
    /// An assignment to it reads its own value (`d += 16`, `d++`).
    pub recurrent: bool,
    /// Its type's size in bytes (0 when not a constant).
    pub size: u32,
}

/// What the front end says of one function's variables.
#[derive(Default, Debug)]
pub struct FunctionVars {
    /// Parameters the body assigns or takes the address of.
    pub changed_params: Vec<String>,
    /// Variables declared in the body: name and declaration.
    pub locals: Vec<(String, Option<SourcePos>)>,
    /// Local variables (not arrays) whose address the body takes.
    pub addressable: Vec<String>,
    /// Reads of local variables: name, declaration, where (reads inside a
    /// `for` whose own initialization assigns the variable apart).
    pub reads: Vec<(String, Option<SourcePos>, Option<SourcePos>)>,
}

impl FrontEndLoop {
    pub fn keyword_text(&self) -> &'static str {
        match self.kind {
            ffi::gp_fe_loop_kind::GP_FE_FOR => "for",
            ffi::gp_fe_loop_kind::GP_FE_WHILE => "while",
            ffi::gp_fe_loop_kind::GP_FE_DO => "do",
        }
    }
}

/// Every loop statement of the unit seen so far, by its condition's position.
#[derive(Default)]
pub struct FrontEndLoops {
    by_cond: HashMap<SourcePos, FrontEndLoop>,
    /// Source files read to find keywords, by name (None: unreadable).
    sources: HashMap<String, Option<Vec<String>>>,
    /// Per function, what the front end says of its variables.
    functions: HashMap<String, FunctionVars>,
}

/// How many lines above a statement's first token its keyword may stand.
const KEYWORD_LOOKBACK_LINES: usize = 4;

/// `text` with its comments (`/* */`, `//`) turned into spaces, byte for
/// byte, so that columns stay right. A `/*` left open blanks the rest.
fn blank_comments(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"//") {
            out.resize(bytes.len(), b' ');
            break;
        }
        if bytes[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(bytes.len(), |e| i + 2 + e + 2);
            out.resize(out.len() + (end - i), b' ');
            i = end;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    // Only whole multi-byte characters outside comments are kept; comments
    // became ASCII spaces.
    String::from_utf8(out).unwrap_or_default()
}

/// The position (1-based line and byte column) of `keyword` as the last token
/// before `line:column` in `lines`, across blank lines and comments; None if
/// some other text comes first (a macro, say).
pub fn keyword_before(lines: &[String], line: u32, column: u32, keyword: &str) -> Option<(u32, u32)> {
    let mut l = (line as usize).checked_sub(1)?;
    let mut end = (column as usize).checked_sub(1)?;
    for _ in 0..=KEYWORD_LOOKBACK_LINES {
        let text = lines.get(l)?;
        let head = blank_comments(text.get(..end.min(text.len()))?);
        let before = head.trim_end();
        if before.is_empty() {
            l = l.checked_sub(1)?;
            end = lines.get(l)?.len();
            continue;
        }
        let start = before.strip_suffix(keyword).map(str::len)?;
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        if before[..start].chars().next_back().is_some_and(ident) {
            return None;
        }
        return Some((l as u32 + 1, start as u32 + 1));
    }
    None
}

unsafe extern "C" fn record_loop(data: *mut c_void, info: *const ffi::gp_fe_loop_info) {
    // SAFETY: `data` is the &mut FrontEndLoops passed to gp_fe_walk_loops.
    let loops = unsafe { &mut *(data as *mut FrontEndLoops) };
    // SAFETY: the shim passes a live record for the duration of the call.
    let info = unsafe { &*info };
    if let Some(pos) = SourcePos::of(info.cond) {
        let var = (!info.var.is_null()).then(|| (ffi::string_from(info.var), info.var_decl));
        let n = (info.n_assigned.max(0) as usize).min(info.assigned.len());
        let assigned = (0..n)
            .map(|k| AssignedVar {
                name: ffi::string_from(info.assigned[k]),
                decl: info.assigned_decl[k],
                uid: info.assigned_uid[k],
                aggregate: info.assigned_aggregate[k] != 0,
                recurrent: info.assigned_recurrent[k] != 0,
                size: info.assigned_size[k].max(0) as u32,
            })
            .collect();
        let mut fl = FrontEndLoop {
            kind: info.kind,
            keyword: info.keyword,
            var,
            var_initialized: info.var_initialized != 0,
            only_child: info.only_child,
            end: (info.end_line.max(0) as u32, info.end_column.max(0) as u32),
            assigned,
            assigned_other: info.assigned_other > 0,
            calls: info.calls != 0,
        };
        // `for` statements carry their keyword's location; `while` and `do`
        // carry that of the next token, so the keyword is found in the text.
        if info.kind != ffi::gp_fe_loop_kind::GP_FE_FOR {
            fl.keyword = loops.keyword_location(&fl);
        }
        loops.by_cond.insert(pos, fl);
    }
}

unsafe extern "C" fn record_var(
    data: *mut c_void,
    function: *const std::ffi::c_char,
    kind: ffi::gp_fe_var_kind,
    name: *const std::ffi::c_char,
    decl: ffi::gp_location,
    at: ffi::gp_location,
) {
    // SAFETY: `data` is the &mut FrontEndLoops passed to gp_fe_walk_loops.
    let loops = unsafe { &mut *(data as *mut FrontEndLoops) };
    let vars = loops.functions.entry(ffi::string_from(function)).or_default();
    let name = ffi::string_from(name);
    match kind {
        ffi::gp_fe_var_kind::GP_FE_PARAM_CHANGED => vars.changed_params.push(name),
        ffi::gp_fe_var_kind::GP_FE_LOCAL => vars.locals.push((name, SourcePos::of(decl))),
        ffi::gp_fe_var_kind::GP_FE_ADDRESSABLE => vars.addressable.push(name),
        ffi::gp_fe_var_kind::GP_FE_READ => vars.reads.push((name, SourcePos::of(decl), SourcePos::of(at))),
    }
}

impl FrontEndLoops {
    /// Whether only blanks stand before `pos` on its line of the source
    /// (None: the file cannot be read).
    pub fn starts_line(&mut self, pos: &SourcePos) -> Option<bool> {
        let text = self.lines(&pos.file)?.get((pos.line as usize).checked_sub(1)?)?;
        Some(text.get(..(pos.column as usize).saturating_sub(1))?.trim().is_empty())
    }

    /// The lines of source file `file`, read once (None: unreadable).
    pub fn lines(&mut self, file: &str) -> Option<&[String]> {
        self.sources
            .entry(file.to_string())
            .or_insert_with(|| std::fs::read_to_string(file).ok().map(|t| t.lines().map(str::to_string).collect()))
            .as_deref()
    }

    /// What the front end says of `function`'s variables.
    pub fn vars(&self, function: &str) -> Option<&FunctionVars> {
        self.functions.get(function)
    }

    /// Records the loop statements of `fndecl`, a FUNCTION_DECL before
    /// genericization, and with `details` (for offload plans) what they
    /// assign and what the function's variables are.
    pub fn record_function(&mut self, fndecl: *mut c_void, details: bool) {
        // SAFETY: fndecl comes from GCC's PRE_GENERICIZE event; the callbacks
        // only touch `self`, which outlives the walk.
        unsafe {
            ffi::gp_fe_walk_loops(fndecl, Some(record_loop), Some(record_var), details as i32, self as *mut Self as *mut c_void)
        }
    }

    /// The location of `fl`'s keyword, found in the source before the
    /// statement's recorded location; that location if the text says
    /// otherwise.
    fn keyword_location(&mut self, fl: &FrontEndLoop) -> ffi::gp_location {
        let Some(at) = SourcePos::of(fl.keyword) else {
            return fl.keyword;
        };
        let Some(lines) = self.lines(&at.file) else {
            return fl.keyword;
        };
        match keyword_before(lines, at.line, at.column, fl.keyword_text()) {
            // SAFETY: builds a location in the line map of a live location.
            Some((line, col)) => unsafe { ffi::gp_location_at(fl.keyword, line as i32, col as i32) },
            None => fl.keyword,
        }
    }

    /// The loop statement whose condition is at `cond`.
    pub fn by_condition(&self, cond: ffi::gp_location) -> Option<&FrontEndLoop> {
        SourcePos::of(cond).and_then(|p| self.by_cond.get(&p))
    }
}
