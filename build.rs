//! Links CBC's own libraries statically when the system has their archives (Debian's
//! coinor-lib*-dev ship them): the dynamic loader then maps 7 fewer C++ libraries and
//! resolves none of their symbols at each start, about 2.5 ms of every run, which a shell
//! loop over puzzle files pays per file. A search folder holding only links to those
//! archives comes before the system's folders, so the linker takes the archives for
//! `-lCbcSolver -lCbc ...`; the libraries they need (LAPACK, BLAS, zlib, bzip2) stay shared.
//! `pkg-config --libs cbc` names them all, in the order the archives need. Without the
//! archives, or without the `cbc` feature, nothing changes: `coin_cbc_sys` links the shared
//! libraries as before.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_CBC").is_none() {
        return;
    }
    let (Some(libdir), Some(libraries)) = (pkg_config("--variable=libdir"), pkg_config("--libs"))
    else {
        return;
    };
    let libraries: Vec<&str> = (libraries.split_whitespace())
        .filter_map(|flag| flag.strip_prefix("-l"))
        .collect();
    let coin: Vec<&str> = (libraries.iter().copied())
        .filter(|name| is_coin(name) && Path::new(&libdir).join(archive(name)).is_file())
        .collect();
    if coin.len() != libraries.iter().filter(|name| is_coin(name)).count() {
        return;
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let folder = out.join("cbc-archives");
    if std::fs::create_dir_all(&folder).is_err() {
        return;
    }
    for name in &coin {
        let link = folder.join(archive(name));
        let _ = std::fs::remove_file(&link);
        if std::os::unix::fs::symlink(Path::new(&libdir).join(archive(name)), &link).is_err() {
            return;
        }
    }
    println!("cargo:rustc-link-search=native={}", folder.display());
    for name in libraries {
        println!("cargo:rustc-link-lib={name}");
    }
}

/// What `pkg-config <flag> cbc` prints, if it runs.
fn pkg_config(flag: &str) -> Option<String> {
    let out = Command::new("pkg-config")
        .args([flag, "cbc"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Whether `name` is one of COIN-OR's libraries (CBC, CGL, CLP, OSI, CoinUtils).
fn is_coin(name: &str) -> bool {
    ["Cbc", "Cgl", "Clp", "Osi", "Coin"]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

/// The file name of library `name`'s static archive.
fn archive(name: &str) -> String {
    format!("lib{name}.a")
}
