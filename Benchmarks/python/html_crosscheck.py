"""Compares Trawl's match counts with parsel's (lxml + cssselect) on real pages.

Reads the lines `trawl-bench html --counts FILE` prints (page, selector, count) on standard
input, counts the same with parsel, and prints each disagreement and a summary. The two
parse with the same libxml2, so a difference is a selector translation difference, or the
tbody Trawl inserts where libxml2 leaves it out.

    trawl-bench html --pages DIR --counts SELECTORS | python3 html_crosscheck.py --pages DIR
"""

import argparse
import os
import sys

from parsel import Selector


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", required=True)
    arguments = parser.parse_args()
    documents = {}
    agree = differ = 0
    for line in sys.stdin:
        page, css, count = line.rstrip("\n").split("\t")
        if page not in documents:
            with open(os.path.join(arguments.pages, page), "rb") as file:
                documents[page] = Selector(text=file.read().decode("utf-8", "replace"))
        try:
            expected = str(len(documents[page].css(css)))
        except Exception as error:  # cssselect rejects what it does not support
            expected = f"error ({type(error).__name__})"
        if expected == count:
            agree += 1
        else:
            differ += 1
            print(f"{page}\t{css}\ttrawl {count}\tparsel {expected}")
    print(f"{agree} agree, {differ} differ")


if __name__ == "__main__":
    main()
