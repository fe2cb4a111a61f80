//! `mipsolve serve`: the server is started on a free port and spoken to over WebSocket as the
//! f-puzzles userscript speaks to it. Expected counts, solutions and candidates are CP-SAT's
//! (`tests/fixtures/fpuzzles/expected.json`) or known (the 288 grids of a 4x4 Sudoku). Each
//! fixture that `check` is asked about (over one shared connection) is a test of its own.

mod common;

use std::future::Future;
use std::io::{BufRead, BufReader};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use common::{cases, grid, repo};
use futures_util::{SinkExt, StreamExt};
use libtest_mimic::Arguments;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A running server, stopped when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mipsolve"))
        .args(["serve", "--port", "0", "--quiet"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut first = String::new();
    let stderr = child.stderr.take().expect("stderr");
    BufReader::new(stderr).read_line(&mut first).unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("ws://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    assert!(
        url.starts_with("ws://127.0.0.1:"),
        "loopback by default: {url}"
    );
    Server { child, url }
}

async fn connect(server: &Server) -> Socket {
    tokio_tungstenite::connect_async(&server.url)
        .await
        .expect("connects")
        .0
}

/// Sends a request and returns the next answer.
async fn ask(socket: &mut Socket, request: Value) -> Value {
    socket
        .send(Message::text(request.to_string()))
        .await
        .unwrap();
    next(socket).await
}

async fn next(socket: &mut Socket) -> Value {
    let wait = tokio::time::timeout(Duration::from_secs(60), socket.next());
    let message = wait
        .await
        .expect("an answer in time")
        .expect("open")
        .expect("readable");
    serde_json::from_str(message.to_text().unwrap()).unwrap()
}

/// The f-puzzles data of a fixture link.
fn fixture(name: &str) -> String {
    let link = std::fs::read_to_string(repo(&format!("tests/fixtures/fpuzzles/{name}"))).unwrap();
    link.trim().split("?load=").nth(1).unwrap().to_string()
}

fn expected(name: &str) -> Value {
    let text = std::fs::read_to_string(repo("tests/fixtures/fpuzzles/expected.json")).unwrap();
    serde_json::from_str::<Value>(&text).unwrap()[name].clone()
}

fn request(nonce: u64, command: &str, data: &str) -> Value {
    json!({"nonce": nonce, "command": command, "dataType": "fpuzzles", "data": data})
}

/// An empty n x n Sudoku as f-puzzles data, with `extra` keys.
fn empty(n: usize, extra: Value) -> String {
    let mut object = json!({"size": n, "grid": vec![vec![json!({}); n]; n]});
    for (k, v) in extra.as_object().unwrap() {
        object[k] = v.clone();
    }
    lz_str::compress_to_base64(&object.to_string())
}

/// The fixtures `check` is asked about, in order, over one connection.
const CHECKED: [&str; 3] = ["antiking.txt", "arrow-several.txt", "arrow-none.txt"];

/// The answers to `check` of each of [`CHECKED`], asked in order over one connection to one
/// server (the request of each is sent once the one before is answered), got once and shared
/// by the fixtures' tests; or why the exchange failed.
fn checked_answers() -> &'static Result<Vec<Value>, String> {
    static ANSWERS: OnceLock<Result<Vec<Value>, String>> = OnceLock::new();
    ANSWERS.get_or_init(|| {
        let exchange = async {
            let server = start();
            let mut socket = connect(&server).await;
            let mut answers = Vec::new();
            for (i, name) in CHECKED.iter().enumerate() {
                answers.push(ask(&mut socket, request(i as u64, "check", &fixture(name))).await);
            }
            answers
        };
        catch_unwind(AssertUnwindSafe(|| block_on(exchange))).map_err(|e| {
            (e.downcast_ref::<String>().cloned())
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
    })
}

/// The answer to `check` of the fixture at `i` of [`CHECKED`] counts its solutions up to two,
/// as CP-SAT counted them.
fn check_counts_up_to_two_as_cp_sat_does(i: usize) {
    let name = CHECKED[i];
    let answers = (checked_answers().as_ref()).unwrap_or_else(|e| panic!("the exchange: {e}"));
    let answer = &answers[i];
    let solutions = expected(name)["solutions"].as_u64().unwrap().min(2);
    assert_eq!(
        *answer,
        json!({"type": "count", "count": solutions, "inProgress": false, "nonce": i}),
        "{name}"
    );
}

async fn solve_gives_cp_sats_solution_or_says_none() {
    let server = start();
    let mut socket = connect(&server).await;
    let answer = ask(&mut socket, request(1, "solve", &fixture("antiking.txt"))).await;
    assert_eq!(answer["type"], "solved");
    let solution: Vec<u32> = serde_json::from_value(answer["solution"].clone()).unwrap();
    let known: Vec<u32> = grid(&expected("antiking.txt")["solution"]).concat();
    assert_eq!(solution, known);
    let none = ask(&mut socket, request(2, "solve", &fixture("arrow-none.txt"))).await;
    assert_eq!(
        none,
        json!({"type": "invalid", "message": "No solutions found.", "nonce": 2})
    );
}

async fn true_candidates_are_the_union_of_every_solution() {
    let server = start();
    let mut socket = connect(&server).await;
    let name = "arrow-several.txt";
    let answer = ask(&mut socket, request(3, "truecandidates", &fixture(name))).await;
    let got: Vec<i64> = serde_json::from_value(answer["solutionsPerCandidate"].clone()).unwrap();
    let union: Vec<Vec<Vec<u32>>> =
        serde_json::from_value(expected(name)["candidates"].clone()).unwrap();
    let n = union.len();
    assert_eq!(got.len(), n * n * n);
    for (i, values) in union.iter().flatten().enumerate() {
        for v in 1..=n as u32 {
            let shown = got[i * n + v as usize - 1];
            assert_eq!(shown, i64::from(values.contains(&v)), "cell {i} value {v}");
        }
    }
}

async fn colored_candidates_count_solutions_up_to_eight() {
    // An empty 4x4 Sudoku: 288 grids, 72 with each value in each cell.
    let server = start();
    let mut socket = connect(&server).await;
    let data = empty(4, json!({"truecandidatesoptions": ["colored"]}));
    let answer = ask(&mut socket, request(4, "truecandidates", &data)).await;
    let got: Vec<i64> = serde_json::from_value(answer["solutionsPerCandidate"].clone()).unwrap();
    assert_eq!(got, vec![8; 64]);
}

async fn count_reports_every_solution() {
    let server = start();
    let mut socket = connect(&server).await;
    let answer = ask(&mut socket, request(5, "count", &empty(4, json!({})))).await;
    assert_eq!(
        answer,
        json!({"type": "count", "count": 288, "inProgress": false, "nonce": 5})
    );
}

/// Gecode's 25x25 number 26 as f-puzzles data: about 13 s to prove unique.
fn hard_25x25() -> String {
    let text = common::public_text("sudoku-gecode/gecode-sudoku-26-25.txt");
    let rows: Vec<Vec<Value>> = (text.lines().filter(|l| l.trim().len() == 25))
        .map(|l| {
            (l.trim().chars())
                .map(|ch| match ch.to_digit(36) {
                    // 1-9, then A = 10 ... P = 25.
                    Some(d) => json!({"value": d, "given": true}),
                    None => json!({}),
                })
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 25);
    lz_str::compress_to_base64(&json!({"size": 25, "grid": rows}).to_string())
}

async fn count_reports_progress_then_cancel_stops_it() {
    let server = start();
    let mut socket = connect(&server).await;
    let long = hard_25x25();
    socket
        .send(Message::text(request(6, "count", &long).to_string()))
        .await
        .unwrap();
    // Progress comes about once a second while it counts.
    let progress = next(&mut socket).await;
    assert_eq!(
        (progress["type"].clone(), progress["inProgress"].clone()),
        (json!("count"), json!(true)),
        "{progress}"
    );
    let mut canceled = ask(&mut socket, json!({"nonce": 7, "command": "cancel"})).await;
    while canceled["nonce"] == 6 {
        canceled = next(&mut socket).await; // progress already under way
    }
    assert_eq!(canceled, json!({"type": "canceled", "nonce": 7}));
    let check = ask(&mut socket, request(8, "check", &fixture("antiking.txt"))).await;
    assert_eq!(
        check["nonce"], 8,
        "the canceled count sends nothing more: {check}"
    );
    assert_eq!(check["count"], 1);
    idle(&server).await;
}

async fn cancel_stops_a_long_check_and_the_server_answers_on() {
    let server = start();
    let mut socket = connect(&server).await;
    socket
        .send(Message::text(
            request(20, "check", &hard_25x25()).to_string(),
        ))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let canceled = ask(&mut socket, json!({"nonce": 21, "command": "cancel"})).await;
    assert_eq!(canceled, json!({"type": "canceled", "nonce": 21}));
    let check = ask(&mut socket, request(22, "check", &fixture("antiking.txt"))).await;
    assert_eq!(
        (check["nonce"].clone(), check["count"].clone()),
        (json!(22), json!(1))
    );
    idle(&server).await;
}

/// No job keeps a core busy: the server's CPU time stands still while it waits.
async fn idle(server: &Server) {
    let before = cpu_seconds(server);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let spent = cpu_seconds(server) - before;
    assert!(spent < 0.5, "{spent} s of CPU while nothing was asked");
}

/// The CPU time the server's process has used (Linux: /proc/PID/stat, in clock ticks of
/// 10 ms).
fn cpu_seconds(server: &Server) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", server.child.id())).unwrap();
    let after_name = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

async fn garbage_gets_invalid_and_the_next_request_is_answered() {
    let server = start();
    let mut socket = connect(&server).await;
    let bad = ask(&mut socket, json!("not a request")).await;
    assert_eq!(bad["type"], "invalid");
    let unknown = ask(&mut socket, json!({"nonce": 9, "command": "frobnicate"})).await;
    assert_eq!(unknown["nonce"], 9);
    assert!(
        unknown["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown command"),
        "{unknown}"
    );
    let damaged = ask(
        &mut socket,
        request(10, "check", "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2A"),
    )
    .await;
    assert_eq!(damaged["type"], "invalid");
    let rule = ask(
        &mut socket,
        request(11, "check", &empty(4, json!({"frobnicate": []}))),
    )
    .await;
    assert!(
        rule["message"]
            .as_str()
            .unwrap()
            .contains("unknown key \"frobnicate\""),
        "{rule}"
    );
    let good = ask(&mut socket, request(12, "check", &fixture("antiking.txt"))).await;
    assert_eq!(good["count"], 1);
}

async fn several_clients_are_answered_and_one_gone_mid_count_stops_its_job() {
    let server = start();
    let mut gone = connect(&server).await;
    gone.send(Message::text(
        request(13, "count", &empty(9, json!({}))).to_string(),
    ))
    .await
    .unwrap();
    drop(gone);
    let (mut a, mut b) = (connect(&server).await, connect(&server).await);
    let (x, y) = tokio::join!(
        ask(&mut a, request(14, "check", &fixture("antiking.txt"))),
        ask(&mut b, request(15, "check", &fixture("arrow-several.txt")))
    );
    assert_eq!(
        (x["count"].clone(), y["count"].clone()),
        (json!(1), json!(2))
    );
}

async fn a_step_is_the_hint_and_the_path_ends_solved() {
    let server = start();
    let mut socket = connect(&server).await;
    let data = fixture("antiking.txt");
    let step = ask(&mut socket, request(16, "step", &data)).await;
    assert_eq!(step["type"], "logical");
    assert_eq!(step["isValid"], true);
    assert_eq!(step["message"].as_str().unwrap().lines().count(), 1);
    let path = ask(&mut socket, request(17, "solvepath", &data)).await;
    let known: Vec<u32> = grid(&expected("antiking.txt")["solution"]).concat();
    let values: Vec<u32> = (path["cells"].as_array().unwrap().iter())
        .map(|c| c["value"].as_u64().unwrap() as u32)
        .collect();
    assert_eq!(values, known);
}

/// The f-puzzles object of a fixture link.
fn fixture_object(name: &str) -> Value {
    let units = lz_str::decompress_from_base64(&fixture(name)).unwrap();
    serde_json::from_str(&String::from_utf16(&units).unwrap()).unwrap()
}

/// The fixture's f-puzzles object with `value` entered (not given) in row 1, column `col`.
fn with_entry(name: &str, col: usize, value: u32) -> String {
    let mut object = fixture_object(name);
    object["grid"][0][col] = json!({ "value": value });
    lz_str::compress_to_base64(&object.to_string())
}

async fn a_step_names_a_wrong_entered_value_and_goes_on_from_right_ones() {
    let server = start();
    let mut socket = connect(&server).await;
    let known = grid(&expected("antiking.txt")["solution"]);
    let object = fixture_object("antiking.txt");
    // An open cell of row 1.
    let col = (0..9)
        .find(|&c| object["grid"][0][c].get("value").is_none())
        .unwrap();
    let right = known[0][col];
    let wrong = if right == 1 { 2 } else { 1 };
    let bad = ask(
        &mut socket,
        request(30, "step", &with_entry("antiking.txt", col, wrong)),
    )
    .await;
    assert_eq!(bad["isValid"], false);
    let expected = format!("r1c{} is {wrong}, the solution has {right}", col + 1);
    assert_eq!(bad["message"], expected.as_str());
    let good = ask(
        &mut socket,
        request(31, "solvepath", &with_entry("antiking.txt", col, right)),
    )
    .await;
    assert_eq!(good["isValid"], true);
    let placed = format!("r1c{} = ", col + 1);
    let path = good["message"].as_str().unwrap();
    assert!(
        !path.lines().any(|l| l.starts_with(&placed)),
        "the entered cell is not placed again: {path}"
    );
}

async fn logical_candidates_mark_what_no_solution_uses() {
    let server = start();
    let mut socket = connect(&server).await;
    let name = "arrow-several.txt";
    let mut object = fixture_object(name);
    object["truecandidatesoptions"] = json!(["logical"]);
    let data = lz_str::compress_to_base64(&object.to_string());
    let answer = ask(&mut socket, request(40, "truecandidates", &data)).await;
    let got: Vec<i64> = serde_json::from_value(answer["solutionsPerCandidate"].clone()).unwrap();
    let union: Vec<Vec<Vec<u32>>> =
        serde_json::from_value(expected(name)["candidates"].clone()).unwrap();
    let n = union.len();
    for (i, values) in union.iter().flatten().enumerate() {
        for v in 1..=n as u32 {
            let shown = got[i * n + v as usize - 1];
            match values.contains(&v) {
                true => assert_eq!(shown, 1, "cell {i} value {v}"),
                false => assert!(shown <= 0, "cell {i} value {v}: {shown}"),
            }
        }
    }
}

/// Runs a test's future to its end on a runtime of its own, on the test's thread, as
/// `#[tokio::test]` does.
fn block_on<T>(test: impl Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(test)
}

/// Tests of async functions, one per function named, each run by [`block_on`].
macro_rules! async_tests {
    ($($test:ident),* $(,)?) => {
        vec![$(common::trial(stringify!($test), || block_on($test()))),*]
    };
}

fn main() {
    let mut trials = cases(
        "check_counts_up_to_two_as_cp_sat_does",
        || {
            (CHECKED.iter().enumerate())
                .map(|(i, name)| (name.to_string(), i))
                .collect()
        },
        check_counts_up_to_two_as_cp_sat_does,
    );
    trials.extend(async_tests![
        solve_gives_cp_sats_solution_or_says_none,
        true_candidates_are_the_union_of_every_solution,
        colored_candidates_count_solutions_up_to_eight,
        count_reports_every_solution,
        count_reports_progress_then_cancel_stops_it,
        cancel_stops_a_long_check_and_the_server_answers_on,
        garbage_gets_invalid_and_the_next_request_is_answered,
        several_clients_are_answered_and_one_gone_mid_count_stops_its_job,
        a_step_is_the_hint_and_the_path_ends_solved,
        a_step_names_a_wrong_entered_value_and_goes_on_from_right_ones,
        logical_candidates_mark_what_no_solution_uses,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
