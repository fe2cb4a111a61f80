use super::*;

fn row(sets: &[u64]) -> Domains {
    let mut d = Domains::full(1, sets.len(), vec![1, 2, 3, 4]);
    for (c, &set) in sets.iter().enumerate() {
        d.set(0, c, set);
    }
    d
}

fn thermometer(len: usize) -> Thermometers {
    Thermometers(vec![(0..len).map(|c| (0, c)).collect()])
}

#[test]
fn bounds_rise_from_the_bulb_and_fall_from_the_tip() {
    let mut d = row(&[0b1111, 0b1111, 0b1111]);
    let mut shrunk = Vec::new();
    assert!(thermometer(3).narrow(&mut d, None, &mut shrunk));
    assert_eq!(
        (d.get(0, 0), d.get(0, 1), d.get(0, 2)),
        (0b0011, 0b0110, 0b1100)
    );
}

#[test]
fn a_decided_cell_pushes_both_ways() {
    let mut d = row(&[0b1111, 0b0100, 0b1111]);
    assert!(thermometer(3).narrow(&mut d, None, &mut Vec::new()));
    assert_eq!((d.get(0, 0), d.get(0, 2)), (0b0011, 0b1000));
}

#[test]
fn thermometers_sharing_a_cell_narrow_each_other_to_a_common_fixed_point() {
    // A = r1c1 -> r1c2 and B = r1c2 -> r1c3: B lowers r1c2's top, which A passes on to r1c1.
    let chains = Thermometers(vec![vec![(0, 0), (0, 1)], vec![(0, 1), (0, 2)]]);
    let mut d = row(&[0b1111, 0b1111, 0b1111]);
    assert!(chains.narrow(&mut d, None, &mut Vec::new()));
    assert_eq!(
        (d.get(0, 0), d.get(0, 1), d.get(0, 2)),
        (0b0011, 0b0110, 0b1100)
    );
}

#[test]
fn a_thermometer_longer_than_the_values_has_no_solution() {
    let mut d = row(&[0b1111; 5]);
    assert!(!thermometer(5).narrow(&mut d, None, &mut Vec::new()));
}

#[test]
fn violations_name_the_step_that_does_not_rise() {
    let grid = Grid::from_rows(vec![vec![1, 3, 3, 4]]).unwrap();
    let found = thermometer(4).violations(&grid);
    assert_eq!(
        found,
        vec![Violation::Broken {
            clue: "thermometer 1".into(),
            how: "does not rise",
            cells: vec![(0, 1), (0, 2)],
            values: vec![3, 3],
        }]
    );
    assert_eq!(
        found[0].to_string(),
        "thermometer 1 does not rise: r1c2=3, r1c3=3"
    );
}

#[test]
fn a_line_jumps_between_cells_only_when_it_says_so() {
    let apart = r#"{"thermometer": [{"lines": [["R1C1", "R1C3", "R5C5"]]}]}"#;
    let error = crate::rule::harness::read_error(apart, 9);
    assert!(error.contains("are not neighbours"), "{error}");
    let jumping = r#"{"thermometer": [{"lines": [["R1C1", "R1C3", "R5C5"]], "jumps": true}]}"#;
    let d = crate::rule::harness::narrowed_square(&*crate::rule::harness::rule(jumping, 9), 9, &[]);
    assert_eq!(
        crate::rule::harness::values(&d, (4, 4)),
        [3, 4, 5, 6, 7, 8, 9]
    );
}
