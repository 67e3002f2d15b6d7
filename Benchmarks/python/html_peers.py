"""The work of `trawl-bench html` done with parsel (lxml + cssselect) and selectolax (lexbor).

Reads the selector list from a file (one per line, as `trawl-bench html --selectors` prints it),
parses every page of a folder, runs every selector on each page, and prints MB/s and pages/s.
A selector ending in ::text or ::attr(name) extracts strings; the others count elements.

    python3 html_peers.py --pages DIR --selectors FILE [--processes N] [--passes N]
"""

import argparse
import os
import re
import time
from concurrent.futures import ProcessPoolExecutor

ATTR = re.compile(r"^(.*)::attr\(([^)]+)\)$")


def parsel_page(args):
    from parsel import Selector

    data, selectors = args
    # parsel is given bytes as Scrapy gives them, decoded by its own rules (UTF-8 here).
    document = Selector(text=data.decode("utf-8", "replace"))
    results = 0
    for css in selectors:
        if css.endswith("::text") or css.endswith(")"):
            results += sum(1 for value in document.css(css).getall() if value)
        else:
            results += len(document.css(css))
    return results


def selectolax_page(args):
    from selectolax.lexbor import LexborHTMLParser

    data, selectors = args
    tree = LexborHTMLParser(data)
    results = 0
    for css in selectors:
        attribute = ATTR.match(css)
        if attribute:
            results += sum(1 for node in tree.css(attribute.group(1)) if node.attributes.get(attribute.group(2)))
        elif css.endswith("::text"):
            parts = [part.strip()[: -len("::text")] for part in css.split(",")]
            results += sum(1 for node in tree.css(", ".join(parts)) if node.text(deep=False))
        else:
            results += len(tree.css(css))
    return results


def cpu_seconds():
    """CPU time of this process and its finished children: figures from it hold on a busy machine."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def run(name, function, pages, selectors, processes, passes):
    megabytes = sum(len(page) for page in pages) / 1e6
    best = float("inf")
    best_cpu = float("inf")
    results = 0
    for _ in range(passes):
        start = time.perf_counter()
        start_cpu = cpu_seconds()
        jobs = [(page, selectors) for page in pages]
        if processes > 1:
            with ProcessPoolExecutor(processes) as pool:
                results = sum(pool.map(function, jobs, chunksize=4))
        else:
            results = sum(map(function, jobs))
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, cpu_seconds() - start_cpu)
    label = f"{name}, {processes} process{'es' if processes > 1 else ''}"
    print(
        f"{label:<32} {megabytes / best:7.1f} MB/s {len(pages) / best:7.1f} pages/s {megabytes / best_cpu:7.1f} MB/CPU-s"
        f"  ({len(pages)} pages, {megabytes:.1f} MB, {len(selectors)} selectors, {results} results, best of {passes})",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", required=True)
    parser.add_argument("--selectors", required=True)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--passes", type=int, default=3)
    arguments = parser.parse_args()
    with open(arguments.selectors, encoding="utf-8") as file:
        selectors = [line.rstrip("\n") for line in file if line.strip()]
    names = sorted(name for name in os.listdir(arguments.pages) if name.endswith(".html"))
    pages = []
    for name in names:
        with open(os.path.join(arguments.pages, name), "rb") as file:
            pages.append(file.read())
    run("parsel (lxml+cssselect)", parsel_page, pages, selectors, arguments.processes, arguments.passes)
    run("selectolax (lexbor)", selectolax_page, pages, selectors, arguments.processes, arguments.passes)


if __name__ == "__main__":
    main()
