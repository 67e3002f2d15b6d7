#!/usr/bin/env bash
# Parses the 130 shared test pages and runs the same selectors on each with Trawl (libxml2),
# parsel (lxml + cssselect) and selectolax (lexbor), printing the figures side by side.
# Usage: Benchmarks/html.sh [--leak-check N | --crosscheck]
#   --leak-check N  parse N pages in a row, printing resident memory (flat means no leak)
#   --crosscheck    compare Trawl's match counts with parsel's on every page
set -euo pipefail
cd "$(dirname "$0")/.."

pages="${TRAWL_SHARED:-../shared}/testdata/pages"
if [ ! -d "$pages" ]; then
    echo "html.sh: $pages is absent (set TRAWL_SHARED to the folder holding testdata/)" >&2
    exit 1
fi

swift build -c release --product trawl-bench >&2
bench=".build/release/trawl-bench"

if [ "${1:-}" = "--leak-check" ]; then
    "$bench" html --pages "$pages" --leak-check "${2:-10000}"
    exit 0
fi

python3 -c "import parsel, selectolax" 2>/dev/null || python3 -m pip install -q parsel selectolax >&2

selectors="$(mktemp)"
trap 'rm -f "$selectors"' EXIT
"$bench" html --selectors >"$selectors"

if [ "${1:-}" = "--crosscheck" ]; then
    "$bench" html --pages "$pages" --counts "$selectors" | python3 Benchmarks/python/html_crosscheck.py --pages "$pages"
    exit 0
fi

echo "HTML: parse every page and run $(wc -l <"$selectors") selectors (MB/s and pages/s by the wall clock; MB/CPU-s by CPU time)"
"$bench" html --pages "$pages" --threads 1
"$bench" html --pages "$pages" --threads 2
python3 Benchmarks/python/html_peers.py --pages "$pages" --selectors "$selectors" --processes 1
python3 Benchmarks/python/html_peers.py --pages "$pages" --selectors "$selectors" --processes 2
