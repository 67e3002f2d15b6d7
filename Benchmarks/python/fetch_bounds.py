"""Peak memory of Trawl against hostile bodies, beside Python's urllib reading them capped.

A loopback server offers a gzip bomb (1 GiB of zeros, about 1 MB compressed), an endless
chunked body, and a page linking both for `trawl download`. `trawl run` fetches the bombs
as pages (cap: fetch.maxBytes, 20 MB), `trawl download` mirrors them (cap: 50 x maxBytes);
both must stop at the cap with memory far below it. Prints peak RSS of each run.
"""

import gzip
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
import zlib

TRAWL = sys.argv[1]
BOMB = zlib.compressobj(9, zlib.DEFLATED, 31)
CHUNK = bytes(1 << 20)
BOMB_BODY = b"".join(BOMB.compress(CHUNK) for _ in range(1024)) + BOMB.flush()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path.startswith("/bomb"):
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(BOMB_BODY)))
            self.end_headers()
            self.wfile.write(BOMB_BODY)
        elif self.path.startswith("/endless"):
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            piece = b"%x\r\n" % len(CHUNK) + CHUNK + b"\r\n"
            try:
                while True:
                    self.wfile.write(piece)
            except (BrokenPipeError, ConnectionResetError):
                pass
        else:
            body = b"<ul><li><a href='/bomb.bin'>bomb</a></li><li><a href='/endless.bin'>endless</a></li></ul>"
            if self.path == "/robots.txt":
                body = b"User-agent: *\nAllow: /\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # clients hanging up at their cap is the point


def run(name, command):
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    print(f"{name}: peak RSS {peak_kb / 1024:.0f} MB in {time.monotonic() - started:.1f} s (exit {result.returncode})")


def main():
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as folder:
        config = {
            "output": os.path.join(folder, "Output"), "cache": os.path.join(folder, "Cache"),
            "fetch": {"delay": 0, "attempts": 1},
            "sources": [
                {"id": "bomb", "kind": "list", "url": f"{base}/bomb", "items": "li", "fields": {"title": "a"}},
                {"id": "endless", "kind": "list", "url": f"{base}/endless", "items": "li", "fields": {"title": "a"}},
                {"id": "links", "kind": "list", "url": f"{base}/links", "items": "li",
                 "fields": {"title": "a", "url": "a::attr(href)"}, "download": "url"},
            ],
        }
        path = os.path.join(folder, "trawl.json")
        with open(path, "w") as file:
            json.dump(config, file)
        run("trawl run (gzip bomb of 1 GiB + endless body, cap 20 MB)", [TRAWL, "run", "--config", path])
        run("trawl download (same two, cap 1 GB)", [TRAWL, "download", "--config", path, "--quiet"])
        peer = "import urllib.request as u,sys\nfor p in ('/bomb','/endless'):\n r=u.urlopen(sys.argv[1]+p); n=0\n while n<20_000_000:\n  b=r.read(65536)\n  if not b: break\n  n+=len(b)\n"
        run("python urllib reading 20 MB of each (no decompression)", [sys.executable, "-c", peer, base])
    server.shutdown()


main()
