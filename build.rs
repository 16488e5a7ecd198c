//! Builds the C++ shim against the target GCC's plugin headers and generates
//! its Rust declarations with bindgen.

#[path = "plugin/gcc_target.rs"]
#[allow(dead_code)]
mod gcc_target;

use std::path::PathBuf;

fn main() {
    let target = gcc_target::GccTarget::from_env();
    println!("cargo:rerun-if-changed=plugin/shim");
    println!("cargo:rerun-if-changed=plugin/shim.h");
    println!("cargo:rerun-if-env-changed=PLUGIN_CXX");

    // The shim must be built by the g++ of the GCC it plugs into: the plugin
    // headers' C++ ABI and cc1's are those of that compiler.
    let mut shim = cc::Build::new();
    shim.cpp(true).compiler(target.cxx());
    for file in shim_sources() {
        println!("cargo:rerun-if-changed={}", file.display());
        shim.file(file);
    }
    shim
        .include(&target.plugin_include)
        .include("plugin")
        .flag("-std=gnu++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag("-fPIC")
        // The shim's own names (value_before, version_loop, ...) must
        // never bind to a cc1 symbol of the same name.
        .flag("-fvisibility=hidden")
        .flag("-Wno-unused-parameter")
        .flag("-Wno-unused-variable")
        .cpp_link_stdlib(None) // cc1 links libstdc++ statically and exports it
        .compile("gccpoly_shim");

    let bindings = bindgen::Builder::default()
        .header("plugin/shim.h")
        .allowlist_function("gp_.*")
        .allowlist_type("gp_.*")
        .rustified_enum("gp_.*_kind")
        .rustified_enum("gp_interchange_status")
        .rustified_enum("gp_split_status")
        .rustified_enum("gp_jam_status")
        .rustified_enum("gp_shift_status")
        .layout_tests(false)
        .generate()
        .expect("bindgen failed on plugin/shim.h");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("shim.rs");
    bindings.write_to_file(out).expect("cannot write the shim bindings");

    println!("cargo:rustc-env=GCCPOLY_GCC_MAJOR={}", target.major());
}

/// The shim's files, `plugin/shim/*.cc`, in name order (a stable build).
fn shim_sources() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("plugin/shim")
        .expect("cannot read plugin/shim")
        .map(|e| e.expect("cannot read plugin/shim").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cc"))
        .collect();
    files.sort();
    files
}
