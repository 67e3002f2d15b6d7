"""Python's feedparser on the same corpus as `trawl-bench feeds`: feeds/s and MB/s.

usage: python3 feeds_feedparser.py FOLDER [--seconds N]
"""
import os
import sys
import time

import feedparser


def corpus(folder):
    paths = []
    for root, _, names in os.walk(folder):
        for name in names:
            if os.path.splitext(name)[1].lower() in (".xml", ".json", ".rss", ".atom", ".rdf"):
                paths.append(os.path.join(root, name))
    documents = []
    for path in sorted(paths):
        with open(path, "rb") as handle:
            documents.append(handle.read())
    return documents


def main():
    args = sys.argv[1:]
    seconds = 2.0
    if "--seconds" in args:
        index = args.index("--seconds")
        seconds = float(args[index + 1])
        del args[index:index + 2]
    folder = args[0] if args else "../shared/testdata/feeds"
    documents = corpus(folder)
    size = sum(len(d) for d in documents)
    rounds = 0
    start = time.perf_counter()
    while True:
        for document in documents:
            feedparser.parse(document)
        rounds += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    print("feedparser %5d files  %6.2f MB  %4d rounds  %9.0f feeds/s  %7.2f MB/s  (feedparser %s)" % (
        len(documents), size / 1048576, rounds, len(documents) * rounds / elapsed,
        size * rounds / 1048576 / elapsed, feedparser.__version__))


if __name__ == "__main__":
    main()
