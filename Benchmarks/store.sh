#!/usr/bin/env bash
# The cache and change detection at scale: 100 sources x 10,000 items, three runs
# (baseline, unchanged, 1% changed). Fails if the unchanged run rewrites a cache file.
# Then the load peers: Python's json and orjson loading the same snapshot files, and
# Trawl's load speed (the unchanged run's) against theirs.
# Usage: Benchmarks/store.sh [--sources N] [--items N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product trawl-bench >/dev/null

# The peers live in the benchmarks' virtual environment, made once.
venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2 || { rm -rf "$venv"; scripts/install-packages python3-venv && python3 -m venv "$venv" >&2; }
fi
"$venv/bin/python" -c "import orjson" 2>/dev/null || "$venv/bin/python" -m pip install -q orjson >&2 || true

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
.build/release/trawl-bench store --keep "$work/cache" "$@" | tee "$work/out"
load="$(sed -n 's/^load speed: \([0-9.]*\) MB\/s, \([0-9.]*\) MB\/s per CPU second.*/\1 \2/p' "$work/out")"
[ -n "$load" ] || { echo "store.sh: trawl-bench printed no load speed" >&2; exit 1; }
# shellcheck disable=SC2086
"$venv/bin/python" Benchmarks/python/store_peer.py "$work/cache" $load
