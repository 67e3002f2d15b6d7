"""The same job as `trawl-bench fetch` in Python's standard library, for comparison:
a threaded loopback server and a pool of urllib clients fetching small pages."""
import http.server
import resource
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

PAGES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
CONCURRENCY = int(sys.argv[2]) if len(sys.argv) > 2 else 16
BODY = ('<li><a href="/item">An item</a></li>\n' * 50).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *args):
        pass


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def fetch(n):
        request = urllib.request.Request(f"{base}/page/{n}", headers={"User-Agent": "bench"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return len(response.read())

    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    with ThreadPoolExecutor(CONCURRENCY) as pool:
        fetched = sum(1 for size in pool.map(fetch, range(PAGES)) if size > 0)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"python urllib: {fetched} pages, {CONCURRENCY} at a time, in {elapsed:.2f} s: "
          f"{fetched / elapsed:.0f} pages/s, {cpu:.2f} CPU s (client + server)")
    server.shutdown()


main()
