#!/bin/sh
# The cache and change detection at scale: 100 sources x 10,000 items, three runs
# (baseline, unchanged, 1% changed). Fails if the unchanged run rewrites a cache file.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product trawl-bench >/dev/null
.build/release/trawl-bench store "$@"
