#!/usr/bin/env bash
# Extracts the article of each of Mozilla readability's 130 test pages with Trawl
# (trawl-bench article, release build), readability-lxml and trafilatura, and scores each
# against readability's expected output (Benchmarks/python/article_score.py): precision,
# recall and F1 over 4-gram shingles of \w+ tokens per page, averaged, with every 5th page
# held out from tuning and reported apart; metadata field by field; time per page.
# Usage: Benchmarks/article.sh [--worst N]   (list Trawl's N worst pages with the peers' F1)
set -euo pipefail
cd "$(dirname "$0")/.."

testdata="${TRAWL_SHARED:-../shared}/testdata"
pages="$testdata/pages"
expected="$testdata/readability-expected"
if [ ! -d "$pages" ] || [ ! -d "$expected" ]; then
    echo "article.sh: $pages or $expected is absent (set TRAWL_SHARED to the folder holding testdata/)" >&2
    exit 1
fi

swift build -c release --product trawl-bench >&2
python3 -c "import readability, trafilatura" 2>/dev/null || python3 -m pip install -q readability-lxml trafilatura >&2

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT
# Each page's time is its best of three passes, for every tool alike.
.build/release/trawl-bench article --pages "$pages" --out "$results" --passes 3 >&2
python3 Benchmarks/python/article_score.py --pages "$pages" --expected "$expected" --trawl "$results" \
    --passes 3 --peers "$@"
