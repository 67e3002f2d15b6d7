"""The HTTP/2 server of HTTP2NightTests: hypercorn over TLS on 127.0.0.1, offering h2 and
http/1.1 in ALPN, serving list pages with ETags and answering 304 to a request whose
If-None-Match still holds.

Usage: python3 http2_server.py CERT KEY LOG. Listens on a port the kernel picks, prints it,
and serves until its standard input closes. Every request appends one line to LOG:
"HTTP-VERSION CLIENT-PORT STATUS PATH"; a connection is one client port, so the test counts
connections by the distinct ports of a night's lines.
"""

import asyncio
import hashlib
import socket
import sys
import threading

from hypercorn.asyncio import serve
from hypercorn.config import Config


def page(number):
    items = "".join(
        f'<li class="entry"><a href="/item/{number}/{item}">Item {item} of page {number}</a></li>'
        for item in range(5))
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Page {number}</title></head>"
            f"<body><h1>Page {number}</h1><ul>{items}</ul></body></html>").encode()


def answer(path, fields):
    """(status, header fields, body) for `path`; `fields` holds the request's, lower-cased."""
    if path == "/robots.txt":
        body, kind = b"User-agent: *\nAllow: /\n", "text/plain"
    elif path.startswith("/page/") and path[6:].isdigit():
        body, kind = page(int(path[6:])), "text/html; charset=utf-8"
    else:
        return 404, [], b"not here"
    etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
    tags = [tag.strip() for tag in fields.get("if-none-match", "").split(",")]
    if etag in tags:
        return 304, [("etag", etag)], b""
    return 200, [("etag", etag), ("content-type", kind), ("content-length", str(len(body)))], body


def main():
    cert, key, log = sys.argv[1:4]

    async def app(scope, receive, send):
        if scope["type"] != "http":
            # No lifespan: hypercorn goes on without it when the app refuses the scope.
            raise ValueError(f"{scope['type']} is not served")
        fields = {name.decode().lower(): value.decode() for name, value in scope["headers"]}
        status, headers, body = answer(scope["path"], fields)
        with open(log, "a") as file:
            file.write(f"{scope['http_version']} {scope['client'][1]} {status} {scope['path']}\n")
        await send({"type": "http.response.start", "status": status,
                    "headers": [(name.encode(), value.encode()) for name, value in headers]})
        await send({"type": "http.response.body", "body": body})

    # The socket is bound here, on a port the kernel picks, and handed to hypercorn.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    config = Config()
    config.bind = [f"fd://{listener.fileno()}"]
    config.certfile, config.keyfile = cert, key
    config.alpn_protocols = ["h2", "http/1.1"]
    config.keep_alive_timeout = 600
    config.accesslog = config.errorlog = None

    async def run():
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        # Standard input closing (the test ending, or dying) stops the server.
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
        loop.call_soon(lambda: print(listener.getsockname()[1], flush=True))
        await serve(app, config, shutdown_trigger=stop.wait)

    asyncio.run(run())


if __name__ == "__main__":
    main()
