#!/bin/sh
# Parses the whole shared feed corpus with TrawlFeeds and with Python's feedparser,
# and prints both figures and the ratio. Run from the repository root (make bench).
set -eu
cd "$(dirname "$0")/.."
corpus="${TRAWL_SHARED:-../shared}/testdata/feeds"
seconds="${BENCH_SECONDS:-3}"
[ -d "$corpus" ] || { echo "feeds benchmark: $corpus is missing; skipped" >&2; exit 0; }

scripts/install-python-packages feedparser
swift build -c release --product trawl-bench >/dev/null

echo "== feeds: parse $corpus (lenient, in memory, >= ${seconds}s each)"
trawl=$(.build/release/trawl-bench feeds "$corpus" --seconds "$seconds")
python=$(python3 Benchmarks/python/feeds_feedparser.py "$corpus" --seconds "$seconds")
echo "$trawl"
echo "$python"
echo "$trawl" "$python" | awk '{
    for (i = 1; i <= NF; i++) if ($i == "feeds/s") rates[++n] = $(i - 1)
} END { if (n == 2 && rates[2] > 0) printf "speed-up   %.1fx feedparser (target: 20x)\n", rates[1] / rates[2] }'
