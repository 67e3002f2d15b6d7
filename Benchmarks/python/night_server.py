"""The latency server of Benchmarks/night.sh: list pages on loopback addresses, slow, conditional.

One listening socket per address (127.0.0.2, 127.0.0.3, …), all on one port, each answering
after LATENCY seconds with ETag and Last-Modified, and 304 to a request whose If-None-Match
or If-Modified-Since still holds. Counts requests, 304s and accepted connections, so the
benchmark can say how many connections each tool opened. Optional TLS with a certificate for
every address, signed by a throw-away CA that `make_ca` writes.
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
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.requests = 0
            self.not_modified = 0
            self.connections = 0
            self.robots = 0

    def add(self, name):
        with self.lock:
            setattr(self, name, getattr(self, name) + 1)

    def snapshot(self):
        with self.lock:
            return {"requests": self.requests, "not_modified": self.not_modified,
                    "connections": self.connections, "robots": self.robots}


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


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        site = self.server.site
        site.counters.add("requests")
        time.sleep(site.latency)
        if self.path == "/robots.txt":
            site.counters.add("robots")
            body, modified = b"User-agent: *\nAllow: /\n", time.time() - 86400 * 30
        elif self.path.startswith("/page/") and self.path[6:].isdigit() and int(self.path[6:]) < site.pages:
            number = int(self.path[6:])
            body, modified = site.body(number), site.modified[number]
        else:
            self.answer(404, b"not here", {})
            return
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        last_modified = email.utils.formatdate(int(modified), usegmt=True)
        validators = {"ETag": etag, "Last-Modified": last_modified}
        if self.still_fresh(etag, int(modified)):
            site.counters.add("not_modified")
            self.answer(304, b"", validators)
        else:
            self.answer(200, body, {**validators, "Content-Type": "text/html; charset=utf-8"})

    def still_fresh(self, etag, modified):
        # RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since when both are sent.
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            return etag in [tag.strip() for tag in tags.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since is not None:
            try:
                return modified <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
        return False

    def answer(self, status, body, headers):
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
            try:
                request.do_handshake()
            except (ssl.SSLError, OSError):
                return
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


def start(site, hosts, tls_files=None):
    """Listens on every address on one port; returns (scheme, port, servers)."""
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


def stop(servers):
    for server in servers:
        server.shutdown()
        server.server_close()

