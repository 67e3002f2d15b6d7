"""The peer of `trawl select --count GROUP FILES...` in the select benchmark: parsel parses
each file and counts the elements the selector group matches, printing `count<TAB>path`.

Usage: select_parsel.py GROUP FILE...
"""

import sys

from parsel import Selector


def main():
    group, files = sys.argv[1], sys.argv[2:]
    for path in files:
        with open(path, "rb") as file:
            data = file.read()
        # parsel is given text as Scrapy gives it, decoded by its own rules (UTF-8 here).
        document = Selector(text=data.decode("utf-8", "replace"))
        print(f"{len(document.css(group))}\t{path}")


if __name__ == "__main__":
    main()
