#!/usr/bin/env bash
# `trawl serve` under load: wrk (16 connections, 2 threads, 5 s) against a small page, and ab
# (3,000 requests from 32 and 64 clients on one address, as behind a proxy), then the same
# against Python's http.server for comparison. Needs wrk and ab (apt-get install -y wrk apache2-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "serve: wrk is not installed (apt-get install -y wrk); skipped"; exit 0; }
swift build -c release --product trawl >/dev/null
trawl="$(swift build -c release --show-bin-path)/trawl"
site=$(mktemp -d)
log=$(mktemp)
trap 'kill $server_pid $python_pid 2>/dev/null || true; rm -rf "$site" "$log"' EXIT
python_pid=""
for n in $(seq 1 20); do printf '<li><a href="/item">An item</a></li>\n%.0s' $(seq 50) >> "$site/index.html"; done
"$trawl" serve "$site" --port 0 2>"$log" &
server_pid=$!
for _ in $(seq 50); do grep -q 'http://' "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$log" | head -1)
rss_before=$(ps -o rss= -p $server_pid)
echo "trawl serve: $(wrk -t2 -c16 -d5s "$url/" | awk '/Requests\/sec/ {r=$2} /Socket errors|Non-2xx/ {e=e" "$0} END {print r " requests/s" (e ? ";" e : ", no errors")}')"
# Many clients on one address (a reverse proxy, a NAT): 3,000 requests, fresh connections and kept alive.
command -v ab >/dev/null && for flags in "-c32" "-c64" "-k -c32" "-k -c64"; do
    echo "trawl serve, ab -n 3000 $flags: $(ab -n 3000 $flags "$url/" 2>&1 | awk '/Failed requests/ {f=$3} /Time taken/ {t=$5} END {print f " failed in " t " s"}')"
done
echo "trawl serve: resident memory $(( rss_before / 1024 )) MB before, $(( $(ps -o rss= -p $server_pid) / 1024 )) MB after"
kill -INT $server_pid; wait $server_pid || true
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
(cd "$site" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
python_pid=$!
sleep 1
command -v ab >/dev/null && for flags in "-c32" "-c64"; do
    echo "python http.server, ab -n 3000 $flags: $(ab -n 3000 $flags "http://127.0.0.1:$port/" 2>&1 | awk '/Failed requests/ {f=$3} /Time taken/ {t=$5} END {print f " failed in " t " s"}')"
done
echo "python http.server: $(wrk -t2 -c16 -d5s "http://127.0.0.1:$port/" | awk '/Requests\/sec/ {r=$2} /Socket errors|Non-2xx/ {e=e" "$0} END {print r " requests/s" (e ? ";" e : ", no errors")}')"
