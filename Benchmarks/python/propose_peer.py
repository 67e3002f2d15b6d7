"""The floor for a proposal engine: parse the page with lxml and group every element's
children by tag, keeping groups of three or more that hold a link (what any repeated-list
finder must at least do). Prints how many groups it found."""
import sys

import lxml.html

document = lxml.html.parse(sys.argv[1]).getroot()
groups = 0
for element in document.iter():
    counts = {}
    for child in element:
        if isinstance(child.tag, str) and child.find(".//a") is not None:
            counts[child.tag] = counts.get(child.tag, 0) + 1
    groups += sum(1 for count in counts.values() if count >= 3)
print(groups)
