//! Golden command-line cases: each file in `tests/cmd/` runs the binary once and gives its
//! exact standard output, standard error and exit code (`[..]` stands for timings).

#[test]
fn golden_cases_in_tests_cmd() {
    trycmd::TestCases::new().case("tests/cmd/*.toml");
}
