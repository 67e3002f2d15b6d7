"""How much CPU a client burns while it waits for a slow server.

Starts a loopback server whose pages answer after DELAY seconds, then has two clients
wait on it, each for two pages at once: `trawl run` on a two-source configuration, and
Python's urllib in two threads. Prints each client's CPU seconds per second of waiting
(the server runs in this process, so its CPU is not counted against either client).
"""

import http.server
import json
import os
import resource
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

DELAY = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
TRAWL = sys.argv[1]


class SlowHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path == "/robots.txt":
            body = b"User-agent: *\nAllow: /\n"
        else:
            time.sleep(DELAY)
            body = b"<ul><li><a href='/a'>An item</a></li></ul>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(name, command):
    before = children_cpu()
    started = time.monotonic()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - started
    cpu = children_cpu() - before
    print(f"{name}: {wall:.2f} s wall, {cpu:.3f} CPU s, {cpu / wall:.4f} CPU s per waiting second ({100 * cpu / wall:.1f}%)")
    return cpu / wall


PEER = """
import sys, threading, urllib.request
def get(url): urllib.request.urlopen(url, timeout=60).read()
threads = [threading.Thread(target=get, args=(url,)) for url in sys.argv[1:]]
for t in threads: t.start()
for t in threads: t.join()
"""


def main():
    server = Server(("127.0.0.1", 0), SlowHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as folder:
        config = {
            "output": os.path.join(folder, "Output"),
            "cache": os.path.join(folder, "Cache"),
            "fetch": {"delay": 0},
            "sources": [
                {"id": name, "kind": "list", "url": f"{base}/{name}", "items": "li", "fields": {"title": "a"}}
                for name in ("first", "second")
            ],
        }
        path = os.path.join(folder, "trawl.json")
        with open(path, "w") as file:
            json.dump(config, file)
        trawl = measure("trawl run, 2 sources", [TRAWL, "run", "--config", path])
    peer = measure("python urllib, 2 threads", [sys.executable, "-c", PEER, f"{base}/first", f"{base}/second"])
    print(f"fetch-wait: trawl uses {trawl / peer:.2f}x the CPU per waiting second of python urllib "
          f"(server answers after {DELAY:g} s)")
    server.shutdown()


main()
