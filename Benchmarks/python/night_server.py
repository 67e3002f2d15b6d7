"""The latency server of Benchmarks/night.sh: list pages on loopback addresses, slow, conditional.

One listening socket per address (127.0.0.2, 127.0.0.3, …), all on one port, each answering
after LATENCY seconds with ETag and Last-Modified, and 304 to a request whose If-None-Match
or If-Modified-Since still holds. Counts requests, 304s and accepted connections, so the
benchmark can say how many connections each tool opened. Optional TLS with a certificate for
every address, signed by a throw-away CA that `make_ca` writes; with HTTP/2, hypercorn serves
instead (h2 and http/1.1 offered in ALPN), counting connections by the client addresses of
its requests.
"""

import email.utils
import hashlib
import http.server
import os
import socketserver
import ssl
import subprocess
import threading
import time

ITEMS = 50
# About 32 KB a page: 50 items of some 650 bytes.
SUMMARY = ("Trawl reads the page every night and keeps what it finds; this sentence pads the item "
           "to the size a real list item has once its markup, date and summary are counted. ") * 4


def page(number, version):
    """Page `number` as it reads at `version`: the first item's title says the version."""
    items = []
    for item in range(ITEMS):
        suffix = f" (v{version})" if item == 0 and version else ""
        items.append(
            f'<li class="item"><a href="/item/{number}/{item}">Item {item} of page {number}{suffix}</a>'
            f'<span class="date">2026-11-{1 + item % 28:02d}</span><p>{SUMMARY}</p></li>')
    body = (f"<!doctype html><html><head><meta charset='utf-8'><title>Page {number}</title></head>"
            f"<body><h1>Page {number}</h1><ul>{''.join(items)}</ul></body></html>")
    return body.encode()


class Counters:
    """What a night asked of the server, and where its wall time went.

    Besides the counts: the TLS handshakes and how many resumed a session; the server's
    own delay (each answer's time past the latency, from its head read to its body
    written, summed); and the idle capacity, the time integral of the places among
    `capacity` requests in flight that stood empty between the night's first request and
    its last answer. Divided by `capacity`, the two say how much of a night's wall over
    the floor the server took and how much the client (its gaps between an answer and
    the next request, connections and handshakes included) left unused.
    """

    def __init__(self, capacity=10):
        self.lock = threading.Lock()
        self.capacity = capacity
        self.reset()

    def reset(self):
        with self.lock:
            # The HTTP/2 server counts connections by the client addresses it saw.
            self.clients = set()
            self.requests = 0
            self.not_modified = 0
            self.connections = 0
            self.robots = 0
            self.handshakes = 0
            self.resumed = 0
            self.handshake_time = 0.0
            self.server_delay = 0.0
            self.in_flight = 0
            self.idle = 0.0
            self.since = None
            # When the night's first request arrived and its last answer left.
            self.first = None
            self.last = None

    def _move(self, step):
        now = time.monotonic()
        if self.first is None:
            self.first = now
        self.last = now
        if self.since is not None:
            self.idle += max(0, self.capacity - self.in_flight) * (now - self.since)
        self.since = now
        self.in_flight += step

    def begin(self):
        """A request's head was read."""
        with self.lock:
            self._move(1)

    def end(self, delay):
        """Its answer was written, `delay` seconds past the latency."""
        with self.lock:
            self._move(-1)
            self.server_delay += max(0.0, delay)

    def handshake(self, seconds, resumed):
        with self.lock:
            self.handshakes += 1
            self.resumed += 1 if resumed else 0
            self.handshake_time += seconds

    def add(self, name):
        with self.lock:
            setattr(self, name, getattr(self, name) + 1)

    def saw(self, client):
        """Counts a connection the first time a request arrives on it."""
        with self.lock:
            if client not in self.clients:
                self.clients.add(client)
                self.connections += 1

    def snapshot(self):
        with self.lock:
            return {"requests": self.requests, "not_modified": self.not_modified,
                    "connections": self.connections, "robots": self.robots,
                    "handshakes": self.handshakes, "resumed": self.resumed,
                    "handshake_time": self.handshake_time,
                    "server_share": self.server_delay / self.capacity, "idle_share": self.idle / self.capacity,
                    "first": self.first, "last": self.last}


class Site:
    """What every address serves: the pages' versions and when each last changed."""

    def __init__(self, pages, latency):
        self.pages = pages
        self.latency = latency
        self.counters = Counters()
        self.versions = [0] * pages
        self.modified = [time.time() - 86400] * pages
        self.cache = {}

    def change(self, fraction):
        """Changes every (1/fraction)th page: one item's title, a new ETag and Last-Modified."""
        step = max(1, round(1 / fraction))
        changed = 0
        for number in range(0, self.pages, step):
            self.versions[number] += 1
            # Last-Modified has a resolution of a second: a change made in the same second as
            # the last fetch must still move it.
            self.modified[number] = time.time() + 1
            changed += 1
        return changed

    def body(self, number):
        key = (number, self.versions[number])
        if key not in self.cache:
            self.cache[key] = page(number, self.versions[number])
        return self.cache[key]


