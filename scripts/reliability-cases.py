"""Issue 17's numbered cases, black-box, against any `trawl` binary.

    python3 scripts/reliability-cases.py PATH/TO/trawl [CASE...]

Each case reproduces what the issue reported with real processes, real files, a loopback
server and (case 2) a real tmpfs, then prints whether the binary held. Run it on an old
build and on today's to see each case fail and then pass; the Swift tests are the
regression guards, this is the proof that they guard something that was broken.
Needs root for case 2 (mounting a tmpfs); without it that case is skipped.
"""

import gzip
import http.server
import json
import os
import random
import shutil
import signal
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

TRAWL = os.path.abspath(sys.argv[1])
ONLY = {int(arg) for arg in sys.argv[2:]}
# An old build reads the demo of its own day: DEMO=old-checkout/Examples/demo.
DEMO = os.environ.get("DEMO") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "demo")
KILLS = 30


def trawl(*arguments, cwd=None, env=None, timeout=120):
    """Runs trawl; returns (exit status or a negative signal, stdout, stderr, seconds, peak MB)."""
    started = time.monotonic()
    try:
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M", TRAWL, *arguments], cwd=cwd, capture_output=True,
            text=True, errors="replace", env={**os.environ, **(env or {})}, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"still running after {timeout} s", timeout, 0
    lines = result.stderr.rstrip("\n").split("\n")
    peak = int(lines[-1]) / 1024 if lines[-1].isdigit() else 0
    stderr = "\n".join(lines[:-1])
    status = result.returncode
    if "Command terminated by signal" in stderr:
        status = -int(stderr.rsplit("signal", 1)[1].split()[0])
    return status, result.stdout, stderr, time.monotonic() - started, peak


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as file:
        file.write(text)
    return path


def config(folder, sources, **extra):
    return write(os.path.join(folder, "trawl.json"), json.dumps({
        "output": "Output", "cache": "Cache", "fetch": {"delay": 0, "attempts": 1}, "sources": sources,
        **extra}))


# --- a scripted loopback server -------------------------------------------------------

ROUTES = {}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        route = ROUTES.get(self.path.split("?")[0])
        if route is None:
            status, headers, body = 404, {}, b"not here"
            if self.path == "/robots.txt":
                status, body = 200, b"User-agent: *\nAllow: /\n"
        elif callable(route):
            return route(self)
        else:
            status, headers, body = route
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


SERVER = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=SERVER.serve_forever, daemon=True).start()
BASE = f"http://127.0.0.1:{SERVER.server_address[1]}"


# --- the cases ------------------------------------------------------------------------

def demo_setup(folder):
    shutil.copytree(DEMO, os.path.join(folder, "demo"))
    path = os.path.join(folder, "demo", "trawl.json")
    settings = json.load(open(path))
    settings["output"], settings["cache"] = "../Output", "../Cache"
    write(path, json.dumps(settings))
    return path


def changes_after_baseline(cache):
    """All changes in the run records but the first (the baseline run)."""
    runs = sorted(name for name in os.listdir(os.path.join(cache, "runs")) if name.endswith(".json"))
    total = 0
    for name in runs[1:]:
        record = json.load(open(os.path.join(cache, "runs", name)))
        total += len(record.get("changes", []))
    return total


