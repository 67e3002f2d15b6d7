#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time.
# Usage: Fuzz/run.sh [SECONDS_EACH] [TARGET...]   (targets: html selector feed date mustache config cache jsonpath jsliteral import)
# Seeds come from ../shared/testdata at run time (set TRAWL_SHARED to the folder holding
# testdata/); nothing is copied into the repository. A crash leaves crash-* in Fuzz/crashes/
# and makes the script fail: turn it into a regression test.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(html selector feed date mustache config cache jsonpath jsliteral import)

shared="${TRAWL_SHARED:-}"
if [ -z "$shared" ]; then
    # `../shared` beside the clone; a worktree sits deeper, so look further up too.
    for dir in .. ../.. ../../.. ../../../..; do
        if [ -d "$dir/shared/testdata" ]; then shared="$dir/shared"; break; fi
    done
fi
testdata="$shared/testdata"
[ -d "$testdata" ] || { echo "run.sh: no shared testdata (set TRAWL_SHARED)" >&2; exit 1; }

swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -use-ld=lld >&2

# Let libFuzzer, not Swift's backtracer, catch a trap, so the input is saved.
export SWIFT_BACKTRACE=enable=no
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p crashes

# Seeds per target: folders of real inputs, and small files cut from them.
seeds() {
    case "$1" in
        html) echo "$testdata/pages" ;;
        selector)
            mkdir -p "$work/selectors"
            grep -rhoE "select(_one)?\(['\"][^'\"]{1,80}['\"]" "$testdata/css-selectors" 2>/dev/null | head -2000 |
                sed -E "s/^select(_one)?\(['\"]//; s/['\"]$//" | split -l 1 - "$work/selectors/s-"
            echo "$work/selectors" ;;
        feed) echo "$testdata/feeds" ;;
        date)
            mkdir -p "$work/dates"
            grep -rhoE "<(pubDate|updated|published|dc:date|lastBuildDate|modified|issued|created)>[^<]{1,60}" \
                "$testdata/feeds" 2>/dev/null | sed -E 's/^<[^>]*>//' | sort -u | head -3000 |
                split -l 1 - "$work/dates/d-"
            echo "$work/dates" ;;
        mustache) echo "$testdata/mustache-spec" ;;
        config)
            mkdir -p "$work/configs"
            find .. -path ../.build -prune -o -path ./.build -prune -o -name 'trawl*.json' -print |
                while read -r file; do cp "$file" "$work/configs/$(echo "$file" | tr '/' '_')"; done
            echo "$work/configs" ;;
        cache)
            # The version 2 snapshot docs/CACHE.md shows, the saved version 1 cache's files, and
            # the JSON documents of the shared test data.
            mkdir -p "$work/cache"
            sed -n '/^## Snapshots/,/^## An unchanged run/p' ../docs/CACHE.md | sed -n '/^{/,/^}/p' >"$work/cache/snapshot-v2.json"
            find ../Tests/TrawlKitTests/Fixtures/cache-v1 -name '*.json' -size -200k |
                while read -r file; do cp "$file" "$work/cache/$(echo "$file" | tr '/' '_')"; done
            find "$testdata" -name '*.json' -size -200k 2>/dev/null | head -300 |
                while read -r file; do cp "$file" "$work/cache/$(echo "$file" | tr '/' '_')"; done
            echo "$work/cache" ;;
        jsonpath)
            # Each compliance case as its selector, a newline, and its document.
            mkdir -p "$work/jsonpath"
            python3 - "$testdata/jsonpath-cts/cts.json" "$work/jsonpath" <<'PY'
import json, sys
for index, case in enumerate(json.load(open(sys.argv[1]))["tests"]):
    with open(f"{sys.argv[2]}/case-{index:03}", "w") as seed:
        seed.write(case["selector"] + "\n" + json.dumps(case.get("document", None)))
PY
            echo "$work/jsonpath" ;;
        jsliteral)
            # Each inline script's assigned state, cut from its opening bracket (the pages'
            # `window.__NUXT__ = {…}` and the like), and the JSON fixtures, which are literals too.
            mkdir -p "$work/jsliteral"
            python3 - "$work/jsliteral" ../Tests/TrawlKitTests/Fixtures/json "$testdata/pages" <<'PY'
import os, re, sys
count = 0
for folder in sys.argv[2:]:
    for root, _, files in sorted(os.walk(folder)):
        for name in sorted(files):
            text = open(os.path.join(root, name), "rb").read()
            if name.endswith(".json") and len(text) < 200_000 and count < 600:
                open(f"{sys.argv[1]}/json-{count:04}", "wb").write(text)
                count += 1
            for script in re.findall(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", text, re.S):
                for match in re.finditer(rb"=\s*([\[{])", script):
                    if count < 600:
                        open(f"{sys.argv[1]}/script-{count:04}", "wb").write(script[match.start(1):][:65_536])
                        count += 1
PY
            echo "$work/jsliteral" ;;
        import)
            # The import fixtures as they are, and each url-watches.json in a backup zip as
            # changedetection.io writes it (deflated) and stored.
            mkdir -p "$work/import"
            python3 - "$work/import" ../Tests/TrawlKitTests/Fixtures/Import <<'PY'
import os, sys, zipfile
# Every file, the crashes kept under fuzz/ included, each seed named by its path.
paths = sorted(os.path.join(top, name) for top, _, names in os.walk(sys.argv[2]) for name in names)
for path in paths:
    name = os.path.relpath(path, sys.argv[2]).replace(os.sep, "-")
    data = open(path, "rb").read()
    open(f"{sys.argv[1]}/{name}", "wb").write(data)
    if name.endswith("url-watches.json"):
        for method in (zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED):
            with zipfile.ZipFile(f"{sys.argv[1]}/{name}-{method}.zip", "w", method) as archive:
                archive.writestr("url-watches.json", data)
                archive.writestr("0b1c/history.txt", "1700000000,0b1c/1700000000.txt\n")
PY
            echo "$work/import" ;;
    esac
}

status=0
for target in "${targets[@]}"; do
    mkdir -p "$work/corpus-$target"
    echo "== fuzz-$target for ${seconds}s" >&2
    if ! .build/release/fuzz-"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 \
        -max_len=200000 -print_final_stats=1 -artifact_prefix="crashes/$target-" \
        "$work/corpus-$target" "$(seeds "$target")" 2>"$work/$target.log"; then
        tail -40 "$work/$target.log" >&2
        status=1
    else
        grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/$target.log" | sed "s/^/fuzz-$target: /" >&2
    fi
done
exit $status
