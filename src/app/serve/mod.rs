//! `mipsolve serve`: the f-puzzles solver protocol over WebSocket (`ws://127.0.0.1:4545` by
//! default), so that the userscript setters use in f-puzzles gets mipsolve's answers. Each
//! client has one job at a time, run on a thread of its own: a new request or `cancel` from
//! the client, or its leaving, moves the client's job number on, which ends the job's
//! deadline; the server never dies on a client's input.

mod answer;
mod protocol;
mod refusal;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::Context;
use futures_util::{SinkExt, StreamExt};
use mipsolve::deadline::Deadline;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use protocol::{message, Answer, Request};

/// What `mipsolve serve` needs.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// The address to listen on (loopback unless `--listen` says otherwise).
    pub address: SocketAddr,
    /// No line per request on standard error.
    pub quiet: bool,
}

/// Serves until Ctrl-C.
pub fn run(config: &ServeConfig) -> anyhow::Result<u8> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the server")?;
    runtime.block_on(serve(config.clone()))
}

async fn serve(config: ServeConfig) -> anyhow::Result<u8> {
    let listener = TcpListener::bind(config.address)
        .await
        .with_context(|| format!("cannot listen on {}", config.address))?;
    let address = listener.local_addr()?;
    eprintln!("mipsolve: serving the f-puzzles solver protocol on ws://{address} (Ctrl-C stops)");
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                if let Ok((stream, peer)) = accepted {
                    tokio::spawn(client(stream, peer, config.quiet));
                }
            }
            _ = tokio::signal::ctrl_c() => {
                eprintln!("mipsolve: stopped");
                return Ok(0);
            }
        }
    }
}

/// One client: its requests read in turn, its answers written as they come.
async fn client(stream: TcpStream, peer: SocketAddr, quiet: bool) {
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut requests) = socket.split();
    let (answers, mut outbox) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(text) = outbox.recv().await {
            if sink.send(Message::text(text)).await.is_err() {
                break;
            }
        }
    });
    // The client's job number: a job runs while it holds its own (one counter a client,
    // kept for the life of the server: a deadline holds it by a plain reference).
    let current: &'static AtomicU64 = Box::leak(Box::new(AtomicU64::new(0)));
    while let Some(Ok(incoming)) = requests.next().await {
        let text = match incoming {
            Message::Text(text) => text.to_string(),
            Message::Close(_) => break,
            _ => continue,
        };
        let nonce = protocol::nonce(&text);
        // Whatever comes, the running job is over: a new request replaces it.
        let job = current.fetch_add(1, Ordering::Relaxed) + 1;
        let request = match protocol::read(&text) {
            Ok(request) => request,
            Err(refusal) => {
                let message = refusal.to_string();
                let _ = answers.send(protocol::message(&nonce, &Answer::Invalid { message }));
                continue;
            }
        };
        if let Request::Cancel = request {
            let _ = answers.send(message(&nonce, &Answer::Canceled));
            continue;
        }
        let answers = answers.clone();
        let deadline = Deadline::none().for_job(current, job);
        std::thread::spawn(move || {
            let started = Instant::now();
            let last = Mutex::new(String::from("canceled"));
            answer::answer(&request, deadline, &|answer| {
                if let Ok(mut last) = last.lock() {
                    *last = verdict(&answer);
                }
                let _ = answers.send(message(&nonce, &answer));
            });
            if !quiet {
                let size = request.puzzle().map_or(0, |p| p.data.len());
                let ms = started.elapsed().as_secs_f64() * 1e3;
                let last = last.into_inner().unwrap_or_default();
                eprintln!(
                    "{peer} {} ({size} characters): {last} in {ms:.1} ms",
                    request.name()
                );
            }
        });
    }
    // Gone: its job ends.
    current.fetch_add(1, Ordering::Relaxed);
    drop(answers);
    let _ = writer.await;
}

/// An answer in a few words, for the log.
fn verdict(answer: &Answer) -> String {
    match answer {
        Answer::TrueCandidates { .. } => "candidates".into(),
        Answer::Solved { .. } => "solved".into(),
        Answer::Count { count, in_progress } => match in_progress {
            true => format!("{count} so far"),
            false => format!("count {count}"),
        },
        Answer::Logical { .. } => "steps".into(),
        Answer::Invalid { message } => format!("invalid: {message}"),
        Answer::Canceled => "canceled".into(),
    }
}
