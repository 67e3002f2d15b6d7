import Foundation
import TrawlHTML

/// Finds a page's repeated item structures — siblings of one shape that each hold a link —
/// and ranks them, for `trawl init --from`.
///
/// The rank favours lists of many items whose links read like headlines (longer text,
/// distinct targets, more than the link in each item) and disfavours navigation, so an
/// article list or a most-read list comes before a menu.
struct ListFinder {
    let document: Document

    /// One repeated structure: a selector for its items, and the items.
    struct Candidate {
        var items: String
        var members: [Node]
        var score: Double
    }

    func candidates(limit: Int = 8) -> [Candidate] {
        guard let parents = try? document.xpath("//body//*[count(*) >= 3]") else { return [] }
        var found: [Candidate] = []
        for parent in parents where !Self.skippedTags.contains(parent.tag) {
            var groups: [String: [Node]] = [:]
            var order: [String] = []
            for child in parent.children {
                if groups[child.tag] == nil { order.append(child.tag) }
                groups[child.tag, default: []].append(child)
            }
            for tag in order {
                guard let members = groups[tag], members.count >= 3, !Self.skippedTags.contains(tag) else { continue }
                let linked = members.filter { Self.mainLink(in: $0) != nil }
                guard linked.count >= 3, Double(linked.count) / Double(members.count) >= 0.6 else { continue }
                guard let items = itemSelector(parent: parent, members: linked) else { continue }
                found.append(Candidate(items: items, members: linked, score: score(linked)))
            }
        }
        // A list inside another's items (each article's tags) is part of that list, not a rival.
        var kept: [Candidate] = []
        for candidate in found.sorted(by: { $0.score > $1.score }) {
            let inside = kept.contains { other in
                other.members.contains { member in candidate.members.first.map { Self.isInside($0, member) } == true }
            }
            if !inside { kept.append(candidate) }
        }
        return Array(kept.prefix(limit))
    }

    private static func isInside(_ node: Node, _ ancestor: Node) -> Bool {
        var current = node.parent
        while let element = current {
            if element == ancestor { return true }
            current = element.parent
        }
        return false
    }

    static let skippedTags: Set<String> = [
        "html", "head", "script", "style", "noscript", "select", "option", "svg", "g", "path", "template", "br",
    ]

    /// The item's link: the `a[href]` with the most text.
    static func mainLink(in item: Node) -> Node? {
        guard let links = try? item.xpath(".//a[@href] | self::a[@href]") else { return nil }
        return links.filter { !$0.text.isEmpty }.max { $0.text.count < $1.text.count }
    }

    private func score(_ members: [Node]) -> Double {
        let links = members.compactMap(Self.mainLink)
        let averageLength = Double(links.map(\.text.count).reduce(0, +)) / Double(max(links.count, 1))
        let distinct = Double(Set(links.compactMap { $0.attr("href") }).count) / Double(max(links.count, 1))
        let withMore = members.filter { member in
            let linkText = Self.mainLink(in: member)?.text.count ?? 0
            return member.text.count - linkText >= 20
        }
        let extra = 1 + 0.5 * Double(withMore.count) / Double(members.count)
        let navigation = members.first.map(Self.isNavigation) == true ? 0.2 : 1
        return Double(min(members.count, 30)) * min(averageLength, 60) / 60 * distinct * extra * navigation
            * (Self.isRanked(members) ? 1.5 : 1)
    }

    /// Whether the items are numbered 1, 2, 3… in their text: a top-N list, what people watch.
    static func isRanked(_ members: [Node]) -> Bool {
        let numbered = members.enumerated().filter { index, member in
            let digits = member.text.prefix { $0.isNumber }
            return Int(digits) == index + 1
        }
        return Double(numbered.count) >= 0.8 * Double(members.count)
    }

    /// Whether the node sits in a menu, header or footer rather than the page's content.
    static func isNavigation(_ node: Node) -> Bool {
        var current: Node? = node
        while let element = current {
            if ["nav", "header", "footer"].contains(element.tag) || element.attr("role") == "navigation" {
                return true
            }
            let classes = (element.attr("class") ?? "").lowercased() + " " + (element.attr("id") ?? "").lowercased()
            if ["nav", "menu", "footer", "breadcrumb", "masthead"].contains(where: classes.contains) { return true }
            current = element.parent
        }
        return false
    }

    // MARK: Selectors

    /// `parent > child` that selects these members (and no more than the parent's children).
    private func itemSelector(parent: Node, members: [Node]) -> String? {
        guard let parentSelector = Self.uniqueSelector(for: parent, in: document) else { return nil }
        let selector = "\(parentSelector) > \(Self.sharedPart(of: members))"
        guard let count = try? document.select(selector).count, count >= members.count, count <= members.count * 2
        else { return nil }
        return selector
    }

    /// A selector matching `node` alone in the document: ids, `data-testid`, classes, and
    /// `:nth-of-type()` where siblings look alike.
    static func uniqueSelector(for node: Node, in document: Document) -> String? {
        var parts: [String] = []
        var current: Node? = node
        while let element = current, element.tag != "html" {
            var part = simplePart(of: element)
            if let parent = element.parent {
                let alike = parent.children.filter { $0.tag == element.tag && simplePart(of: $0) == part }
                if alike.count > 1 {
                    let sameTag = parent.children.filter { $0.tag == element.tag }
                    if let index = sameTag.firstIndex(of: element) {
                        part += ":nth-of-type(\(index + 1))"
                    }
                }
            }
            parts.insert(part, at: 0)
            let selector = parts.joined(separator: " > ")
            if let count = try? document.select(selector).count, count == 1 { return selector }
            if element.attr("id").map(isIdentifier) == true { break }
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
