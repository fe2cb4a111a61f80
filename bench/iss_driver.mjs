// Times the Interactive Sudoku Solver (ISS, sigh/Interactive-Sudoku-Solver, MIT) on ISS
// constraint strings, headless under node, for bench/iss.sh. Nothing of ISS is copied here:
// its modules are imported from a checkout given on the command line.
//
// Usage: node bench/iss_driver.mjs ISS_DIR SECONDS FILE...
//
// One node process runs every puzzle, one after another, in a worker thread (so a puzzle
// that overruns can be cut off by terminating the worker; a fresh worker, with fresh
// imports, then takes the rest). Per puzzle it times, with performance.now(), what the ISS
// app does to solve and check a puzzle: SudokuParser.parseText, SudokuBuilder
// .resolveConstraint + .build (ISS's own setup: handlers, optimizer, NFA compilation), then
// nthSolution(0) and nthSolution(1) on the solver (as its SimpleSolver.uniqueSolution does:
// a second solution is searched for, so 1 means unique). Node start and the module imports
// are not in a puzzle's time; they are printed once, in a first {"meta": ...} line.
//
// Limit: ISS's solver calls its progress callback every 2^10 search steps; the callback
// throws past SECONDS, so the search stops there (status "timeout"). A puzzle stuck
// outside the search (parse or build) is cut off by the main thread at SECONDS + 10.
//
// Output, one JSON line per puzzle: {file, status: "solved"|"timeout"|"error", ms,
// solutions (0, 1 or 2: 2 = several), grid (the first solution's main-grid cells, row by
// row, or null), rows, cols, error}.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (isMainThread) {
  const [issDir, seconds, ...files] = process.argv.slice(2);
  if (!issDir || !seconds) {
    console.error('usage: node bench/iss_driver.mjs ISS_DIR SECONDS FILE...');
    process.exit(2);
  }
  const bootMs = performance.now();  // since node's process start (timeOrigin)
  const limitMs = Number(seconds) * 1000;
  let next = 0;
  let firstImportMs = null;

  const startWorker = () => new Promise((done) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { issDir: resolve(issDir), limitMs },
    });
    let current = null;
    let watchdog = null;
    const sendNext = () => {
      clearTimeout(watchdog);
      if (next >= files.length) { worker.terminate(); return; }
      current = files[next++];
      watchdog = setTimeout(() => {
        console.log(JSON.stringify({
          file: current, status: 'timeout', ms: limitMs + 10000, solutions: null, grid: null,
          error: 'cut off outside the search (parse or build)',
        }));
        current = null;
        worker.terminate();
      }, limitMs + 10000);
      worker.postMessage(current);
    };
    worker.on('message', (msg) => {
      if (msg.ready) {
        if (firstImportMs === null) {
          firstImportMs = msg.importMs;
          console.log(JSON.stringify({ meta: { node_boot_ms: bootMs, import_ms: msg.importMs } }));
        }
      } else {
        console.log(JSON.stringify(msg));
        current = null;
      }
      sendNext();
    });
    worker.on('error', (err) => {
      if (current) {
        console.log(JSON.stringify({
          file: current, status: 'error', ms: null, solutions: null, grid: null,
          error: String(err && err.stack || err),
        }));
      }
    });
    worker.on('exit', () => { clearTimeout(watchdog); done(); });
  });

  while (next < files.length) await startWorker();
} else {
  const { issDir, limitMs } = workerData;
  const t0 = performance.now();
  const mod = (path) => pathToFileURL(join(issDir, path)).href;
  // ISS's own headless bootstrap (globals its modules expect: self, VERSION_PARAM, ...).
  const { ensureGlobalEnvironment } = await import(mod('tests/helpers/test_env.js'));
  ensureGlobalEnvironment();
  const { SudokuParser } = await import(mod('js/sudoku_parser.js'));
  const { SudokuBuilder } = await import(mod('js/solver/sudoku_builder.js'));
  const importMs = performance.now() - t0;

  class Timeout extends Error {}

  const solve = (file) => {
    const text = readFileSync(file, 'utf8');
    const start = performance.now();
    const deadline = start + limitMs;
    let solver = null;
    let first = null;
    let solutions = 0;
    try {
      const constraint = SudokuParser.parseText(text);
      solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
      solver.setProgressCallback(() => {
        if (performance.now() > deadline) throw new Timeout();
      }, 10);
      if (performance.now() > deadline) throw new Timeout();
      first = solver.nthSolution(0);
      if (first) solutions = solver.nthSolution(1) ? 2 : 1;
    } catch (err) {
      const ms = performance.now() - start;
      const timeout = err instanceof Timeout;
      return {
        file, status: timeout ? 'timeout' : 'error', ms, solutions: null, grid: null,
        error: timeout ? null : String(err && err.stack || err),
      };
    }
    const ms = performance.now() - start;
    const geometry = solver.geometry();
    const cells = geometry.numRows * geometry.numCols;
    return {
      file, status: 'solved', ms, solutions,
      grid: first ? Array.from(first.slice(0, cells)) : null,
      rows: geometry.numRows, cols: geometry.numCols,
    };
  };

  parentPort.on('message', (file) => parentPort.postMessage(solve(file)));
  parentPort.postMessage({ ready: true, importMs });
}