def answer(site, path, header):
    """What every server answers for `path`: (status, header fields, body). `header(name)`
    reads a request header field."""
    site.counters.add("requests")
    if path == "/robots.txt":
        site.counters.add("robots")
        body, modified = b"User-agent: *\nAllow: /\n", time.time() - 86400 * 30
    elif path.startswith("/page/") and path[6:].isdigit() and int(path[6:]) < site.pages:
        number = int(path[6:])
        body, modified = site.body(number), site.modified[number]
    else:
        return 404, {}, b"not here"
    etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
    last_modified = email.utils.formatdate(int(modified), usegmt=True)
    validators = {"ETag": etag, "Last-Modified": last_modified}
    if still_fresh(header, etag, int(modified)):
        site.counters.add("not_modified")
        return 304, validators, b""
    return 200, {**validators, "Content-Type": "text/html; charset=utf-8"}, body


def still_fresh(header, etag, modified):
    # RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since when both are sent.
    tags = header("If-None-Match")
    if tags is not None:
        return etag in [tag.strip() for tag in tags.split(",")]
    since = header("If-Modified-Since")
    if since is not None:
        try:
            return modified <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
    return False


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        site = self.server.site
        started = time.monotonic()
        site.counters.begin()
        try:
            self.respond(site)
        finally:
            site.counters.end(time.monotonic() - started - site.latency)

    def respond(self, site):
        time.sleep(site.latency)
        status, headers, body = answer(site, self.path, self.headers.get)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address, site, context):
        self.site = site
        self.context = context
        super().__init__(address, Handler)

    def get_request(self):
        connection, address = self.socket.accept()
        self.site.counters.add("connections")
        if self.context is not None:
            # The handshake happens in the handler's thread (on its first read), not here.
            connection = self.context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)
        return connection, address

    def finish_request(self, request, client_address):
        if self.context is not None:
            started = time.monotonic()
            try:
                request.do_handshake()
            except (ssl.SSLError, OSError):
                return
            self.site.counters.handshake(time.monotonic() - started, request.session_reused)
        super().finish_request(request, client_address)


def addresses(hosts):
    return [f"127.0.0.{2 + index}" for index in range(hosts)]


def make_ca(folder, hosts):
    """A throw-away CA and one server certificate naming every address; returns (ca, cert, key)."""
    ca_key, ca_cert = os.path.join(folder, "ca.key"), os.path.join(folder, "ca.pem")
    key, request, cert = (os.path.join(folder, name) for name in ("server.key", "server.csr", "server.pem"))
    extensions = os.path.join(folder, "san.cnf")
    with open(extensions, "w") as file:
        names = ",".join(f"IP:{address}" for address in addresses(hosts))
        file.write(f"subjectAltName={names}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True}
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", ca_key, "-out", ca_cert, "-days", "2", "-subj", "/CN=night.sh throw-away CA"], **quiet)
    subprocess.run(["openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", key, "-out", request, "-subj", "/CN=127.0.0.2"], **quiet)
    subprocess.run(["openssl", "x509", "-req", "-in", request, "-CA", ca_cert, "-CAkey", ca_key,
                    "-CAcreateserial", "-out", cert, "-days", "2", "-extfile", extensions], **quiet)
    return ca_cert, cert, key


def start(site, hosts, tls_files=None, http2=False):
    """Listens on every address on one port; returns (scheme, port, servers). With `http2`
    (and TLS), hypercorn offers h2 and http/1.1 in ALPN."""
    if http2:
        return "https", *start_http2(site, hosts, tls_files)
    context = None
    if tls_files is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls_files[1], tls_files[2])
        context.set_alpn_protocols(["http/1.1"])
    servers, port = [], 0
    for address in addresses(hosts):
        server = Server((address, port), site, context)
        port = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    return ("https" if context else "http"), port, servers


def start_http2(site, hosts, tls_files):
    """hypercorn (HTTP/2 and HTTP/1.1 over TLS) on every address, on an event loop of its
    own thread; returns (port, [its stopper])."""
    import asyncio

    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        # A connection is one (server address, client address and port).
        site.counters.saw((scope["server"][0], *scope["client"]))
        await asyncio.sleep(site.latency)
        fields = {name.decode().lower(): value.decode() for name, value in scope["headers"]}
        status, headers, body = answer(site, scope["path"], lambda name: fields.get(name.lower()))
        if status != 304:
            headers = {**headers, "Content-Length": str(len(body))}
        await send({"type": "http.response.start", "status": status,
                    "headers": [(name.encode(), value.encode()) for name, value in headers.items()]})
        await send({"type": "http.response.body", "body": body})

    with socketserver.TCPServer((addresses(1)[0], 0), None, bind_and_activate=True) as probe:
        port = probe.server_address[1]
    config = Config()
    config.bind = [f"{address}:{port}" for address in addresses(hosts)]
    config.certfile, config.keyfile = tls_files[1], tls_files[2]
    config.alpn_protocols = ["h2", "http/1.1"]
    config.keep_alive_timeout = 600
    config.backlog = 256
    config.accesslog = config.errorlog = None
    ready, stopper = threading.Event(), {}

    def run():
        async def main():
            stopper["event"], stopper["loop"] = asyncio.Event(), asyncio.get_running_loop()
            ready.set()
            await serve(app, config, shutdown_trigger=stopper["event"].wait)

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait()
    time.sleep(0.5)
    return port, [(stopper, thread)]


def stop(servers):
    for server in servers:
        if isinstance(server, tuple):
            stopper, thread = server
            stopper["loop"].call_soon_threadsafe(stopper["event"].set)
            thread.join(10)
            continue
        server.shutdown()
        server.server_close()
