#!/usr/bin/env bash
# Times `trawl init --from` (release build) on every page of the proposal corpus
# (Tests/TrawlKitTests/Fixtures/proposals), on two real listings made 2 MB long
# (Benchmarks/python/propose_long_pages.py: the corpus's shop deals list and Hacker News
# table, their longest list's items repeated), and on two hostile pages made here: 2 MB of
# elements nested 2,000 deep, and 100,000 sibling rows (5 MB). The peer in the same script
# is a plain Python lxml pass (Benchmarks/python/propose_peer.py: parse, then group every
# element's children by tag and keep groups of three or more), the floor any proposal
# engine pays; html2rss's auto_source would be the right peer, but its gem is not
# installable here without the network beyond the package registries' clients.
# Prints CPU seconds (user + sys: steadier than wall time on a busy machine) per page for
# each, best of three, and trawl's as a ratio of the peer's.
# Usage: Benchmarks/propose.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product trawl >&2
python3 -c "import lxml" 2>/dev/null || python3 -m pip install -q lxml >&2

corpus=Tests/TrawlKitTests/Fixtures/proposals
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import sys, os
work = sys.argv[1]
with open(os.path.join(work, "hostile-deep.html"), "w") as f:
    f.write("<html><body>")
    depth = 2000
    while f.tell() < 2_000_000:
        f.write("<div><a href='/x'>x</a>" * depth + "</div>" * depth)
    f.write("</body></html>")
with open(os.path.join(work, "hostile-siblings.html"), "w") as f:
    f.write("<html><body><table>")
    for i in range(100_000):
        f.write(f"<tr><td><a href='/r/{i}'>row {i}</a></td></tr>")
    f.write("</table></body></html>")
PY
python3 Benchmarks/python/propose_long_pages.py "$work" "$corpus"

best() { # best of three runs of "$@", in CPU seconds (user + sys)
    local best=""
    for _ in 1 2 3; do
        local cpu
        /usr/bin/time -o "$work/time" -f '%U %S' "$@" >/dev/null 2>&1 || true
        cpu=$(awk 'END {print $1 + $2}' "$work/time")
        best=$(python3 -c "a='$best'; b=$cpu; print(b if a=='' or b<float(a) else a)")
    done
    printf '%.3f' "$best"
}

printf '%-40s %10s %10s %10s %8s\n' page bytes trawl lxml-peer ratio
for page in "$corpus"/*.html "$corpus"/*.xml "$corpus"/feed-*.json "$work"/long-*.html "$work"/hostile-*.html; do
    size=$(stat -c %s "$page")
    trawl=$(best .build/release/trawl init --from "$page" --base https://example.org/)
    peer=$(best python3 Benchmarks/python/propose_peer.py "$page")
    ratio=$(python3 -c "print(f'{$trawl / max($peer, 0.001):.1f}x')")
    printf '%-40s %10s %10s %10s %8s\n' "$(basename "$page")" "$size" "$trawl" "$peer" "$ratio"
done
