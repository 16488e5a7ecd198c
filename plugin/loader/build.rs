#[path = "../gcc_target.rs"]
#[allow(dead_code)]
mod gcc_target;

fn main() {
    let t = gcc_target::GccTarget::from_env();
    println!("cargo:rustc-env=GCCPOLY_BUILT_FOR_BASEVER={}", t.basever);
    println!("cargo:rustc-env=GCCPOLY_BUILT_FOR_DATESTAMP={}", t.datestamp);
    println!("cargo:rustc-env=GCCPOLY_BUILT_FOR_DEVPHASE={}", t.devphase);
}
