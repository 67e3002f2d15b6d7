import Foundation
import TrawlHTML

extension ListFinder {
    /// `container > item` (or `container > parent > item` for cousins) that selects these
    /// members and not many more.
    func itemSelector(for group: Group, members: [Node], in outline: PageOutline) -> String? {
        let container = outline.elements[group.container].node
        guard let containerSelector = Self.uniqueSelector(for: container, in: selectors) else { return nil }
        var path = containerSelector
        if group.isCousins {
            let parents = Self.distinct(members.compactMap(\.parent))
            // The parents may stand inside wrappers of their own: any depth below the container.
            let direct = parents.allSatisfy { $0.parent == container }
            path += (direct ? " > " : " ") + Self.sharedPart(of: parents)
        }
        let leftOut = Self.leftOut(of: members)
        let part = Self.sharedPart(of: members) + leftOut.selector
        let selector = "\(path) > \(part)"
        let wanted = members.count - leftOut.count
        guard var matches = selectors.select(selector), matches.count >= wanted else { return nil }
        // An outline cut short saw the page's first elements only: so are the matches compared.
        if outline.isCut, let last = members.last, let end = matches.lastIndex(of: last) {
            matches = Array(matches[...end])
        }
        if matches.count <= members.count * 2 { return selector }
        // Rows that only space the items apart are left out by asking for a link, or, for rows
        // of no class (a story row, its subtext row), for the child that only the items have.
        // Each ask is counted on the matches rather than by `:has()` over the document, whose
        // XPath reads every element's descendants (quadratic on a deeply nested page).
        let asks: [(selector: String, holds: (Node) -> Bool)] =
            [(":has(a[href])", Self.holdsLink)]
            + Self.sharedChildren(of: members).map { child in
                (":has(> \(child.selector))", { $0.children.contains(where: child.matches) })
            }
        for ask in asks {
            var narrowedCount = 0
            for match in matches where ask.holds(match) {
                narrowedCount += 1
                if narrowedCount > members.count * 2 { break }
            }
            guard narrowedCount >= members.count else { continue }
            if narrowedCount <= members.count + max(1, members.count / 10) { return "\(path) > \(part)\(ask.selector)" }
        }
        return nil
    }

    /// Whether an element has an `a[href]` below it, as `:has(a[href])` asks (itself not counted).
    private static func holdsLink(_ element: Node) -> Bool {
        ((try? element.select("a[href]")) ?? NodeList([])).contains { $0 != element }
    }

    /// Child parts (`td.title`) that every member has, classes only: what tells them from
    /// their unclassed sibling rows, with the test a child passes.
    private static func sharedChildren(of members: [Node]) -> [(selector: String, matches: (Node) -> Bool)] {
        guard let first = members.first else { return [] }
        var parts: [String] = []
        var tests: [(selector: String, matches: (Node) -> Bool)] = []
        for child in first.children {
            guard let name = classNames(of: child).first else { continue }
            let part = "\(child.tag).\(name)"
            let tag = child.tag
            let matches: (Node) -> Bool = { $0.tag == tag && classNames(of: $0).contains(name) }
            if !parts.contains(part), members.allSatisfy({ $0.children.contains(where: matches) }) {
                parts.append(part)
                tests.append((part, matches))
            }
        }
        return tests
    }

    /// `:not(.x)` for an advertisement among the items (a sponsored story in a stream, named
    /// so by its class): a reader skips it. `count` is how many members it leaves out.
    static func leftOut(of members: [Node]) -> (selector: String, count: Int) {
        var names: [String] = []
        for member in members {
            for name in classNames(of: member) where !names.contains(name) {
                if NameWords.split(name).contains(where: adWords.contains) { names.append(name) }
            }
        }
        let shared = names.filter { name in members.allSatisfy { classNames(of: $0).contains(name) } }
        let marks = Array(names.filter { !shared.contains($0) }.prefix(2))
        let count = members.filter { member in classNames(of: member).contains(where: marks.contains) }.count
        return (marks.map { ":not(.\($0))" }.joined(), count)
    }

    static let adWords: Set<String> = ["ad", "ads", "advert", "advertisement", "sponsored", "promoted"]

    private static func distinct(_ nodes: [Node]) -> [Node] {
        var result: [Node] = []
        for node in nodes where result.last != node && !result.contains(node) { result.append(node) }
        return result
    }

    /// A selector matching `node` alone in the document: ids, `data-testid`, classes, and
    /// `:nth-of-type()` where siblings look alike.
    static func uniqueSelector(for node: Node, in selectors: SelectorIndex) -> String? {
        var parts: [String] = []
        var current: Node? = node
        while let element = current, element.tag != "html" {
            var part = simplePart(of: element)
            if let parent = element.parent {
                let siblings = parent.children
                // A bare tag (`ul`) matches its classed siblings (`ul#tagcloud`) too.
                let alike = siblings.filter {
                    $0.tag == element.tag && (part == element.tag || simplePart(of: $0) == part)
                }
                if alike.count > 1 {
                    let sameTag = siblings.filter { $0.tag == element.tag }
                    if let index = sameTag.firstIndex(of: element) {
                        part += ":nth-of-type(\(index + 1))"
                    }
                }
            }
            parts.insert(part, at: 0)
            let selector = parts.joined(separator: " > ")
            if selectors.count(selector) == 1 { return selector }
            if element.attr("id").map(isIdentifier) == true { break }
            // A path deeper than this names nothing a person would keep in a configuration.
            if parts.count >= 24 { break }
            current = element.parent
        }
        return nil
    }

    /// `tag#id`, `tag[data-testid='…']`, or `tag.class.class` (classes that are plain identifiers).
    static func simplePart(of node: Node) -> String {
        if let id = node.attr("id"), isIdentifier(id) { return "\(node.tag)#\(id)" }
        if let testID = node.attr("data-testid"), !testID.contains("'") {
            return "\(node.tag)[data-testid='\(testID)']"
        }
        let classes = classNames(of: node).prefix(2)
        return node.tag + classes.map { "." + $0 }.joined()
    }

    /// The part every member shares: its tag and the classes (or test id) all members have.
    static func sharedPart(of members: [Node]) -> String {
        let tag = members[0].tag
        let testIDs = Set(members.map { $0.attr("data-testid") ?? "" })
        if testIDs.count == 1, let testID = testIDs.first, !testID.isEmpty, !testID.contains("'") {
            return "\(tag)[data-testid='\(testID)']"
        }
        var shared = classNames(of: members[0])
        for member in members.dropFirst() {
            let classes = Set(classNames(of: member))
            shared = shared.filter(classes.contains)
        }
        return tag + shared.prefix(2).map { "." + $0 }.joined()
    }

    static func classNames(of node: Node) -> [String] {
        (node.attr("class") ?? "").split(whereSeparator: \.isWhitespace).map(String.init).filter(isIdentifier)
    }

    /// A CSS identifier that needs no escaping (and is not a generated hash-like name).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
            && name.unicodeScalars.allSatisfy(\.isASCII)
    }
}
