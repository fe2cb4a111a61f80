#!/usr/bin/env bash
# mipsolve against the Interactive Sudoku Solver (ISS, sigh/Interactive-Sudoku-Solver, MIT,
# JavaScript) on the same ISS constraint strings (default: the 250 of tests/fixtures/iss-index),
# as a Markdown table per ISS constraint type: puzzles, mipsolve median/max ms, ISS median/max
# ms, the mipsolve/ISS ratio of the medians, and the time-outs; then an overall row. A puzzle
# counts once under every type its string uses (the word before the first `~` of each item;
# no word = Given; Shape and the End of Or/And left out). Puzzles mipsolve refuses (a type or
# shape it does not read) are run on neither side and only counted.
#
# What is timed:
# - mipsolve: one process per puzzle, `mipsolve sudoku --check-unique --format json -q
#   --time-limit S FILE`, wall time from bash (fork, exec and process start included).
# - ISS: its solver run headless under node by bench/iss_driver.mjs, which imports ISS's own
#   modules from a checkout (nothing of ISS is copied into this project). ONE node process
#   runs all the puzzles one after another, so node start and the module imports are paid once
#   (printed once, below the table) and not per puzzle, and later puzzles run on JIT-warmed
#   code; a puzzle's time is performance.now() around ISS's parse + setup (resolve, build) +
#   solve + search for a second solution (uniqueness), as the ISS app does for a puzzle.
# - The two sides run one after the other, never at the same time.
# Both sides' answers are compared (unique or not, and the grid when unique); any
# disagreement is listed.
#
# ISS is checked out at the pinned commit ISS_COMMIT into a cache outside the repository,
# ${XDG_CACHE_HOME:-$HOME/.cache}/mipsolve-bench/iss (or $ISS_DIR), cloned from GitHub or, when
# GitHub cannot be reached, from a local mirror ($ISS_MIRROR, a git directory) if present.
#
# Usage: bash bench/iss.sh [files...]
#   ISS_TIME_LIMIT=SECONDS  per puzzle and side (default 20; ISS stops its search there, and
#                           a puzzle stuck in ISS's setup is cut off 10 s later)
# Needs node (>= 18) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

ISS_COMMIT=e373f9811c087246b097eb444d838ab492c55f35  # "Use in-place insertion sort for bounded sorts."
ISS_URL=https://github.com/sigh/Interactive-Sudoku-Solver
ISS_MIRROR=${ISS_MIRROR:-}
ISS_DIR=${ISS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mipsolve-bench/iss}
LIMIT=${ISS_TIME_LIMIT:-20}
MIPSOLVE=target/release/mipsolve

[ -x "$MIPSOLVE" ] || cargo build --quiet --release

# --- ISS at the pinned commit -------------------------------------------------------------
if [ "$(git -C "$ISS_DIR" rev-parse HEAD 2>/dev/null)" != "$ISS_COMMIT" ]; then
    if [ ! -d "$ISS_DIR/.git" ]; then
        mkdir -p "$(dirname "$ISS_DIR")"
        echo "cloning $ISS_URL into $ISS_DIR" >&2
        if ! GIT_TERMINAL_PROMPT=0 timeout 600 git clone --quiet --no-checkout "$ISS_URL" "$ISS_DIR"; then
            rm -rf "$ISS_DIR"
            [ -n "$ISS_MIRROR" ] && [ -d "$ISS_MIRROR" ] || { echo "cannot reach $ISS_URL and no mirror at $ISS_MIRROR" >&2; exit 1; }
            echo "GitHub unreachable: cloning the local mirror $ISS_MIRROR instead" >&2
            git clone --quiet --no-checkout "$ISS_MIRROR" "$ISS_DIR"
        fi
    fi
    if ! git -C "$ISS_DIR" cat-file -e "$ISS_COMMIT^{commit}" 2>/dev/null; then
        GIT_TERMINAL_PROMPT=0 timeout 600 git -C "$ISS_DIR" fetch --quiet "$ISS_URL" ||
            git -C "$ISS_DIR" fetch --quiet "$ISS_MIRROR"
    fi
    git -C "$ISS_DIR" -c advice.detachedHead=false checkout --quiet "$ISS_COMMIT"
