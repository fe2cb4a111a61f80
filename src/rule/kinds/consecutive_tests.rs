use super::*;

/// A 1x3 strip of candidates 1..4 (bit k is value k + 1).
fn strip(sets: [u64; 3]) -> Domains {
    let mut d = Domains::full(1, 3, vec![1, 2, 3, 4]);
    for (c, set) in sets.into_iter().enumerate() {
        d.set(0, c, set);
    }
    d
}

/// A rule on the 1x3 strip: a bar between the first two cells, none between the last two.
fn rule() -> Consecutive {
    Consecutive {
        pairs: vec![((0, 0), (0, 1), true), ((0, 1), (0, 2), false)],
    }
}

#[test]
fn a_bar_keeps_only_neighbours_of_the_other_cells_candidates() {
    assert_eq!(partners(0b0001, 0b1111, true), 0b0010);
    assert_eq!(partners(0b0101, 0b1111, true), 0b1010);
    assert_eq!(partners(0b1000, 0b1111, true), 0b0100);
}

#[test]
fn no_bar_rules_out_a_value_only_when_every_candidate_is_beside_it() {
    assert_eq!(partners(0b0010, 0b1111, false), 0b1010);
    // 1 or 3 beside: 2 is consecutive to both.
    assert_eq!(partners(0b0101, 0b1111, false), 0b1101);
    assert_eq!(partners(0b0011, 0b1111, false), 0b1111);
    assert_eq!(partners(0b0111, 0b1111, false), 0b1111);
}

#[test]
fn narrowing_follows_the_marks_to_a_fixed_point() {
    // r1c1 = 1: the bar makes r1c2 = 2, and no bar then keeps r1c3 off 1 and 3.
    let mut d = strip([0b0001, 0b1111, 0b1111]);
    let mut shrunk = Vec::new();
    assert!(rule().narrow(&mut d, None, &mut shrunk));
    assert_eq!((d.get(0, 1), d.get(0, 2)), (0b0010, 0b1010));
    shrunk.sort_unstable();
    shrunk.dedup();
    assert_eq!(shrunk, vec![1, 2]);
}

#[test]
fn narrowing_fails_when_a_cell_runs_out() {
    let mut d = strip([0b0001, 0b0100, 0b1111]);
    assert!(!rule().narrow(&mut d, None, &mut Vec::new()));
}

#[test]
fn the_negative_rule_covers_every_unmarked_side_by_side_pair() {
    let rule = Consecutive::new(2, &[((0, 1), (0, 0))], true);
    let expected = vec![
        ((0, 0), (0, 1), true),
        ((1, 0), (1, 1), false),
        ((0, 0), (1, 0), false),
        ((0, 1), (1, 1), false),
    ];
    assert_eq!(rule.pairs, expected);
    assert_eq!(
        Consecutive::new(2, &[((0, 0), (0, 1))], false).pairs.len(),
        1
    );
}

#[test]
fn violations_name_the_pair_and_what_is_wrong() {
    let grid = Grid::from_rows(vec![vec![1, 3, 4]]).unwrap();
    let found = rule().violations(&grid);
    let expected = vec![
        Violation::Broken {
            clue: "r1c1 and r1c2".into(),
            how: "are not consecutive, but a bar joins them",
            cells: vec![(0, 0), (0, 1)],
            values: vec![1, 3],
        },
        Violation::Broken {
            clue: "r1c2 and r1c3".into(),
            how: "are consecutive, but no bar joins them",
            cells: vec![(0, 1), (0, 2)],
            values: vec![3, 4],
        },
    ];
    assert_eq!(found, expected);
    assert_eq!(
        found[0].to_string(),
        "r1c1 and r1c2 are not consecutive, but a bar joins them: r1c1=1, r1c2=3"
    );
    let good = Grid::from_rows(vec![vec![1, 2, 4]]).unwrap();
    assert!(rule().violations(&good).is_empty());
}

#[test]
fn the_negative_rule_alone_is_a_rule_and_f_puzzles_list_names_other_rules() {
    use crate::rule::harness::{read, read_error};
    assert_eq!(read(r#"{"negative": true}"#, 4).rules.len(), 1);
    assert_eq!(read(r#"{"negative": false}"#, 4).rules.len(), 0);
    // The list names the negated rules: each holds even with no marks of its own.
    let negated = read(r#"{"negative": ["ratio", "xv"]}"#, 4);
    assert_eq!(negated.names, ["kropki", "xv"]);
    assert_eq!(
        read_error(r#"{"negative": ["ratio", "kropki"]}"#, 4),
        "\"negative\": mipsolve knows no negative form of kropki: the list may name \"ratio\", \"xv\""
    );
    let marked = read(
        r#"{"consecutive": [[[1, 1], [1, 2]]], "negative": true}"#,
        4,
    );
    assert_eq!(
        marked.rules.len(),
        1,
        "the marks' reader takes the negative rule"
    );
}
