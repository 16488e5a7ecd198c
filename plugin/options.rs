//! `-fplugin-arg-gccpoly-KEY[=VALUE]`: the table of options and their parser.
//! docs/options.md documents every entry of `SPECS`.

use std::path::PathBuf;

/// What an option's value must be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ValueKind {
    /// A flag: no `=VALUE`.
    None,
    /// A file name.
    File,
    /// A directory name.
    Dir,
    /// A function's name as GCC prints it.
    Function,
    /// A positive integer.
    Number,
}

struct OptionSpec {
    key: &'static str,
    value: ValueKind,
}

const SPECS: &[OptionSpec] = &[
    OptionSpec { key: "report", value: ValueKind::File },
    OptionSpec { key: "dump", value: ValueKind::File },
    OptionSpec { key: "version", value: ValueKind::None },
    OptionSpec { key: "debug-panic", value: ValueKind::Function },
    OptionSpec { key: "debug-max-operations", value: ValueKind::Number },
    OptionSpec { key: "region-budget", value: ValueKind::Number },
    OptionSpec { key: "function-budget", value: ValueKind::Number },
    OptionSpec { key: "no-parallelize", value: ValueKind::None },
    OptionSpec { key: "no-cyclic", value: ValueKind::None },
    OptionSpec { key: "no-privatize", value: ValueKind::None },
    OptionSpec { key: "no-memory-reductions", value: ValueKind::None },
    OptionSpec { key: "no-array-reductions", value: ValueKind::None },
    OptionSpec { key: "no-recompute", value: ValueKind::None },
    OptionSpec { key: "no-unsigned-reductions", value: ValueKind::None },
    OptionSpec { key: "no-conditional-reductions", value: ValueKind::None },
    OptionSpec { key: "no-own-regions", value: ValueKind::None },
    OptionSpec { key: "no-wavefront", value: ValueKind::None },
    OptionSpec { key: "no-skew", value: ValueKind::None },
    OptionSpec { key: "no-jam", value: ValueKind::None },
    OptionSpec { key: "no-shift", value: ValueKind::None },
    OptionSpec { key: "no-index-split", value: ValueKind::None },
    OptionSpec { key: "no-wide-counters", value: ValueKind::None },
    OptionSpec { key: "no-enter-inner", value: ValueKind::None },
    OptionSpec { key: "no-reload", value: ValueKind::None },
    OptionSpec { key: "min-trips", value: ValueKind::Number },
    OptionSpec { key: "no-interchange", value: ValueKind::None },
    OptionSpec { key: "fma-may-differ", value: ValueKind::None },
    OptionSpec { key: "reassociate", value: ValueKind::None },
    OptionSpec { key: "collapse", value: ValueKind::None },
    OptionSpec { key: "debug-unmarked-versions", value: ValueKind::None },
    OptionSpec { key: "offload", value: ValueKind::None },
    OptionSpec { key: "annotate", value: ValueKind::File },
    OptionSpec { key: "offload-min-iterations", value: ValueKind::Number },
    OptionSpec { key: "offload-generate", value: ValueKind::Dir },
    OptionSpec { key: "offload-use", value: ValueKind::Dir },
];

