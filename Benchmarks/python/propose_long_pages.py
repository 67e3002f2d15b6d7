"""Two real listings of the proposal corpus made 2 MB long for Benchmarks/propose.sh.

Usage: propose_long_pages.py WORK_FOLDER CORPUS_FOLDER"""
# A real listing made long: the element with the most children of one tag keeps repeating
# them until the page is 2 MB.
import os, sys
import lxml.html
work, corpus = sys.argv[1], sys.argv[2]
for name, out in [("shop-deals-list.html", "long-shop-deals.html"), ("aggregator-hn-table.html", "long-hn-table.html")]:
    document = lxml.html.parse(os.path.join(corpus, name)).getroot()
    def repeated(element):
        tags = {}
        for child in element:
            if isinstance(child.tag, str):
                tags[child.tag] = tags.get(child.tag, 0) + 1
        return max(tags.values(), default=0)
    container = max(document.iter(), key=repeated)
    items = [child for child in container if isinstance(child.tag, str)]
    markup = [lxml.html.tostring(item) for item in items]
    size = len(lxml.html.tostring(document))
    while size < 2_000_000:
        for text in markup:
            container.append(lxml.html.fromstring(text))
            size += len(text)
    with open(os.path.join(work, out), "wb") as f:
        f.write(lxml.html.tostring(document, doctype="<!DOCTYPE html>"))
