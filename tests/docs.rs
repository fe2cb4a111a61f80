//! The documentation is tested as it is read. Every ```console block of README.md and
//! docs/*.md runs the binary from the repository root, as a user types it there, and its
//! standard output and error together are compared with the text shown (`? N` is the exit code;
//! `[..]` stands for part of a line, `...` for whole lines, such as timings and long grids).
//! Each failing command is reported with its file and line, not only the first. Examples too
//! slow or too variable to run are shown in ```sh blocks, without output, and are not run.
//!
//! Every relative link of those pages must point to a file that exists, and a link to a section
//! of a page to one of its headings; every broken link is listed.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use common::repo;

#[test]
fn console_examples_in_the_readme_and_docs_give_the_output_shown() {
    trycmd::TestCases::new()
        .register_bin("mipsolve", PathBuf::from(env!("CARGO_BIN_EXE_mipsolve")))
        .case("README.md")
        .case("docs/*.md");
}

/// The pages whose links are checked: README.md and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![repo("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The lines of a page outside its fenced code blocks, with their 1-based numbers.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a page's headings (a repeated heading's later anchors end in -1, -2, ...).
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut anchors = Vec::new();
    for (_, line) in prose(text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = slug(heading);
        let count = seen.entry(base.clone()).or_insert(0);
        anchors.push(if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    anchors
}

/// The targets of the Markdown links `[text](target)` and images `![text](target)` on a line,
/// outside inline code.
fn link_targets(line: &str) -> Vec<String> {
    let mut outside = String::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 0 {
            outside.push_str(part);
        } else {
            outside.push_str(&" ".repeat(part.len()));
        }
    }
    let mut targets = Vec::new();
    let mut rest = outside.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                targets.push(after[..end].to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    targets
}

fn relative(path: &Path) -> String {
    path.strip_prefix(repo(""))
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_relative_link_in_the_readme_and_docs_points_to_an_existing_file_and_heading() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("the page is readable");
        for (number, line) in prose(&text) {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, anchor) = match target.split_once('#') {
                    Some((file, anchor)) => (file, Some(anchor)),
                    None => (target.as_str(), None),
                };
                let path = if file.is_empty() {
                    page.clone()
                } else {
                    page.parent().expect("a page is in a folder").join(file)
                };
                let place = format!("{}:{number}", relative(&page));
                if !path.exists() {
                    broken.push(format!("{place}: {target}: no file {}", path.display()));
                    continue;
                }
                if let Some(anchor) = anchor {
                    if path.extension().is_some_and(|ext| ext == "md") {
                        let linked = std::fs::read_to_string(&path).expect("a linked page");
                        if !anchors(&linked).iter().any(|a| a == anchor) {
                            broken.push(format!(
                                "{place}: {target}: no heading #{anchor} in {}",
                                relative(&path)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        checked > 20,
        "only {checked} links found: is the parser right?"
    );
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_link_parser_finds_links_and_skips_code() {
    assert_eq!(
        link_targets("see [a](docs/a.md#x) and ![b](images/b.png), not `[c](d)`"),
        vec!["docs/a.md#x".to_string(), "images/b.png".to_string()]
    );
    assert_eq!(
        slug(" Count solutions: `--count N`"),
        "count-solutions---count-n"
    );
    assert_eq!(
        anchors("# A\n```\n# not a heading\n```\n## A\n#nope\n"),
        vec!["a".to_string(), "a-1".to_string()]
    );
}
