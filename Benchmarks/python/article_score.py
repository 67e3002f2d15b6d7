"""Scores article extraction against Mozilla readability's expected output, for Trawl
(results written by `trawl-bench article`) and, run here on the same pages, readability-lxml
and trafilatura.

Text: precision, recall and F1 over the 4-gram shingles of the lower-cased \\w+ tokens
(multisets), per page, averaged; every 5th page (sorted by name, the 5th, 10th, ...) is held
out from tuning and reported apart. Metadata: title, byline, excerpt and published time,
field by field, as the share of pages where a tool's value equals the expected one (white
space collapsed; both absent counts as equal). Time: wall clock per page, best of N passes,
one process, parse included.

Usage: article_score.py --pages DIR --expected DIR --trawl DIR [--passes N] [--peers]
"""

import argparse
import collections
import json
import os
import re
import time

import lxml.html

TOKEN = re.compile(r"\w+", re.UNICODE)
PAGE_URL = "http://fakehost/test/page.html"
FIELDS = ["title", "byline", "excerpt", "published"]


def shingles(text):
    tokens = TOKEN.findall((text or "").lower())
    if len(tokens) < 4:
        return collections.Counter([" ".join(tokens)] if tokens else [])
    return collections.Counter(" ".join(tokens[i:i + 4]) for i in range(len(tokens) - 3))


def score(found, expected):
    a, b = shingles(found), shingles(expected)
    if not a and not b:
        return 1.0, 1.0, 1.0
    common = sum((a & b).values())
    if common == 0:
        return 0.0, 0.0, 0.0
    p, r = common / sum(a.values()), common / sum(b.values())
    return p, r, 2 * p * r / (p + r)


def html_text(markup):
    if not markup or not markup.strip():
        return ""
    return lxml.html.fromstring(markup).text_content()


def normal(value):
    if value is None:
        return None
    text = " ".join(str(value).split())
    return text or None


def same_time(a, b):
    from datetime import datetime
    if a == b:
        return True
    if a is None or b is None:
        return False
    try:
        return datetime.fromisoformat(a.replace("Z", "+00:00")) == datetime.fromisoformat(b.replace("Z", "+00:00"))
    except ValueError:
        return False


def run_readability(html):
    from readability import Document
    document = Document(html, url=PAGE_URL)
    summary = document.summary(html_partial=True)
    return {"text": html_text(summary), "title": document.short_title(), "byline": None, "excerpt": None,
            "published": None}


def run_trafilatura(html):
    import trafilatura
    result = trafilatura.extract(html, url=PAGE_URL, output_format="json", with_metadata=True)
    data = json.loads(result) if result else {}
    return {"text": data.get("raw_text") or data.get("text") or "", "title": data.get("title"),
            "byline": data.get("author"), "excerpt": data.get("description"), "published": data.get("date")}


def timed(tool, html, passes):
    best, result = float("inf"), None
    for _ in range(passes):
        start = time.perf_counter()
        try:
            result = tool(html)
        except Exception as error:  # a peer that fails on a page scores nothing for it
            result = {"text": "", "error": repr(error)}
        best = min(best, time.perf_counter() - start)
    return result, best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--trawl", required=True)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--peers", action="store_true")
    parser.add_argument("--worst", type=int, default=0, help="list Trawl's N worst pages")
    args = parser.parse_args()

    names = sorted(n for n in os.listdir(args.expected) if os.path.exists(os.path.join(args.pages, n + ".html")))
    tools = ["trawl"] + (["readability-lxml", "trafilatura"] if args.peers else [])
    runners = {"readability-lxml": run_readability, "trafilatura": run_trafilatura}
    scores = {tool: {"tune": [], "held": []} for tool in tools}
    agree = {tool: collections.Counter() for tool in tools}
    seconds = {tool: 0.0 for tool in tools}
    per_page = []
    page_f1 = {}
    for index, name in enumerate(names):
        part = "held" if index % 5 == 4 else "tune"
        with open(os.path.join(args.expected, name, "expected.html"), encoding="utf-8") as file:
            expected_text = html_text(file.read())
        with open(os.path.join(args.expected, name, "expected-metadata.json"), encoding="utf-8") as file:
            meta = json.load(file)
        expected = {"title": meta.get("title"), "byline": meta.get("byline"), "excerpt": meta.get("excerpt"),
                    "published": meta.get("publishedTime")}
        with open(os.path.join(args.pages, name + ".html"), encoding="utf-8", errors="replace") as file:
            html = file.read()
        for tool in tools:
            if tool == "trawl":
                with open(os.path.join(args.trawl, name + ".json"), encoding="utf-8") as file:
                    result = json.load(file)
                seconds[tool] += result["seconds"]
            else:
                result, spent = timed(runners[tool], html, args.passes)
                seconds[tool] += spent
            p, r, f = score(result.get("text"), expected_text)
            scores[tool][part].append((p, r, f))
            if tool == "trawl":
                per_page.append((f, p, r, name))
            page_f1.setdefault(name, {})[tool] = f
            for field in FIELDS:
                a, b = normal(result.get(field)), normal(expected[field])
                if (same_time(a, b) if field == "published" else a == b):
                    agree[tool][field] += 1

    def mean(rows, column):
        return sum(row[column] for row in rows) / len(rows) if rows else 0.0

    print(f"Article text against readability's expected output, {len(names)} pages "
          f"({sum(1 for i in range(len(names)) if i % 5 != 4)} tuned on, {sum(1 for i in range(len(names)) if i % 5 == 4)} held out: every 5th)")
    print(f"{'tool':<18}{'P':>7}{'R':>7}{'F1':>7}{'F1 tuned':>10}{'F1 held-out':>13}{'ms/page':>10}")
    for tool in tools:
        rows = scores[tool]["tune"] + scores[tool]["held"]
        print(f"{tool:<18}{mean(rows, 0):7.3f}{mean(rows, 1):7.3f}{mean(rows, 2):7.3f}"
              f"{mean(scores[tool]['tune'], 2):10.3f}{mean(scores[tool]['held'], 2):13.3f}"
              f"{seconds[tool] / len(names) * 1000:10.2f}")
    print()
    print("Metadata: pages where the value equals readability's expected one (both absent counts)")
    print(f"{'tool':<18}" + "".join(f"{field:>11}" for field in FIELDS))
    for tool in tools:
        print(f"{tool:<18}" + "".join(f"{agree[tool][field]:>7}/{len(names):<3}" for field in FIELDS))
    if args.worst:
        print()
        print("Trawl's worst pages (F1, precision, recall" + (", then the peers' F1)" if args.peers else ")"))
        for f, p, r, name in sorted(per_page)[:args.worst]:
            peers = "".join(f"  {tool} {page_f1[name][tool]:.3f}" for tool in tools[1:])
            print(f"  {f:.3f}  P {p:.3f}  R {r:.3f}  {name}{peers}")


if __name__ == "__main__":
    main()
