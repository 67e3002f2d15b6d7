import TrawlHTML

/// A page's elements with what `ListFinder`'s selectors ask of them, read once, and the
/// elements by id, class and tag: what such a selector matches is worked out from the few
/// elements its rightmost part can match, instead of a select that walks the whole page.
///
/// `uniqueSelector` asks how many elements each of up to 24 ever longer paths matches, for
/// each of up to 250 candidates; a select apiece walked every element of the page, most of
/// a proposal's time on a long page. Selectors of any shape but the few `ListFinder` writes
/// (`SelectorIndex+Path` reads them off TrawlHTML's parsed selector), and pages that are
/// not HTML, are left to `Document.select`, so an answer is always the one a select would give.
final class SelectorIndex {
    /// One element, as a select would test it.
    struct Element {
        let node: Node
        let tag: String
        let id: String?
        let testID: String?
        /// The class attribute split on white space as XPath's `normalize-space` splits it.
        let classes: [String]
        let parent: Int?
        /// Its place among its parent's children of its tag, from 1 (`:nth-of-type()`).
        let typeIndex: Int
        var children: [Int] = []
        /// Whether an `a[href]` stands below it (`:has(a[href])`).
        var holdsLink = false
    }

    private let document: Document
    private var table: (elements: [Element], byTag: [String: [Int]], byID: [String: [Int]], byClass: [String: [Int]])?
    private var parsed: [String: Path?] = [:]
    private var counts: [String: Int?] = [:]
    /// Questions answered by a select before the table is built.
    private var questions = 0
    private let selectsFirst: Int
    /// The path last answered and its matches.
    private var lastMatched: (path: Path, matches: [Int])?

    /// `selectsFirst`: how many questions a select answers before the table is built.
    init(document: Document, selectsFirst: Int = 16) {
        self.document = document
        self.selectsFirst = selectsFirst
    }

    /// How many elements `css` matches in the whole document; nil for a selector that does not parse.
    func count(_ css: String) -> Int? {
        if let known = counts[css] { return known }
        let indexes = indexed(css)
        let count = indexes?.count ?? (try? document.select(css).count)
        assert(indexes == nil || count == (try? document.select(css).count), "SelectorIndex miscounts \(css)")
        counts[css] = count
        return count
    }

    /// The elements `css` matches in the whole document, in document order; nil for a
    /// selector that does not parse.
    func select(_ css: String) -> [Node]? {
        if let indexes = indexed(css) {
            let elements = table?.elements ?? []
            let nodes = indexes.map { elements[$0].node }
            assert(nodes == (try? Array(document.select(css))), "SelectorIndex misselects \(css)")
            return nodes
        }
        return try? Array(document.select(css))
    }

    /// The matches as indexes into the table, when the selector is of a shape it answers.
    private func indexed(_ css: String) -> [Int]? {
        // A page of few candidates (a hostile page of 100,000 like rows has two) asks few
        // questions: selects answer them for less than reading every element into the table.
        guard document.isHTML, table != nil || questions >= selectsFirst else {
            questions += 1
            return nil
        }
        let path: Path?
        if let known = parsed[css] {
            path = known
        } else {
            path = Path(parsing: css)
            parsed[css] = path
        }
        guard let path, let last = path.compounds.last else { return nil }
        let table = builtTable()
        let elements = table.elements
        // `uniqueSelector` asks of ever longer paths, each its last one with a parent in
        // front (`ul > li`, then `div.x > ul > li`): only that one's matches can match.
        if let (previous, matched) = lastMatched, let first = path.compounds.first,
            path.childOf.allSatisfy({ $0 }), previous.childOf.allSatisfy({ $0 }),
            Array(path.compounds.dropFirst()) == previous.compounds
        {
            let result = matched.filter { index in
                var ancestor: Int? = index
                for _ in previous.compounds { ancestor = ancestor.flatMap { elements[$0].parent } }
                return ancestor.map { matches(first, elements[$0], in: elements) } ?? false
            }
            lastMatched = (path, result)
            return result
        }
        // The rightmost part's rarest name gives the fewest elements to try.
        var candidates = table.byTag[last.tag] ?? []
        if let id = last.id { candidates = table.byID[id] ?? [] }
        for name in last.classes {
            let named = table.byClass[name] ?? []
            if named.count < candidates.count { candidates = named }
        }
        let result = candidates.filter { index in
            matches(last, elements[index], in: elements)
                && matchesLeft(path, from: path.compounds.count - 2, above: index, in: elements)
        }
        lastMatched = (path, result)
        return result
    }

