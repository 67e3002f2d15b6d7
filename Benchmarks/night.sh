#!/usr/bin/env bash
# A real night, side by side: N list pages (50 items, 32 KB) spread over H hosts on loopback
# addresses (127.0.0.2…), each response 100 ms late, ETag and Last-Modified, 304 to a
# conditional request. Nights: the first, nothing changed (three times), 5% changed. Trawl
# (release build) against urlwatch and changedetection.io (batch mode, no browser), each
# at concurrency 10, fresh state each. Prints wall, CPU (user+sys), peak RSS, requests,
# 304s, connections the server accepted, and the changes each tool found; then where the wall
# over the floor went, as the server saw it: the time before the first request and after the
# last answer, the server's own delay past the latency, and the places among the ten left
# empty between them (the client's gaps, connections and handshakes included), each in
# seconds of wall; and over TLS, the handshakes, how many resumed a session, and their time.
# Usage: Benchmarks/night.sh [--pages N --hosts H] [--tls | --http2] [--repeat R] [--tools trawl,urlwatch,cdio]
# --tls: HTTP/1.1 over TLS; --http2: hypercorn over TLS offering h2 and http/1.1 in ALPN
# (each client takes what it speaks: Trawl's libcurl h2, urlwatch's requests http/1.1).
# Without --pages: N=500/H=25, then N=2,000/H=100 (changedetection.io only at 500: about
# 60 CPU ms a page). TRAWL=path picks another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TRAWL:-}" ]; then
    swift build -c release --product trawl >&2
    TRAWL="$PWD/.build/release/trawl"
fi

# The peers live in their own virtual environments, made once (changedetection.io's
# dependencies conflict with the other benchmarks' packages).
venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2 || { rm -rf "$venv"; scripts/install-packages python3-venv && python3 -m venv "$venv" >&2; }
fi
[ -x "$venv/bin/urlwatch" ] || "$venv/bin/python" -m pip install -q urlwatch >&2
# hypercorn: the latency server's HTTP/2 mode (--http2).
[ -x "$venv/bin/hypercorn" ] || "$venv/bin/python" -m pip install -q hypercorn >&2
cdio=Benchmarks/.venv-cdio
cdio_args=()
case " $* " in
    *" --tools "*cdio* | *" --tools="*cdio*) wanted=yes ;;
    *" --tools"*) wanted=no ;;
    *) wanted=yes ;;
esac
if [ "$wanted" = yes ]; then
    [ -x "$cdio/bin/python" ] || python3 -m venv "$cdio" >&2
    [ -x "$cdio/bin/changedetection.io" ] || "$cdio/bin/python" -m pip install -q changedetection.io >&2 || true
    [ -x "$cdio/bin/changedetection.io" ] && cdio_args=(--cdio "$PWD/$cdio/bin/python")
fi

night() { "$venv/bin/python" Benchmarks/python/night.py "$TRAWL" "$PWD/$venv/bin/python" "${cdio_args[@]}" "$@"; }
case " $* " in
    *" --pages "*) night "$@" ;;
    *)
        night --pages 500 --hosts 25 "$@"
        night --pages 2000 --hosts 100 --tools trawl,urlwatch "$@"
        ;;
esac
