#!/usr/bin/env bash
# The core job at scale: `trawl scrape` of 50 list pages x 2,000 items (about 32 MB; fields
# title, url, date with a format and stripped prefixes, tags as a list, summary) against a
# parsel spider doing the same extraction, in CPU seconds of the whole process. The items
# must be identical; each side is timed three times and its best run counts. Then `trawl select`
# over the 130 shared real pages against parsel.
# Usage: Benchmarks/scrape.sh [--pages N] [--items N]
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product trawl >&2
trawl="$PWD/.build/release/trawl"

# The peers live in their own virtual environment, made once.
venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2 || { rm -rf "$venv"; scripts/install-packages python3-venv && python3 -m venv "$venv" >&2; }
fi
"$venv/bin/python" -c "import parsel" 2>/dev/null || "$venv/bin/python" -m pip install -q parsel >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/python/scrape_pages.py "$work" "$@"
# The fresh pages reach the disk now, not during the runs that are measured.
sync
"$venv/bin/python" Benchmarks/python/scrape_bench.py "$trawl" "$work" "$PWD/$venv/bin/python"

pages="${TRAWL_SHARED:-../shared}/testdata/pages"
if [ -d "$pages" ]; then
    "$venv/bin/python" Benchmarks/python/scrape_bench.py "$trawl" "$work" "$PWD/$venv/bin/python" "$pages"
else
    echo "scrape.sh: $pages is absent (set TRAWL_SHARED to the folder holding testdata/); select skipped" >&2
fi
