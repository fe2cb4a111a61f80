use super::*;
use crate::domains::Domains;
use crate::model::LinExpr;

/// A 1x2 grid over {1, 2, 3}: r1c1 is 1 or 2 (one binary), r1c2 open; the two differ; a
/// continuous helper in a ranged row.
fn small() -> Model {
    let mut domains = Domains::full(1, 2, vec![1, 2, 3]);
    domains.set(0, 0, 0b011);
    let mut model = Model::new(domains);
    model.all_different("row1", &[(0, 0), (0, 1)]);
    let z = model.continuous("z_help".into(), 0.0, 1.0);
    let mut e = model.x(0, 1, 2);
    e.add_var(z, 2.5);
    model.add("ranged".into(), e, 0.5, 2.0);
    model
}

#[test]
fn lp_text_names_every_variable_and_row_and_splits_ranged_rows() {
    let text = write(&small(), ModelFormat::Lp, "a test");
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('\\')).collect();
    assert_eq!(
        body,
        [
            "Minimize",
            " obj: 0 y_r1c1_1_2",
            "Subject To",
            " cell_r1c2: x_r1c2_1 + x_r1c2_2 + x_r1c2_3 = 1",
            " row1_v1: - y_r1c1_1_2 + x_r1c2_1 <= 0",
            " row1_v2: y_r1c1_1_2 + x_r1c2_2 <= 1",
            " row1_v3: x_r1c2_3 <= 1",
            " ranged_ge: x_r1c2_3 + 2.5 z_help >= 0.5",
            " ranged_le: x_r1c2_3 + 2.5 z_help <= 2",
            "Bounds",
            " 0 <= z_help <= 1",
            "Binary",
            " y_r1c1_1_2 x_r1c2_1 x_r1c2_2 x_r1c2_3",
            "End",
        ]
    );
    assert!(text.starts_with("\\ a test\n"));
}

#[test]
fn mps_text_lists_columns_with_their_rows_and_binaries_between_markers() {
    let text = write(&small(), ModelFormat::Mps, "a test");
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('*')).collect();
    let at = |line: &str| body.iter().position(|l| *l == line).unwrap_or(usize::MAX);
    assert!(at(" MARKER 'MARKER' 'INTORG'") < at(" y_r1c1_1_2 row1_v1 -1"));
    assert!(at(" x_r1c2_3 ranged_le 1") < at(" MARKER 'MARKER' 'INTEND'"));
    assert!(at(" MARKER 'MARKER' 'INTEND'") < at(" z_help ranged_ge 2.5"));
    for line in [
        " E cell_r1c2",
        " L row1_v1",
        " G ranged_ge",
        " RHS cell_r1c2 1",
        " RHS ranged_ge 0.5",
        " BV BND x_r1c2_1",
        " UP BND z_help 1",
        "ENDATA",
    ] {
        assert!(at(line) < usize::MAX, "{line} in\n{text}");
    }
}

#[test]
fn decided_cells_and_a_folded_false_row_are_stated() {
    let mut domains = Domains::full(1, 2, vec![1, 2]);
    domains.set(0, 0, 0b01);
    domains.set(0, 1, 0b01);
    let mut model = Model::new(domains);
    let mut both: LinExpr = model.x(0, 0, 0);
    both.add_expr(&model.x(0, 1, 0), 1.0);
    model.add("clash".into(), both, 0.0, 1.0);
    let text = write(&model, ModelFormat::Lp, "clash");
    assert!(text.contains(" x_r1c1_1 = 1\n x_r1c2_1 = 1\n"), "{text}");
    assert!(text.contains(" clash: folded_false >= 1\n"), "{text}");
    assert!(text.contains(" folded_false = 0\n"), "{text}");
}
