import Foundation
import TrawlHTML

extension ListFinder {
    /// `container > item` (or `container > parent > item` for cousins) that selects these
    /// members and not many more.
    func itemSelector(for group: Group, members: [Node], in outline: PageOutline) -> String? {
        let container = outline.elements[group.container].node
        guard let containerSelector = Self.uniqueSelector(for: container, in: document) else { return nil }
        var path = containerSelector
        if group.isCousins {
            let parents = Self.distinct(members.compactMap(\.parent))
            path += " > " + Self.sharedPart(of: parents)
        }
        let selector = "\(path) > \(Self.sharedPart(of: members))"
        guard var matches = try? document.select(selector).map({ $0 }), matches.count >= members.count else {
            return nil
        }
        // An outline cut short saw the page's first elements only: so are the matches compared.
        if outline.isCut, let last = members.last, let end = matches.lastIndex(of: last) {
            matches = Array(matches[...end])
        }
        if matches.count <= members.count * 2 { return selector }
        // Rows that only space the items apart are left out by asking for a link. Counted on
        // the matches rather than by `:has()` over the document, whose XPath reads every
        // element's descendants (quadratic on a deeply nested page).
        let linked = "\(path) > \(Self.sharedPart(of: members)):has(a[href])"
        var linkedCount = 0
        for match in matches where Self.holdsLink(match) {
            linkedCount += 1
            if linkedCount > members.count * 2 { return nil }
        }
        guard linkedCount >= members.count else { return nil }
        return linked
    }

    /// Whether an element has an `a[href]` below it, as `:has(a[href])` asks (itself not counted).
    private static func holdsLink(_ element: Node) -> Bool {
        ((try? element.select("a[href]")) ?? NodeList([])).contains { $0 != element }
    }

    private static func distinct(_ nodes: [Node]) -> [Node] {
        var result: [Node] = []
        for node in nodes where result.last != node && !result.contains(node) { result.append(node) }
        return result
    }

    /// A selector matching `node` alone in the document: ids, `data-testid`, classes, and
    /// `:nth-of-type()` where siblings look alike.
    static func uniqueSelector(for node: Node, in document: Document) -> String? {
        var parts: [String] = []
        var current: Node? = node
        while let element = current, element.tag != "html" {
            var part = simplePart(of: element)
            if let parent = element.parent {
                let siblings = parent.children
                let alike = siblings.filter { $0.tag == element.tag && simplePart(of: $0) == part }
                if alike.count > 1 {
                    let sameTag = siblings.filter { $0.tag == element.tag }
                    if let index = sameTag.firstIndex(of: element) {
                        part += ":nth-of-type(\(index + 1))"
                    }
                }
            }
            parts.insert(part, at: 0)
            let selector = parts.joined(separator: " > ")
            if let count = try? document.select(selector).count, count == 1 { return selector }
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
