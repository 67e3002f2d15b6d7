#!/usr/bin/env bash
# Peak memory against hostile bodies (a gzip bomb, an endless chunked body), for
# `trawl run` and `trawl download`, beside Python's urllib. TRAWL=path picks another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TRAWL:-}" ]; then
  swift build -c release --product trawl >/dev/null
  TRAWL="$(swift build -c release --show-bin-path)/trawl"
fi
python3 Benchmarks/python/fetch_bounds.py "$TRAWL"