def case_1(folder):
    """A night killed (SIGKILL, or SIGTERM as systemd sends) at a random moment loses no change."""
    path = demo_setup(folder)
    cache = os.path.join(folder, "Cache")
    trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day1"})
    shutil.copytree(cache, cache + ".day1")
    time.sleep(1.1)
    status, _, _, whole, _ = trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day2"})
    expected = changes_after_baseline(cache)
    random.seed(17)
    lost = []
    for trial in range(KILLS):
        shutil.rmtree(cache)
        shutil.copytree(cache + ".day1", cache)
        time.sleep(1.1)
        process = subprocess.Popen(
            [TRAWL, "run", "--config", path, "--quiet"], env={**os.environ, "DEMO_DAY": "day2"},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(random.uniform(0, whole))
        process.send_signal(signal.SIGKILL if trial % 2 else signal.SIGTERM)
        process.wait()
        time.sleep(1.1)
        trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day2"})
        found = changes_after_baseline(cache)
        if found != expected:
            lost.append(expected - found)
    detail = f"{expected} changes on day 2, run in {whole:.2f} s; {KILLS} kills (half SIGTERM): {len(lost)} lost changes ({lost})"
    return not lost, detail


def case_2(folder):
    """A cache on a nearly full tmpfs: the next run with space recovers every change."""
    if os.geteuid() != 0:
        return None, "needs root to mount a tmpfs"
    path = demo_setup(folder)
    cache = os.path.join(folder, "Cache")
    trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day1"})
    shutil.copytree(cache, cache + ".day1")
    time.sleep(1.1)
    trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day2"})
    expected = changes_after_baseline(cache)
    used = sum(
        (os.path.getsize(os.path.join(root, name)) + 4095) // 4096 * 4
        for root, _, names in os.walk(cache + ".day1") for name in names)
    lost = {}
    for spare in (8, 16, 24, 32, 40):
        shutil.rmtree(cache)
        os.makedirs(cache)
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={used + spare}k", "tmpfs", cache], check=True)
        try:
            subprocess.run(["cp", "-a", cache + ".day1/.", cache], check=False)
            time.sleep(1.1)
            trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day2"})
            shutil.copytree(cache, cache + ".full")
        finally:
            subprocess.run(["umount", cache], check=True)
        shutil.rmtree(cache)
        os.rename(cache + ".full", cache)
        time.sleep(1.1)
        trawl("run", "--config", path, "--quiet", env={"DEMO_DAY": "day2"})
        found = changes_after_baseline(cache)
        if found != expected:
            lost[spare] = expected - found
    return not lost, f"{expected} changes; lost by KB free: {lost or 'none'}"


def case_3(folder):
    """400 items each with an unclosed <div> are all found."""
    page = write(os.path.join(folder, "deep.html"), "<ul>" + "".join(
        f"<li class=item><div>item {index}</li>" for index in range(400)) + "</ul>")
    status, out, err, _, _ = trawl("select", "--count", "li.item", page)
    count = out.split("\t")[0].strip()
    return count == "400", f"select finds {count or err.strip()[:80]}"


def case_4(folder):
    """A 206 to a plain GET is not kept as the whole file."""
    ROUTES["/case4/list"] = (200, {"Content-Type": "text/html"}, b"<ul><li><a href='/case4/chart.pdf'>c</a></li></ul>")
    ROUTES["/case4/chart.pdf"] = (206, {"Content-Range": "bytes 0-99/1000"}, b"x" * 100)
    path = config(folder, [{"id": "charts", "kind": "list", "url": f"{BASE}/case4/list", "items": "li",
                            "fields": {"title": "a", "url": "a::attr(href)"}, "download": "url"}])
    trawl("run", "--config", path, "--quiet")
    trawl("download", "--config", path, "--quiet")
    kept = [name for _, _, names in os.walk(os.path.join(folder, "Output", "files")) for name in names]
    return "chart.pdf" not in kept, f"files kept: {kept or 'none'}"


def case_5(folder):
    """A feed date with a huge year does not kill the process."""
    feed = write(os.path.join(folder, "huge.rss"), (
        "<rss version='2.0'><channel><title>t</title><item><title>a</title><guid>a</guid>"
        "<pubDate>Mon, 01 Jan 300000000000 00:00:00 GMT</pubDate></item></channel></rss>"))
    status, _, err, _, _ = trawl("feed", feed)
    return status is not None and status >= 0, f"trawl feed: exit {status}"


def case_6(folder):
    """An nth-child argument at Int.min is an error, not a crash."""
    page = write(os.path.join(folder, "list.html"), "<ul><li>a</li></ul>")
    status, _, err, _, _ = trawl("select", "li:nth-child(-9223372036854775808n)", page)
    return status is not None and status >= 0, f"exit {status}: {err.strip()[:90]}"


def case_7(folder):
    """A huge year read twice is no change the second night."""
    write(os.path.join(folder, "feed.rss"), (
        "<rss version='2.0'><channel><title>t</title><item><title>a</title><guid>a</guid>"
        "<pubDate>Sun, 01 Jan 292277026596 00:00:00 GMT</pubDate></item></channel></rss>"))
    path = config(folder, [{"id": "huge", "kind": "feed", "url": "feed.rss"}])
    trawl("run", "--config", path, "--quiet")
    time.sleep(1.1)
    trawl("run", "--config", path, "--quiet")
    changes = changes_after_baseline(os.path.join(folder, "Cache"))
    return changes == 0, f"changes on the second night: {changes}"


def case_8(folder):
    """A gzip bomb is capped by maxBytes; a body that drips is cut at the timeout."""
    bomb = gzip.compress(bytes(512 << 20), compresslevel=9)
    ROUTES["/case8/bomb"] = (200, {"Content-Encoding": "gzip", "Content-Type": "text/html"}, bomb)

    def drip(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html")
        handler.send_header("Content-Length", "100000")
        handler.end_headers()
        try:
            for _ in range(100):
                handler.wfile.write(b"<")
                handler.wfile.flush()
                time.sleep(1)
        except OSError:
            pass

    ROUTES["/case8/drip"] = drip
    path = config(folder, [{"id": "bomb", "kind": "list", "url": f"{BASE}/case8/bomb", "items": "li",
                            "fields": {"title": "a"}}], fetch={"delay": 0, "attempts": 1, "maxBytes": 5_000_000})
    _, _, _, _, peak = trawl("run", "--config", path, "--quiet")
    os.remove(path)
    path = config(folder, [{"id": "drip", "kind": "list", "url": f"{BASE}/case8/drip", "items": "li",
                            "fields": {"title": "a"}}], fetch={"delay": 0, "attempts": 1, "timeout": 3})
    _, _, _, seconds, _ = trawl("run", "--config", path, "--quiet", timeout=60)
    return peak < 200 and seconds < 15, (
        f"512 MiB bomb, cap 5 MB: peak {peak:.0f} MB; dripping body, timeout 3 s: {seconds:.1f} s")


def case_9(folder):
    """An element with 160,000 attributes parses in bounded time."""
    page = write(os.path.join(folder, "attributes.html"), "<p " + " ".join(
        f"a{index}=x" for index in range(160_000)) + ">text</p>")
    status, out, err, seconds, _ = trawl("select", "--count", "p", page, timeout=60)
    return status is not None and seconds < 10, f"{os.path.getsize(page) >> 10} KB: {seconds:.1f} s, exit {status}"


def case_10(folder):
    """A 600,000-item feed stays bounded in memory and in index.html."""
    entries = "".join(
        f"<item><title>{index}</title></item>"
        for index in range(600_000))
    write(os.path.join(folder, "big.rss"), f"<rss version='2.0'><channel><title>t</title>{entries}</channel></rss>")
    size = os.path.getsize(os.path.join(folder, "big.rss")) / 1e6
    path = config(folder, [{"id": "big", "kind": "feed", "url": "big.rss"}],
                  fetch={"delay": 0, "attempts": 1, "maxBytes": 100_000_000})
    status, _, err, seconds, peak = trawl("run", "--config", path, "--quiet", timeout=600)
    pages = [os.path.join(root, name) for root, _, names in os.walk(os.path.join(folder, "Output"))
             for name in names if name.endswith(".html")]
    largest = max((os.path.getsize(page) for page in pages), default=0) / 1e6
    return peak / size < 40 and largest < 10, (
        f"{size:.1f} MB feed: peak {peak:.0f} MB ({peak / size:.1f} per input MB), largest page {largest:.1f} MB,"
        f" {seconds:.0f} s, exit {status}")


def case_11(folder):
    """`trawl download` does not mirror file:///etc/passwd."""
    write(os.path.join(folder, "list.html"), "<ul><li><a href='file:///etc/passwd'>p</a></li></ul>")
    path = config(folder, [{"id": "links", "kind": "list", "url": "list.html", "items": "li",
                            "fields": {"title": "a", "url": "a::attr(href)"}, "download": "url"}])
    trawl("run", "--config", path, "--quiet")
    trawl("download", "--config", path, "--quiet")
    leaked = [os.path.join(root, name) for root, _, names in os.walk(os.path.join(folder, "Output"))
              for name in names if "root:" in open(os.path.join(root, name), errors="replace").read()]
    return not leaked, f"files holding /etc/passwd: {len(leaked)}"


def case_12(folder):
    """A symlinked Cache/trawl.lock is not written through nor deleted."""
    victim = write(os.path.join(folder, "victim.txt"), "precious\n")
    os.makedirs(os.path.join(folder, "Cache"))
    os.symlink(victim, os.path.join(folder, "Cache", "trawl.lock"))
    write(os.path.join(folder, "list.html"), "<ul><li><a href='/a'>a</a></li></ul>")
    path = config(folder, [{"id": "links", "kind": "list", "url": "list.html", "items": "li", "fields": {"title": "a"}}])
    status, _, err, _, _ = trawl("run", "--config", path, "--quiet")
    intact = os.path.exists(victim) and open(victim).read() == "precious\n"
    return intact, f"exit {status}; target {'intact' if intact else 'overwritten or deleted'}"


def case_13(folder):
    """A template that links out of its folder is not rendered."""
    write(os.path.join(folder, "secret.txt"), "SECRET-TOKEN-17\n")
    os.makedirs(os.path.join(folder, "theme"))
    for name in ("item.mustache", "index.mustache", "layout.mustache", "source.mustache"):
        os.symlink(os.path.join(folder, "secret.txt"), os.path.join(folder, "theme", name))
    write(os.path.join(folder, "list.html"), "<ul><li><a href='/a'>a</a></li></ul>")
    path = config(folder, [{"id": "links", "kind": "list", "url": "list.html", "items": "li", "fields": {"title": "a"}}],
                  templates="theme")
    status, _, err, _, _ = trawl("run", "--config", path, "--quiet")
    leaked = [name for root, _, names in os.walk(os.path.join(folder, "Output")) for name in names
              if "SECRET-TOKEN-17" in open(os.path.join(root, name), errors="replace").read()]
    return not leaked, f"exit {status}; files with the secret: {leaked or 'none'}"


def case_14(folder):
    """64 slow clients do not lock others out of `trawl serve`."""
    write(os.path.join(folder, "Output", "index.html"), "<p>hello</p>")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([TRAWL, "serve", os.path.join(folder, "Output"), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        slow = []
        for _ in range(64):
            client = socket.create_connection(("127.0.0.1", port))
            client.send(b"G")
            slow.append(client)
        time.sleep(2)
        for client in slow:
            try:
                client.send(b"E")
            except OSError:
                pass
        result = subprocess.run(["curl", "-s", "-m", "5", "-o", "/dev/null", "-w", "%{http_code}",
                                 f"http://127.0.0.1:{port}/"], capture_output=True, text=True)
        for client in slow:
            client.close()
        return result.stdout == "200", f"a normal client beside 64 slow ones: HTTP {result.stdout or 'no answer'}"
    finally:
        server.kill()
        server.wait()


def case_15(folder):
    """Messages name the file, the path and the cause, in words."""
    checks = {}
    bad = os.path.join(folder, "utf8")
    os.makedirs(bad)
    write(os.path.join(bad, "trawl.json"), b'{"sources": [{"id": "a\xff", "url": "x.html", "kind": "list"}]}', "wb")
    status, _, err, _, _ = trawl("run", "--config", os.path.join(bad, "trawl.json"), "--quiet")
    checks["invalid UTF-8 is a configuration error"] = status == 2 and "UTF-8" in err
    long = os.path.join(folder, "long")
    write(os.path.join(long, "list.html"), "<ul><li>a</li></ul>")
    path = config(long, [{"id": "x" * 300, "kind": "list", "url": "list.html", "items": "li", "fields": {"title": "li"}}])
    status, _, err, _, _ = trawl("run", "--config", path, "--quiet")
    checks["a 300-character id fails validation"] = status == 2
    ROUTES["/case15/moved"] = (302, {}, b"")
    closed = os.path.join(folder, "closed")
    path = config(closed, [
        {"id": "closed", "kind": "list", "url": "http://127.0.0.1:9/", "items": "li", "fields": {"title": "li"}},
        {"id": "moved", "kind": "list", "url": f"{BASE}/case15/moved", "items": "li", "fields": {"title": "li"}}])
    status, out, err, _, _ = trawl("run", "--config", path)
    text = out + err
    checks["fetch errors do not read 'URL: URL:'"] = "URL: URL:" not in text
    checks["a 302 without Location says so"] = "Location" in text
    same = os.path.join(folder, "same")
    write(os.path.join(same, "list.html"), "<ul>" + "<li><a href='/same'>a</a></li>" * 1000 + "</ul>")
    path = config(same, [{"id": "same", "kind": "list", "url": "list.html", "items": "li",
                          "fields": {"title": "a", "url": "a::attr(href)"}}])
    status, out, err, _, _ = trawl("run", "--config", path)
    checks["items sharing an id are reported"] = "999" in err and "id" in err
    page = write(os.path.join(folder, "utf7.html"), '<meta charset="utf-7"><p>+ADw-b+AD4-x</p>')
    status, out, _, _, _ = trawl("select", "p", page)
    checks["UTF-7 is not decoded"] = "+ADw-" in out
    failed = [name for name, held in checks.items() if not held]
    return not failed, f"{len(checks) - len(failed)}/{len(checks)} hold" + (f"; not: {'; '.join(failed)}" if failed else "")


def main():
    print(f"{TRAWL}")
    held_count = 0
    cases = [(number, globals()[f"case_{number}"]) for number in range(1, 16)]
    for number, case in cases:
        if ONLY and number not in ONLY:
            continue
        with tempfile.TemporaryDirectory(prefix=f"trawl-case{number}-") as folder:
            try:
                held, detail = case(folder)
            except Exception as error:  # a case that cannot run says why
                held, detail = False, f"could not run: {error!r}"
        mark = {True: "held", False: "BROKEN", None: "skipped"}[held]
        held_count += held is True
        print(f"case {number:2}: {mark:7} {detail}", flush=True)
    print(f"{held_count} held")


main()
