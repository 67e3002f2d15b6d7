"""Writes the scrape benchmark's input: list pages of blog-like items, the same bytes every
time (a fixed seed), and the trawl.json that scrapes them.

Usage: scrape_pages.py DIR [--pages 50] [--items 2000]
"""

import argparse
import json
import os
import random

WORDS = (
    "harbour chart tide buoy reef light channel depth survey notice mariner beacon shoal "
    "anchorage pilot current datum sounding wreck hazard island cape strait sound bay "
    "café naïve façade Zürich señal São Tomé Ærø “quoted” — dash"
).split()
TAGS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
BASE = "https://example.com/blog/"

FIELDS = {
    "title": "h2.title a",
    "url": {"css": "h2.title a", "attr": "href"},
    "date": {"css": ".meta .date", "format": "dd MMM yyyy", "strip": ["Published on", "Updated:"]},
    "tags": {"css": "ul.tags li", "many": True},
    "summary": "p.summary",
}


def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def item(rng, page, index):
    title = words(rng, rng.randint(3, 5))
    # White space as pages have it: indentation, line breaks, runs of spaces.
    title_markup = f"\n  {title.replace(' ', '  ', 1)}\n "
    prefix = rng.choice(["Published on ", "Updated: ", "Published on\n  "])
    date = f"{rng.randint(1, 28):02d} {rng.choice(MONTHS)} {rng.randint(2000, 2026)}"
    tags = "".join(f"<li> {tag} </li>" for tag in rng.sample(TAGS, rng.randint(1, 3)))
    first, second = words(rng, rng.randint(2, 5)), words(rng, rng.randint(1, 3))
    summary = f"\n  {first} <em>{words(rng, 1)}</em> &amp;\n  {second}.\n "
    href = f"/blog/{page:02d}/post-{index:04d}.html" if index % 3 else f"post-{page:02d}-{index:04d}.html"
    return f"""<article class="post">
 <h2 class="title"><a href="{href}">{title_markup}</a></h2>
 <p class="meta"><span class="date">{prefix}{date}</span> by Ann</p>
 <ul class="tags">{tags}</ul>
 <p class="summary">{summary}</p>
</article>
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--items", type=int, default=2000)
    arguments = parser.parse_args()
    rng = random.Random(2026)
    pages = os.path.join(arguments.folder, "pages")
    os.makedirs(pages, exist_ok=True)
    sources = []
    for page in range(1, arguments.pages + 1):
        body = "".join(item(rng, page, index) for index in range(arguments.items))
        html = (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Posts</title></head>\n'
            f'<body><header><nav><a href="/">Home</a></nav></header>\n<main class="posts">\n{body}</main>\n'
            "<footer><p>Footer</p></footer></body></html>\n"
        )
        name = f"page-{page:02d}.html"
        with open(os.path.join(pages, name), "w", encoding="utf-8") as file:
            file.write(html)
        sources.append(
            {"id": f"page-{page:02d}", "kind": "list", "url": f"pages/{name}", "base": BASE, "items": "article.post",
             "fields": FIELDS})
    config = {"site": {"title": "scrape benchmark", "url": "https://example.com/"}, "cache": "Cache",
              "output": "Output", "fetch": {"delay": 0}, "sources": sources}
    with open(os.path.join(arguments.folder, "trawl.json"), "w", encoding="utf-8") as file:
        json.dump(config, file, indent=2)


if __name__ == "__main__":
    main()
