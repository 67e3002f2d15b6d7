"""The peer of Benchmarks/store.sh: Python loading the same snapshot files Trawl loads, with
the standard library's json and with orjson (when the interpreter has it), each file read
and parsed whole, as Trawl's load does. Prints MB/s (wall, and per CPU second) and Trawl's
load speed as a multiple of each peer's.

Usage: store_peer.py CACHE_DIR TRAWL_MB_PER_SECOND TRAWL_MB_PER_CPU_SECOND
"""

import glob
import json
import os
import sys
import time


def measure(loads, files):
    """MB/s wall and per CPU second of reading and parsing every file; and the item count."""
    wall = cpu = 0.0
    size = items = 0
    for path in files:
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        with open(path, "rb") as handle:
            snapshot = loads(handle.read())
        wall += time.perf_counter() - start_wall
        cpu += time.process_time() - start_cpu
        size += os.path.getsize(path)
        items += len(snapshot["items"]) + len(snapshot.get("removed", []))
    megabytes = size / 1_048_576
    return megabytes / wall, megabytes / cpu, items


def main():
    cache, trawl_wall, trawl_cpu = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    files = sorted(glob.glob(os.path.join(cache, "sources", "*", "snapshot.json")))
    peers = [("python json.loads", json.loads)]
    try:
        import orjson

        peers.append((f"orjson.loads {orjson.__version__}", orjson.loads))
    except ImportError:
        print("store_peer: orjson is not installed; only the standard library's json is measured", file=sys.stderr)
    print(f"load peers on the same {len(files)} snapshot files; Trawl: {trawl_wall:.0f} MB/s ({trawl_cpu:.0f} per CPU second)")
    print("peer                      items      MB/s  (CPU)   Trawl against it")
    for name, loads in peers:
        wall, cpu, items = measure(loads, files)
        print(f"{name:<24}{items:>8}  {wall:8.0f} ({cpu:5.0f})   {trawl_wall / wall:.2f}x ({trawl_cpu / cpu:.2f}x per CPU second)")


if __name__ == "__main__":
    main()
