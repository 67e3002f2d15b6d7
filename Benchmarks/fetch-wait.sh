#!/usr/bin/env bash
# CPU burnt while waiting: `trawl run` and Python's urllib each wait for two pages from a
# loopback server that answers after DELAY seconds (3 by default). Prints CPU seconds per
# waiting second for both, and their ratio. TRAWL=path picks another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TRAWL:-}" ]; then
  swift build -c release --product trawl >/dev/null
  TRAWL="$(swift build -c release --show-bin-path)/trawl"
fi
python3 Benchmarks/python/fetch_wait.py "$TRAWL" "${DELAY:-3}"
