#!/usr/bin/env bash
# Peak resident memory per input megabyte: `trawl select` on a generated list page and
# `trawl feed` on a generated RSS feed, beside lxml (libxml2 from Python: the same tree) and
# feedparser reading the same files. Prints MB of peak RSS per MB of input and the ratio.
# Then `trawl run` on a source that is that feed, with `maxItems` at its default and with
# no effective limit, beside feedparser again, with the size of the pages and feed it made.
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

# A whole run: fetch, scrape, snapshot, changes and site, on the feed as one source.
run_with() { # maxItems → prints "peakMB indexKB sourcePageKB feedKB"
    local dir="$work/run-$1"
    mkdir -p "$dir"
    cat >"$dir/trawl.json" <<JSON
{"site": {"title": "Bench"}, "output": "Output", "cache": "Cache",
 "sources": [{"id": "big", "kind": "feed", "url": "$feed", "maxItems": $1}]}
JSON
    local mb
    mb=$(peak "$TRAWL" run --config "$dir/trawl.json")
    echo "$mb $(kb "$dir/Output/index.html") $(kb "$dir/Output/sources/big/index.html") $(kb "$dir/Output/sources/big/feed.atom")"
}
kb() { awk -v b="$(stat -c %s "$1" 2>/dev/null || echo 0)" 'BEGIN { printf "%.0f", b / 1024 }'; }
entries=$(grep -c '<item>' "$feed")
echo "== memory: a run on a feed of $entries items (pages in KB: index, source page, source feed)"
for limit in 100000000 10000; do
    read -r mb index source atom <<<"$(run_with "$limit")"
    name=$([ "$limit" = 10000 ] && echo "maxItems 10000 (default)" || echo "no limit")
    awk -v n="$name" -v t="$mb" -v p="$peer_feed" -v i="$(input_mb "$feed")" -v x="$index" -v s="$source" -v a="$atom" 'BEGIN {
        printf "run, %-24s trawl %5d MB (%.1f MB per input MB)   feedparser %5d MB (%.1f)   ratio %.2fx   index %d KB, source page %d KB, feed %d KB\n",
            n, t, t / i, p, p / i, t / p, x, s, a }'
done
