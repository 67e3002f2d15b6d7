#!/usr/bin/env bash
# json sources over a large API response: a real GitHub releases response
# (Tests/TrawlKitTests/Fixtures/json) repeated to about 20 MB, read by `trawl try` on a json
# source (fetch from file, parse, JSONPath for the items and five fields, typing) against
# Python's json with python-jsonpath doing the same, best of three each. Prints the ratio.
# Usage: Benchmarks/json.sh [COPIES]   (default 130: 1,430 releases, about 20 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
copies="${1:-130}"
swift build -c release --product trawl >/dev/null

venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2 || { rm -rf "$venv"; scripts/install-packages python3-venv && python3 -m venv "$venv" >&2; }
fi
"$venv/bin/python" -c "import jsonpath" 2>/dev/null || "$venv/bin/python" -m pip install -q python-jsonpath >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Benchmarks/python/json_peer.py make Tests/TrawlKitTests/Fixtures/json/github-releases-hyper.json \
    "$copies" "$work/releases.json"
cat >"$work/trawl.json" <<JSON
{"output": "Output", "cache": "Cache", "sources": [
  {"id": "releases", "kind": "json", "url": "releases.json", "items": "\$[*]", "maxItems": 100000,
   "fields": {"title": "\$.name", "url": "\$.html_url", "date": "\$.published_at",
              "assets": {"json": "\$.assets[*].name", "many": true}, "downloads": "\$.assets[0].download_count"}}]}
JSON
size=$(wc -c <"$work/releases.json")

# Wall and CPU (user + system) seconds of the whole process, best of three each.
best=""
best_cpu=""
for _ in 1 2 3; do
    /usr/bin/time -f "%e %U %S" -o "$work/time" .build/release/trawl try releases --config "$work/trawl.json" >"$work/try.out"
    read -r wall user system <"$work/time"
    cpu=$(echo "$user + $system" | bc)
    if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc)" = 1 ]; then best=$wall; fi
    if [ -z "$best_cpu" ] || [ "$(echo "$cpu < $best_cpu" | bc)" = 1 ]; then best_cpu=$cpu; fi
done
grep -q "releases/tag/1.3.1-0" "$work/try.out" || { echo "json.sh: trawl try printed no items" >&2; exit 1; }
read -r peer peer_cpu peer_items < <("$venv/bin/python" Benchmarks/python/json_peer.py run "$work/releases.json")
printf 'response: %d bytes, %d releases\n' "$size" "$peer_items"
printf 'trawl try (json source, whole process): %.3f s wall, %.3f s CPU\n' "$best" "$best_cpu"
printf 'python json + python-jsonpath (in process): %.3f s wall, %.3f s CPU\n' "$peer" "$peer_cpu"
printf 'ratio: trawl is %.2fx the peer'"'"'s speed by wall time, %.2fx by CPU time\n' \
    "$(echo "$peer / $best" | bc -l)" "$(echo "$peer_cpu / $best_cpu" | bc -l)"
