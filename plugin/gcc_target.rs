//! Which GCC the plugin is built for: shared by the two build scripts.
//!
//! `PLUGIN_CC` (default `gcc`) names the target compiler; its plugin
//! headers decide the GCC version the plugin is built for.

use std::path::PathBuf;
use std::process::Command;

pub struct GccTarget {
    pub cc: String,
    pub plugin_include: PathBuf,
    pub basever: String,
    pub datestamp: String,
    pub devphase: String,
}

fn version_field(header: &str, name: &str) -> String {
    let needle = format!("static char {name}[] = \"");
    header
        .lines()
        .find_map(|l| l.trim().strip_prefix(&needle))
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("plugin-version.h has no {name}"))
        .to_string()
}

impl GccTarget {
    pub fn from_env() -> GccTarget {
        println!("cargo:rerun-if-env-changed=PLUGIN_CC");
        let cc = std::env::var("PLUGIN_CC").unwrap_or_else(|_| "gcc".to_string());
        let out = Command::new(&cc)
            .arg("-print-file-name=plugin")
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        let plugin_include = dir.join("include");
        let version_h = plugin_include.join("plugin-version.h");
        let header = std::fs::read_to_string(&version_h).unwrap_or_else(|_| {
            panic!(
                "{} not found: install the plugin headers of {cc} \
                 (Debian: gcc-N-plugin-dev), or run `make setup`",
                version_h.display()
            )
        });
        println!("cargo:rerun-if-changed={}", version_h.display());
        GccTarget {
            basever: version_field(&header, "basever"),
            datestamp: version_field(&header, "datestamp"),
            devphase: version_field(&header, "devphase"),
            cc,
            plugin_include,
        }
    }

    /// The C++ compiler of the same GCC (`gcc-12` -> `g++-12`).
    pub fn cxx(&self) -> String {
        if let Ok(cxx) = std::env::var("PLUGIN_CXX") {
            return cxx;
        }
        let (dir, file) = match self.cc.rfind('/') {
            Some(i) => (&self.cc[..=i], &self.cc[i + 1..]),
            None => ("", self.cc.as_str()),
        };
        let cxx_file = match file.find("gcc") {
            Some(i) => format!("{}g++{}", &file[..i], &file[i + 3..]),
            None => "g++".to_string(),
        };
        format!("{dir}{cxx_file}")
    }

    pub fn major(&self) -> &str {
        self.basever.split('.').next().unwrap_or("")
    }
}