    /// Whether compounds `position`… (right to left) match ancestors of element `index` as the combinators say.
    private func matchesLeft(_ path: Path, from position: Int, above index: Int, in elements: [Element]) -> Bool {
        guard position >= 0 else { return true }
        var ancestor = elements[index].parent
        while let current = ancestor {
            if matches(path.compounds[position], elements[current], in: elements),
                matchesLeft(path, from: position - 1, above: current, in: elements)
            {
                return true
            }
            if path.childOf[position] { return false }
            ancestor = elements[current].parent
        }
        return false
    }

    private func matches(_ compound: Compound, _ element: Element, in elements: [Element]) -> Bool {
        guard element.tag == compound.tag else { return false }
        if let id = compound.id, element.id != id { return false }
        if let testID = compound.testID, element.testID != testID { return false }
        if let nth = compound.nthOfType, element.typeIndex != nth { return false }
        if compound.holdsLink, !element.holdsLink { return false }
        for name in compound.classes where !element.classes.contains(name) { return false }
        for name in compound.notClasses where element.classes.contains(name) { return false }
        for child in compound.hasChildren {
            guard element.children.contains(where: { matches(child, elements[$0], in: elements) }) else { return false }
        }
        return true
    }

    private func builtTable() -> (
        elements: [Element], byTag: [String: [Int]], byID: [String: [Int]], byClass: [String: [Int]]
    ) {
        if let table { return table }
        var elements: [Element] = []
        var byTag: [String: [Int]] = [:]
        var byID: [String: [Int]] = [:]
        var byClass: [String: [Int]] = [:]
        // Each entry: the element, its tag, its parent's index, its place among its siblings of its tag.
        var stack: [(node: Node, tag: String, parent: Int?, typeIndex: Int)] =
            document.root.map { [($0, $0.tag, nil, 1)] } ?? []
        // Kept from element to element: a page of 100,000 elements allocates them once.
        var seen: [String: Int] = [:]
        var names: Set<String> = []
        var children: [(node: Node, tag: String, parent: Int?, typeIndex: Int)] = []
        while let (node, tag, parent, typeIndex) = stack.popLast() {
            let index = elements.count
            var id: String?
            var testID: String?
            var classes: [String] = []
            for (name, value) in node.attributes {
                switch name {
                case "id": id = value
                case "data-testid": testID = value
                case "class": classes = value.split(whereSeparator: Self.isXMLSpace).map(String.init)
                default: break
                }
            }
            elements.append(
                Element(
                    node: node, tag: tag, id: id, testID: testID, classes: classes, parent: parent,
                    typeIndex: typeIndex))
            if let parent { elements[parent].children.append(index) }
            byTag[tag, default: []].append(index)
            if let id { byID[id, default: []].append(index) }
            names.removeAll(keepingCapacity: true)
            for name in classes where names.insert(name).inserted { byClass[name, default: []].append(index) }
            seen.removeAll(keepingCapacity: true)
            children.removeAll(keepingCapacity: true)
            for child in node.children {
                let childTag = child.tag
                let place = (seen[childTag] ?? 0) + 1
                seen[childTag] = place
                children.append((child, childTag, index, place))
            }
            // Pushed in reverse so they come off the stack in document order.
            stack.append(contentsOf: children.reversed())
        }
        // Children come after their parents: one pass from the end marks what holds a link.
        for index in elements.indices.reversed() {
            guard let parent = elements[index].parent else { continue }
            let element = elements[index]
            if element.holdsLink || (element.tag == "a" && element.node.attr("href") != nil) {
                elements[parent].holdsLink = true
            }
        }
        let built = (elements, byTag, byID, byClass)
        table = built
        return built
    }

    /// XML's white space, which `normalize-space` (and so a `.class` selector) splits on.
    private static func isXMLSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
    }
}