/// The parsed options of one compilation.
#[derive(Default, Debug)]
pub struct Options {
    /// Write the JSON report here at the end of the compilation.
    pub report: Option<PathBuf>,
    /// Write the human-readable analysis dump here.
    pub dump: Option<PathBuf>,
    /// Print the plugin's version and the GCC it was built for.
    pub version: bool,
    /// Raise an internal error while analysing this function, to exercise
    /// fault containment.
    pub debug_panic: Option<String>,
    /// The isl operations budget of each computation of the verdicts
    /// (default poly::bounded::DEFAULT_MAX_OPERATIONS), to exercise running
    /// out.
    pub max_operations: Option<u64>,
    /// The isl calls one region's analysis may make in one step, and one
    /// function's in one pass (defaults poly::bounded::DEFAULT_REGION_WORK
    /// and DEFAULT_FUNCTION_WORK).
    pub region_budget: Option<u64>,
    pub function_budget: Option<u64>,
    /// Mark no loop parallel (with -ftree-parallelize-loops, parloops then
    /// judges every loop by itself).
    pub no_parallelize: bool,
    /// Leave every parallel loop parloops' schedule(static), triangular
    /// nests included.
    pub no_cyclic: bool,
    /// Give no loop's iterations storage of their own for its private
    /// arrays (such loops then stay sequential).
    pub no_privatize: bool,
    /// Leave reductions in memory to run sequentially (no store moved
    /// after its loop).
    pub no_memory_reductions: bool,
    /// Leave reductions into arrays to run sequentially (no copies per
    /// thread).
    pub no_array_reductions: bool,
    /// Leave the values a marked loop computes alike in every iteration
    /// and uses after it where they are (parloops then refuses the loop).
    pub no_recompute: bool,
    /// Leave reductions of signed integers as they are (parloops then
    /// refuses them) instead of computing them in unsigned arithmetic.
    pub no_unsigned_reductions: bool,
    /// Leave conditional updates of reductions as they are (parloops then
    /// refuses the loop) instead of making them unconditional.
    pub no_conditional_reductions: bool,
    /// Leave the marked loops parloops declines sequential instead of
    /// running them in OpenMP regions of the plugin's own.
    pub no_own_regions: bool,
    /// Leave nests whose only parallelism lies along diagonals as they are
    /// instead of running them by wavefronts.
    pub no_wavefront: bool,
    /// Leave pairs whose inner loop waits on a value carried from its
    /// previous iteration as they are instead of running them by
    /// diagonals.
    pub no_skew: bool,
    /// Leave loops whose inner loops carry chains of floating-point
    /// operations as they are instead of unrolling them and jamming the
    /// copies.
    pub no_jam: bool,
    /// Make the rewrites that change which products GCC fuses with
    /// additions (under -ffp-contract=fast on a target with fused
    /// multiply-adds) anyway: results may differ in their last bits.
    pub fma_may_differ: bool,
    /// Run loops whose floating-point reductions are their only obstacle
    /// in parallel without -fassociative-math, each thread's partial
    /// result combined after the loop, as OpenMP's `reduction` clause
    /// does: the sums' rounding then differs from the sequential loop's.
    pub reassociate: bool,
    /// Leave loops whose first inner loop carries a chain of
    /// floating-point operations as they are instead of running it, one
    /// iteration early, inside their last inner loop.
    pub no_shift: bool,
    /// Leave loops parallel only on each side of one iteration as they are
    /// instead of splitting them there.
    pub no_index_split: bool,
    /// Leave the 64-bit conversions of a marked innermost loop's 32-bit
    /// counters as they are (the parallel loop then loses its vectors).
    pub no_wide_counters: bool,
    /// Leave a marked loop with reductions whose inner loop is entered
    /// under a test as it is (parloops then makes no double reduction).
    pub no_enter_inner: bool,
    /// Leave the values PRE carries from one iteration of a marked loop to
    /// the next as they are (parloops then refuses such loops).
    pub no_reload: bool,
    /// The least number of iterations at run time with which an innermost
    /// loop inside a sequential loop runs in parallel (default
    /// `MIN_TRIPS_INSIDE`; 1: no such test).
    pub min_trips: Option<u64>,
    /// Version loops on their run-time tests as usual but mark neither copy
    /// parallel: both run sequentially, so that what the tests cost can be
    /// measured against a build with `no-parallelize`.
    pub unmarked_versions: bool,
    /// Interchange no loops.
    pub no_interchange: bool,
    /// Collapse small parallel loops with their inner loops (off by
    /// default: docs/codegen.md, Collapse).
    pub collapse: bool,
    /// GPU offload plans in the report and the remarks.
    pub offload: bool,
    /// Where to write the source annotated with the offload plans.
    pub annotate: Option<PathBuf>,
    /// The fewest iterations an offload plan's perfect nest must have.
    pub offload_min_iterations: Option<u64>,
    /// Where the first of the two offload builds writes its plans.
    pub offload_generate: Option<PathBuf>,
    /// Where the second reads them.
    pub offload_use: Option<PathBuf>,
}

impl Options {
    /// Whether offload plans are made (for the report, an annotated copy
    /// or a plan file).
    pub fn plans_offload(&self) -> bool {
        self.offload || self.annotate.is_some() || self.offload_generate.is_some()
    }
}

