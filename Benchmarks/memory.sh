#!/usr/bin/env bash
# Peak resident memory per input megabyte: `trawl select` on a generated list page and
# `trawl feed` on a generated RSS feed, beside lxml (libxml2 from Python: the same tree) and
# feedparser reading the same files. Prints MB of peak RSS per MB of input and the ratio.
# Usage: Benchmarks/memory.sh [MB]   (TRAWL=path overrides the release binary)
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-16}"
if [ -z "${TRAWL:-}" ]; then
    swift build -c release --product trawl >&2
    TRAWL=.build/release/trawl
fi
scripts/install-python-packages lxml cssselect feedparser >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$size" <<'PY'
import sys
work, size = sys.argv[1], int(sys.argv[2]) * 1024 * 1024
with open(f"{work}/page.html", "w") as f:
    f.write("<html><body><ul>\n")
    n = 0
    while f.tell() < size:
        f.write(f'<li class="item"><a href="/p/{n}">Item {n}</a> <span class="d">2026-11-30</span> text</li>\n')
        n += 1
    f.write("</ul></body></html>\n")
with open(f"{work}/feed.xml", "w") as f:
    f.write('<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://x/</link>'
            "<description>d</description>\n")
    n = 0
    while f.tell() < size:
        f.write(f"<item><title>T{n}</title><link>https://x/{n}</link><pubDate>Mon, 30 Nov 2026 04:00:00 GMT</pubDate></item>\n")
        n += 1
    f.write("</channel></rss>\n")
PY

# Peak RSS of a command in MB, from GNU time.
peak() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }

input_mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }

report() { # name, trawl MB, peer MB, input MB, peer name
    awk -v n="$1" -v t="$2" -v p="$3" -v i="$4" -v pn="$5" 'BEGIN {
        printf "%-6s input %5.1f MB   trawl %5d MB (%.1f MB per input MB)   %s %5d MB (%.1f)   ratio %.2fx\n",
            n, i, t, t / i, pn, p, p / i, t / p }'
}

page="$work/page.html"
feed="$work/feed.xml"
echo "== memory: peak RSS per input MB"
trawl_html=$(peak "$TRAWL" select 'li.item a' --count "$page")
lxml_html=$(peak python3 -c 'import sys, lxml.html; d = lxml.html.parse(sys.argv[1]); print(len(d.getroot().cssselect("li.item a")))' "$page")
report html "$trawl_html" "$lxml_html" "$(input_mb "$page")" lxml
# `trawl feed` reads through the fetcher, whose cap is 20 MB by default: stay under it.
trawl_feed=$(peak "$TRAWL" feed "$feed")
peer_feed=$(peak python3 -c 'import sys, feedparser; print(len(feedparser.parse(sys.argv[1]).entries))' "$feed")
report feed "$trawl_feed" "$peer_feed" "$(input_mb "$feed")" feedparser
