import Foundation
import TrawlHTML

extension ListFinder {
    /// Whether the list's author calls it the newest: its box's class or id
    /// (`latest-reviews`), or the heading just above it ("The Latest", "Recent posts"),
    /// says latest, recent or newest. That is the list a person watches for what changed.
    static func isNamedLatest(_ container: Node) -> Bool {
        var current: Node? = container
        for _ in 0..<3 {
            guard let element = current, element.tag != "body" else { return false }
            if NameWords.of(element).contains(where: latestWords.contains) { return true }
            if let heading = headingAbove(element),
                NameWords.split(heading.text).contains(where: latestWords.contains)
            {
                return true
            }
            current = element.parent
        }
        return false
    }

    /// The heading among the element's previous siblings, when no text stands between them.
    private static func headingAbove(_ element: Node) -> Node? {
        guard let siblings = element.parent?.children.nodes, let index = siblings.firstIndex(of: element) else {
            return nil
        }
        for node in siblings[..<index].reversed().prefix(4) {
            if ItemTitle.headingTags.contains(node.tag) { return node.text.count <= 60 ? node : nil }
            if !node.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return nil }
        }
        return nil
    }

    static let latestWords: Set<String> = ["latest", "recent", "newest"]
}