fi

# --- puzzles ------------------------------------------------------------------------------
if [ $# -gt 0 ]; then files=("$@"); else files=(tests/fixtures/iss-index/*.iss); fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Wall microseconds between two $EPOCHREALTIME readings (no fork to read the clock).
micros() { echo $(( ${2//[.,]/} - ${1//[.,]/} )); }

# Process start, measured once each (median of 5): mipsolve --version, node -e 0.
for tool in mipsolve node; do
    for _ in 1 2 3 4 5; do
        t0=$EPOCHREALTIME
        if [ "$tool" = mipsolve ]; then "$MIPSOLVE" --version >/dev/null; else node -e 0; fi
        t1=$EPOCHREALTIME
        printf '%s\t%s\n' "$tool" "$(micros "$t0" "$t1")" >>"$tmp/start.tsv"
    done
done

start=$EPOCHREALTIME
# mipsolve: one process per puzzle. Lines: file, wall µs, its JSON record.
accepted=()
for f in "${files[@]}"; do
    f=$(realpath -- "$f")
    t0=$EPOCHREALTIME
    "$MIPSOLVE" sudoku --check-unique --format json -q --time-limit "$LIMIT" "$f" \
        >"$tmp/out" 2>/dev/null || true
    t1=$EPOCHREALTIME
    IFS= read -r record <"$tmp/out" || record='{"status":"error","error":"no output"}'
    printf '%s\t%s\t%s\n' "$f" "$(micros "$t0" "$t1")" "$record" >>"$tmp/mipsolve.tsv"
    case $record in *'"status":"error"'*) ;; *) accepted+=("$f") ;; esac
done
mid=$EPOCHREALTIME
# ISS: one node process for all the puzzles mipsolve reads.
if [ ${#accepted[@]} -gt 0 ]; then
    node bench/iss_driver.mjs "$ISS_DIR" "$LIMIT" "${accepted[@]}" >"$tmp/iss.jsonl"
else
    : >"$tmp/iss.jsonl"
fi
end=$EPOCHREALTIME

python3 - "$tmp" "$(micros "$start" "$mid")" "$(micros "$mid" "$end")" "$LIMIT" "$ISS_COMMIT" <<'EOF'
import collections, json, os, re, statistics, sys

tmp, m_wall, i_wall, limit, commit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]

def types(path):
    text = re.sub(r"\s+", "", open(path).read())
    found = set()
    for item in text.split(".")[1:]:
        word = item.split("~", 1)[0]
        if word not in ("Shape", "End"):
            found.add(word or "Given")
    return found

starts = collections.defaultdict(list)
for line in open(os.path.join(tmp, "start.tsv")):
    tool, us = line.split("\t")
    starts[tool].append(int(us) / 1000)

mip, refused = {}, collections.Counter()
for line in open(os.path.join(tmp, "mipsolve.tsv")):
    path, us, record = line.rstrip("\n").split("\t", 2)
    r = json.loads(record)
    if r["status"] == "error":
        error = r.get("error", "")
        kind = re.search(r"ISS type \"([^\"]+)\"", error)
        shape = re.search(r"(Shape~[^:]*): mipsolve reads", error)
        refused[kind.group(1) if kind else shape.group(1) if shape else error] += 1
    else:
        mip[path] = (int(us) / 1000, r)

iss, meta = {}, {}
for line in open(os.path.join(tmp, "iss.jsonl")):
    r = json.loads(line)
    if "meta" in r:
        meta = r["meta"]
    else:
        iss[r["file"]] = r

def answer_m(r):
    if r["status"] == "timeout": return "timeout"
    if r["status"] == "infeasible": return "none"
    return "unique" if r.get("unique") else "several"

def answer_i(r):
    if r["status"] != "solved": return r["status"]
    return {0: "none", 1: "unique", 2: "several"}[r["solutions"]]

rows, disagree, iss_errors, timeouts = [], [], [], []
for path, (m_ms, m) in mip.items():
    name = os.path.basename(path)
    i = iss.get(path)
    if i is None or i["status"] == "error":
        iss_errors.append((name, (i or {}).get("error", "no result").splitlines()[0] if i else "no result"))
        continue
    a_m, a_i = answer_m(m), answer_i(i)
    if "timeout" not in (a_m, a_i):
        if a_m != a_i:
            disagree.append(f"{name}: mipsolve {a_m}, ISS {a_i}")
        elif a_m == "unique":
            grid = [v for row in m["solution"] for v in row]
            if grid != i["grid"]:
                disagree.append(f"{name}: both unique, different grids")
    rows.append((types(path), m_ms, a_m == "timeout", i["ms"], a_i == "timeout", name))
    if "timeout" in (a_m, a_i):
        timeouts.append(f"{name} (" + " and ".join(side for side, a in (("mipsolve", a_m), ("ISS", a_i))
                                                  if a == "timeout") + ")")

def fmt(ms):
    return f"{ms:.0f}" if ms >= 10 else f"{ms:.1f}"

def line(label, group):
    m = [g[1] for g in group]
    i = [g[3] for g in group]
    tm, ti = sum(g[2] for g in group), sum(g[4] for g in group)
    mmed, imed = statistics.median(m), statistics.median(i)
    return (f"| {label} | {len(group)} | {fmt(mmed)} | {'≥' if tm else ''}{fmt(max(m))} "
            f"| {fmt(imed)} | {'≥' if ti else ''}{fmt(max(i))} | {mmed / imed:.2f} | {tm} / {ti} |")

by_type = collections.defaultdict(list)
for row in rows:
    for t in row[0]:
        by_type[t].append(row)

print(f"ISS {commit[:12]} against mipsolve, {len(mip) + sum(refused.values())} puzzles, "
      f"limit {limit:g} s per puzzle and side; times in ms (mipsolve: a process per puzzle, "
      f"wall; ISS: parse + setup + solve + uniqueness inside one node process)\n")
print("| ISS type | puzzles | mipsolve median | mipsolve max | ISS median | ISS max "
      "| mipsolve/ISS (medians) | time-outs mipsolve / ISS |")
print("|---|---|---|---|---|---|---|---|")
for t, group in sorted(by_type.items(), key=lambda kv: (-len(kv[1]), kv[0])):
    print(line(t, group))
if rows:
    print(line("**all**", rows))
print()
print(f"refused by mipsolve (run on neither side): {sum(refused.values())}"
      + (" — " + ", ".join(f"{k} {n}" for k, n in refused.most_common()) if refused else ""))
if iss_errors:
    print(f"read by mipsolve but failed in ISS (left out): {len(iss_errors)} — "
          + "; ".join(f"{n}: {e}" for n, e in iss_errors))
if timeouts:
    print(f"out of time (counted at their time; answers not compared): {', '.join(timeouts)}")
print(f"disagreements: {len(disagree)}" + "".join(f"\n  {d}" for d in disagree))
slow = sorted((r for r in rows if r[1] > 3 * r[3] + 50 and not r[4]), key=lambda r: -r[1] / max(r[3], 0.1))
print(f"over 3x ISS's time + 50 ms (mipsolve's process start counted, ISS's not): {len(slow)} of "
      f"{len(rows)}" + "".join(f"\n  {r[5]}: {fmt(r[1])} ms, ISS {fmt(r[3])} ms" for r in slow))
med = lambda xs: f"{statistics.median(xs):.1f} ms" if xs else "?"
print(f"process start, median of 5: mipsolve --version {med(starts['mipsolve'])}, "
      f"node -e 0 {med(starts['node'])}; in the ISS run, once: node boot "
      f"{meta.get('node_boot_ms', float('nan')):.0f} ms + ISS module imports "
      f"{meta.get('import_ms', float('nan')):.0f} ms (not in the puzzle times)")
if mip:
    inside = [r["seconds"] * 1000 for _, r in mip.values() if r.get("seconds") is not None]
    print(f"mipsolve's own `seconds` (in-process solve), median: {med(inside)}")
print(f"wall: mipsolve side {m_wall / 1e6:.1f} s, ISS side {i_wall / 1e6:.1f} s")
EOF
