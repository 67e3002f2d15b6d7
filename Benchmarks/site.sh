#!/bin/sh
# Site generation at scale: 100 sources x 1,000 items, rendered once, then again from the
# same cache. Prints seconds, files/s and peak memory; fails if the unchanged regeneration
# rewrites a file.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product trawl-bench >/dev/null
.build/release/trawl-bench site "$@"
