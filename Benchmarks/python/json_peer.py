"""The peers of Benchmarks/json.sh: a json source's work in Python, on the same large API
response Trawl reads. `make` writes the response; `run` parses it with the standard
library's json, selects the items and each item's fields with python-jsonpath (RFC 9535,
the same queries the Trawl source has) and types them, best of three, printing wall and CPU seconds and the item count.

Usage: json_peer.py make FIXTURE COPIES OUT | json_peer.py run FILE
"""

import datetime
import json
import sys
import time

FIELDS = {
    "title": "$.name",
    "url": "$.html_url",
    "date": "$.published_at",
    "assets": "$.assets[*].name",
    "downloads": "$.assets[0].download_count",
}


def make(fixture, copies, out):
    """The fixture's releases repeated COPIES times, each copy with its own links and ids."""
    releases = json.load(open(fixture))
    bigger = []
    for copy in range(copies):
        for release in releases:
            clone = dict(release)
            clone["html_url"] = f"{release['html_url']}-{copy}"
            clone["id"] = release["id"] * 1000 + copy
            bigger.append(clone)
    with open(out, "w") as file:
        json.dump(bigger, file)


def run(path):
    import jsonpath

    items_query = jsonpath.compile("$[*]")
    fields = {name: jsonpath.compile(query) for name, query in FIELDS.items()}
    best = best_cpu = None
    for _ in range(3):
        start = time.perf_counter()
        start_cpu = time.process_time()
        with open(path, "rb") as file:
            document = json.load(file)
        items = []
        for node in items_query.findall(document):
            item = {}
            for name, query in fields.items():
                values = query.findall(node)
                if name == "assets":
                    item[name] = values
                elif values and values[0] not in (None, ""):
                    value = values[0]
                    if name == "date":
                        value = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
                    item[name] = value
            items.append(item)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - start_cpu
        best = elapsed if best is None else min(best, elapsed)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    print(f"{best:.3f} {best_cpu:.3f} {len(items)}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        run(sys.argv[2])
