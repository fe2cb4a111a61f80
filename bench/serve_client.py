"""Times `mipsolve serve` as the f-puzzles userscript uses it: for each puzzle file (an
f-puzzles link), `check` and `truecandidates` sent over one WebSocket connection, one at a
time; prints per command the puzzles, median and max milliseconds from sending the request to
reading its answer, and the answers' types.

  python bench/serve_client.py ws://127.0.0.1:PORT FILE...   (needs the websockets package)"""
import asyncio
import json
import statistics
import sys
import time

import websockets


def data(path):
    text = open(path).read().strip()
    for mark in ("?load=", "/fpuzzles", "=fpuzzles"):
        if mark in text:
            return text.split(mark, 1)[1].split("&")[0]
    return text


async def main(url, files):
    times = {"check": [], "truecandidates": []}
    kinds = {"check": {}, "truecandidates": {}}
    async with websockets.connect(url, max_size=None) as ws:
        for nonce, path in enumerate(files):
            for command in times:
                request = {"nonce": nonce, "command": command, "dataType": "fpuzzles", "data": data(path)}
                start = time.perf_counter()
                await ws.send(json.dumps(request))
                while True:
                    answer = json.loads(await ws.recv())
                    if answer.get("nonce") == nonce and not answer.get("inProgress"):
                        break
                times[command].append(time.perf_counter() - start)
                kind = answer["type"] if answer["type"] != "count" else f"count {answer['count']}"
                kinds[command][kind] = kinds[command].get(kind, 0) + 1
    for command, t in times.items():
        t.sort()
        print(f"{command:<15} {len(t):>4} puzzles   median {1000 * statistics.median(t):8.1f} ms"
              f"   max {1000 * t[-1]:8.1f} ms   {kinds[command]}")


asyncio.run(main(sys.argv[1], sys.argv[2:]))