fn spelled(spec: &OptionSpec) -> String {
    match spec.value {
        ValueKind::None => spec.key.to_string(),
        ValueKind::File => format!("{}=FILE", spec.key),
        ValueKind::Dir => format!("{}=DIR", spec.key),
        ValueKind::Function => format!("{}=FUNCTION", spec.key),
        ValueKind::Number => format!("{}=N", spec.key),
    }
}

/// The valid options, as listed in error messages.
fn valid_list() -> String {
    SPECS.iter().map(spelled).collect::<Vec<_>>().join(", ")
}

/// Parses GCC's (key, value) pairs; the message of an error names the key and
/// lists the valid options. A repeated key takes its last value, as GCC's own
/// options do.
pub fn parse(args: &[(String, Option<String>)]) -> Result<Options, String> {
    let mut opts = Options::default();
    for (key, value) in args {
        let Some(spec) = SPECS.iter().find(|s| s.key == key) else {
            return Err(format!(
                "gccpoly: unknown option '{key}' in '-fplugin-arg-gccpoly-{key}'; \
                 valid options: {}",
                valid_list()
            ));
        };
        let value = match (spec.value, value) {
            (ValueKind::None, None) => None,
            (ValueKind::None, Some(v)) => {
                return Err(format!(
                    "gccpoly: option '{key}' takes no value, but '={v}' was given; \
                     write '-fplugin-arg-gccpoly-{key}'; valid options: {}",
                    valid_list()
                ));
            }
            (_, Some(v)) if !v.is_empty() => Some(v.clone()),
            (_, _) => {
                return Err(format!(
                    "gccpoly: option '{key}' needs a value: \
                     '-fplugin-arg-gccpoly-{}'; valid options: {}",
                    spelled(spec),
                    valid_list()
                ));
            }
        };
        match key.as_str() {
            "report" => opts.report = value.map(PathBuf::from),
            "dump" => opts.dump = value.map(PathBuf::from),
            "version" => opts.version = true,
            "no-parallelize" => opts.no_parallelize = true,
            "debug-unmarked-versions" => opts.unmarked_versions = true,
            "no-cyclic" => opts.no_cyclic = true,
            "no-privatize" => opts.no_privatize = true,
            "no-memory-reductions" => opts.no_memory_reductions = true,
            "no-array-reductions" => opts.no_array_reductions = true,
            "no-recompute" => opts.no_recompute = true,
            "no-unsigned-reductions" => opts.no_unsigned_reductions = true,
            "no-conditional-reductions" => opts.no_conditional_reductions = true,
            "no-own-regions" => opts.no_own_regions = true,
            "no-wavefront" => opts.no_wavefront = true,
            "no-skew" => opts.no_skew = true,
            "no-jam" => opts.no_jam = true,
            "fma-may-differ" => opts.fma_may_differ = true,
            "reassociate" => opts.reassociate = true,
            "no-shift" => opts.no_shift = true,
            "no-index-split" => opts.no_index_split = true,
            "no-wide-counters" => opts.no_wide_counters = true,
            "no-enter-inner" => opts.no_enter_inner = true,
            "no-reload" => opts.no_reload = true,
            "no-interchange" => opts.no_interchange = true,
            "collapse" => opts.collapse = true,
            "offload" => opts.offload = true,
            "annotate" => opts.annotate = value.map(PathBuf::from),
            "offload-generate" => opts.offload_generate = value.map(PathBuf::from),
            "offload-use" => opts.offload_use = value.map(PathBuf::from),
            "debug-panic" => opts.debug_panic = value,
            "debug-max-operations" | "min-trips" | "offload-min-iterations" | "region-budget" | "function-budget" => {
                let v = value.unwrap_or_default();
                let slot = match key.as_str() {
                    "min-trips" => &mut opts.min_trips,
                    "region-budget" => &mut opts.region_budget,
                    "function-budget" => &mut opts.function_budget,
                    "offload-min-iterations" => &mut opts.offload_min_iterations,
                    _ => &mut opts.max_operations,
                };
                match v.parse::<u64>() {
                    Ok(n) if n > 0 => *slot = Some(n),
                    _ => {
                        return Err(format!(
                            "gccpoly: option '{key}' needs a positive integer, not '{v}'; valid options: {}",
                            valid_list()
                        ))
                    }
                }
            }
            _ => unreachable!("every key of SPECS is handled"),
        }
    }
    Ok(opts)
}
