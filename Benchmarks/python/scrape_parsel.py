"""The peer of `trawl scrape` in the scrape benchmark: a parsel spider doing the same
extraction (CSS, text with white space collapsed, prefixes stripped, strptime, urljoin,
tags as a list) and writing the items as JSON.

Usage: scrape_parsel.py PAGES_DIR OUT.json
"""

import json
import os
import sys
from datetime import datetime
from urllib.parse import urljoin

from parsel import Selector

BASE = "https://example.com/blog/"
PREFIXES = ("Published on", "Updated:")


def text(nodes):
    """The first node's text, white space collapsed, as Trawl's `text` reads it."""
    node = nodes[0] if nodes else None
    return " ".join(node.xpath("string()").get().split()) if node is not None else ""


def scrape(html):
    items = []
    for post in Selector(text=html).css("article.post"):
        link = post.css("h2.title a")
        title = text(link)
        href = link.attrib.get("href", "").strip() if link else ""
        date_text = text(post.css(".meta .date"))
        for prefix in PREFIXES:
            date_text = date_text.replace(prefix, "")
        date_text = " ".join(date_text.split())
        date = datetime.strptime(date_text, "%d %b %Y").strftime("%Y-%m-%dT%H:%M:%SZ") if date_text else None
        tags = [" ".join(tag.xpath("string()").get().split()) for tag in post.css("ul.tags li")]
        items.append({
            "title": title, "url": urljoin(BASE, href), "date": date, "tags": [tag for tag in tags if tag],
            "summary": text(post.css("p.summary")),
        })
    return items


def main():
    pages, out = sys.argv[1], sys.argv[2]
    result = {}
    for name in sorted(os.listdir(pages)):
        with open(os.path.join(pages, name), encoding="utf-8") as file:
            result[name] = scrape(file.read())
    with open(out, "w", encoding="utf-8") as file:
        json.dump(result, file, ensure_ascii=False)


if __name__ == "__main__":
    main()
