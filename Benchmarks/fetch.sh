#!/usr/bin/env bash
# Fetch 2,000 small pages from a loopback server, 16 at a time: Trawl's fetcher, then
# Python's urllib for comparison. Prints pages/s and CPU seconds (client and server share
# one process in both, so the CPU figure covers both ends).
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${PAGES:-2000}
concurrency=${CONCURRENCY:-16}
swift build -c release --product trawl-bench >/dev/null
"$(swift build -c release --show-bin-path)/trawl-bench" fetch "$pages" "$concurrency"
python3 Benchmarks/python/fetch.py "$pages" "$concurrency"
