"""A real night, side by side: Trawl, urlwatch and changedetection.io against the latency server.

Usage: night.py TRAWL VENV_PYTHON [--pages N] [--hosts H] [--tls | --http2] [--repeat R] [--cdio PYTHON]
                [--tools trawl,urlwatch,cdio] [--latency S]

Each tool gets a fresh state and three nights: the first (everything new), one where nothing
changed (repeated R times, each line printed), and one where 5% of the pages changed. Every
tool runs at concurrency 10 and is measured as a child process (wall, user+sys CPU, peak RSS);
the server, in this process, counts requests, 304s and the connections it accepted.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import night_server  # noqa: E402

CONCURRENCY = 10
# When the last measured command started and ended (time.monotonic, as the server's counters).
last_started = last_ended = 0.0


def measure(command, env=None, cwd=None):
    """Runs `command`; returns (wall, cpu, peak RSS in MB, stdout)."""
    global last_started, last_ended
    started = last_started = time.monotonic()
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env, cwd=cwd)
        _, status, usage = os.wait4(process.pid, 0)
        last_ended = time.monotonic()
        wall = last_ended - started
        output.seek(0)
        text = output.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"night.py: {command[0]} exited with {code}:\n{text[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text


class Trawl:
    name = "Trawl"

    def __init__(self, binary, folder, urls, ca):
        self.binary = binary
        self.config = os.path.join(folder, "trawl.json")
        self.env = dict(os.environ, **({"CURL_CA_BUNDLE": ca} if ca else {}))
        sources = [{"id": f"p{index:04d}", "kind": "list", "url": url, "items": "li.item",
                    "fields": {"title": "a", "url": "a::attr(href)"}} for index, url in enumerate(urls)]
        configuration = {
            "output": os.path.join(folder, "Output"), "cache": os.path.join(folder, "Cache"),
            "fetch": {"delay": 0, "concurrency": CONCURRENCY, "timeout": 60},
            "sources": sources,
        }
        with open(self.config, "w") as file:
            json.dump(configuration, file)

    def night(self):
        wall, cpu, rss, text = measure([self.binary, "run", "--config", self.config], env=self.env)
        # One line a source: "[p0007] 50 items, 1 change"; the sources with changes count.
        changed = [line for line in re.findall(r"^\[p\d+\] .*?(\d+) changes?$", text, re.M) if line != "0"]
        return wall, cpu, rss, len(changed), text


class Urlwatch:
    name = "urlwatch"

    def __init__(self, python, folder, urls, ca):
        self.folder = folder
        self.env = dict(os.environ, **({"REQUESTS_CA_BUNDLE": ca} if ca else {}))
        self.command = [os.path.join(os.path.dirname(os.path.abspath(python)), "urlwatch"),
                        "--urls", os.path.join(folder, "urls.yaml"), "--config", os.path.join(folder, "urlwatch.yaml"),
                        "--cache", os.path.join(folder, "cache.db")]
        with open(os.path.join(folder, "urls.yaml"), "w") as file:
            file.write("\n---\n".join(f"name: p{index:04d}\nurl: {url}\nfilter:\n  - css: li.item\n"
                                      for index, url in enumerate(urls)))
        # Its defaults, but only the plain-text report on standard output.
        with open(os.path.join(folder, "urlwatch.yaml"), "w") as file:
            file.write("display:\n  new: true\n  error: true\n  unchanged: false\n"
                       "report:\n  text:\n    details: false\n    footer: false\n    line_length: 75\n"
                       "  stdout:\n    enabled: true\n    color: false\n")
        subprocess.run(self.command + ["--edit-config"], env=dict(self.env, EDITOR="true"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def night(self):
        wall, cpu, rss, text = measure(self.command, env=self.env, cwd=self.folder)
        return wall, cpu, rss, len(re.findall(r"^(?:\d+\. )?CHANGED:", text, re.M)), text


class ChangeDetection:
    """changedetection.io in batch mode (-b): queue every watch, check them, exit."""

    name = "changedetection.io"

    def __init__(self, python, folder, urls, ca, port):
        self.data = os.path.join(folder, "datastore")
        self.binary = os.path.join(os.path.dirname(os.path.abspath(python)), "changedetection.io")
        self.env = dict(os.environ, FETCH_WORKERS=str(CONCURRENCY), ALLOW_IANA_RESTRICTED_ADDRESSES="true",
                        **({"REQUESTS_CA_BUNDLE": ca, "SSL_CERT_FILE": ca} if ca else {}))
        self.urls = urls
        self.port = port
        self.nights = 0
        self.first = True

    def histories(self):
        total = 0
        for root, _, files in os.walk(self.data):
            if "history.txt" in files:
                with open(os.path.join(root, "history.txt")) as file:
                    total += sum(1 for line in file if line.strip())
        return total

    def night(self):
        # A port of its own each night: batch mode refuses to start while the last night's
        # is still taken.
        self.nights += 1
        port = str(self.port + self.nights)
        command = [self.binary, "-d", self.data, "-C", "-h", "127.0.0.1", "-p", port, "-l", "ERROR"]
        if self.first:
            options = json.dumps({"include_filters": ["li.item"]})
            for index, url in enumerate(self.urls):
                command += ["-u", url, f"-u{index}", options]
        command += ["-r", "all", "-b"]
        before = self.histories()
        wall, cpu, rss, text = measure(command, env=self.env)
        changes = self.histories() - before
        # The first night's snapshots are not changes (the other tools say "new" for them).
        if self.first:
            changes = 0
        self.first = False
        return wall, cpu, rss, changes, text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trawl")
    parser.add_argument("python")
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--hosts", type=int, default=25)
    parser.add_argument("--tls", action="store_true")
    parser.add_argument("--http2", action="store_true", help="hypercorn over TLS, offering h2 (implies --tls)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--tools", default="trawl,urlwatch,cdio")
    parser.add_argument("--cdio", help="the Python of a virtual environment holding changedetection.io")
    parser.add_argument("--trawl-label", default="Trawl")
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as work:
        site = night_server.Site(arguments.pages, arguments.latency)
        tls = night_server.make_ca(work, arguments.hosts) if arguments.tls or arguments.http2 else None
        scheme, port, servers = night_server.start(site, arguments.hosts, tls, http2=arguments.http2)
        hosts = night_server.addresses(arguments.hosts)
        # Pages alternate between hosts, as a configuration written by hand mixes them.
        urls = [f"{scheme}://{hosts[index % len(hosts)]}:{port}/page/{index}" for index in range(arguments.pages)]
        ca = tls[0] if tls else None
        rounds = -(-(arguments.pages + arguments.hosts) // CONCURRENCY)
        protocol = scheme + (" (h2 offered)" if arguments.http2 else "")
        print(f"night: {arguments.pages} pages on {arguments.hosts} hosts, {protocol}, "
              f"{arguments.latency * 1000:.0f} ms a response, concurrency {CONCURRENCY}; "
              f"floor {rounds * arguments.latency:.1f} s with robots.txt ({rounds} rounds)")
        print(f"{'tool':<20} {'night':<16} {'wall s':>7} {'floor s':>7} {'CPU s':>7} {'RSS MB':>7} {'requests':>8} "
              f"{'304s':>6} {'conns':>6} {'changes':>7}  where the wall over the floor went (s): before the first request"
              f" + after the last answer + server's delay + idle places; TLS handshakes (resumed), server time each")
        for tool in arguments.tools.split(","):
            folder = os.path.join(work, tool)
            os.makedirs(folder)
            if tool == "trawl":
                runner = Trawl(arguments.trawl, folder, urls, ca)
                runner.name = arguments.trawl_label
            elif tool == "urlwatch":
                runner = Urlwatch(arguments.python, folder, urls, ca)
            elif tool == "cdio":
                if not arguments.cdio:
                    print("changedetection.io: skipped (no --cdio PYTHON given)")
                    continue
                runner = ChangeDetection(arguments.cdio, folder, urls, ca, port + 1)
            else:
                sys.exit(f"night.py: unknown tool {tool}")
            site.versions = [0] * arguments.pages
            nights = [("first", 0)] + [("nothing changed", 0)] * arguments.repeat + [("5% changed", 0.05)]
            for label, fraction in nights:
                expected = site.change(fraction) if fraction else 0
                site.counters.reset()
                wall, cpu, rss, changes, _ = runner.night()
                counts = site.counters.snapshot()
                note = "" if changes == expected else f" (expected {expected})"
                # The floor of this night: its requests in rounds of CONCURRENCY, each one latency
                # long (a tool that asks robots.txt of no host has 25 or 100 requests fewer).
                floor = -(-counts["requests"] // CONCURRENCY) * arguments.latency
                # The partial last round is in the floor already, not idle.
                partial = (-counts["requests"] % CONCURRENCY) * arguments.latency / CONCURRENCY
                split = ""
                if counts["first"] is not None:
                    split = (f"  {counts['first'] - last_started:.2f} + {last_ended - counts['last']:.2f}"
                             f" + {counts['server_share']:.2f} + {max(0.0, counts['idle_share'] - partial):.2f}")
                if counts["handshakes"]:
                    each = counts["handshake_time"] / counts["handshakes"] * 1000
                    split += f", {counts['handshakes']} ({counts['resumed']}) {each:.1f} ms each"
                print(f"{runner.name:<20} {label:<16} {wall:7.2f} {floor:7.1f} {cpu:7.2f} {rss:7.0f} {counts['requests']:8d} "
                      f"{counts['not_modified']:6d} {counts['connections']:6d} {changes:7d}{note}{split}", flush=True)
        night_server.stop(servers)


main()
