import Foundation
import TrawlHTML

extension ListFinder {
    /// Elements of one shape under one container, by outline index.
    struct Group {
        /// The parent of the members, or for cousins their grandparent.
        var container: Int
        var members: [Int]
        /// Whether the members are cousins: children of several like parents.
        var isCousins: Bool
        /// Linked items times their average link text: the rank before nodes are read.
        var weight: Double
    }

    /// The page's groups of like elements holding links, heaviest first.
    static func groups(in outline: PageOutline) -> [Group] {
        let elements = outline.elements
        var groups: [Group] = []
        for (index, element) in elements.enumerated() where element.children.count >= 3 {
            if ListFinder.skippedTags.contains(element.tag) { continue }
            for members in alike(element.children, in: outline) {
                if let group = linked(members, container: index, isCousins: false, in: outline) { groups.append(group) }
            }
        }
        // Cousins: the children of like siblings (the cards of each day's box), taken together.
        for (index, element) in elements.enumerated() where element.children.count >= 2 {
            for parents in alike(element.children, in: outline) where parents.count >= 2 {
                var byShape: [String: [Int]] = [:]
                var order: [String] = []
                for parent in parents {
                    // A wrapper of one element (a section's one container) is looked through.
                    var holder = parent
                    for _ in 0..<3 where elements[holder].children.count == 1 { holder = elements[holder].children[0] }
                    for child in elements[holder].children {
                        let key = elements[child].tag + "." + (elements[child].classes.first.map(Self.unnumbered) ?? "")
                        if byShape[key] == nil { order.append(key) }
                        byShape[key, default: []].append(child)
                    }
                }
                // Lists that each number their items from 1 (a most-read tab, a most-shared tab)
                // are as many lists, not one.
                let restarts = parents.prefix(8).filter { parent in
                    outline.elements[parent].node.text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("1")
                }
                if restarts.count >= 2 { continue }
                for key in order {
                    guard let members = byShape[key], members.count > parents.count else { continue }
                    let sources = Set(members.compactMap { elements[$0].parent })
                    guard sources.count >= 2 else { continue }
                    if let group = linked(members, container: index, isCousins: true, in: outline) {
                        groups.append(group)
                    }
                }
            }
        }
        return groups.sorted { $0.weight > $1.weight }
    }

    /// The members that hold a link, when they are at least three and most of those with
    /// anything in them: rows that are only spacing (no text, no link) are not counted.
    private static func linked(
        _ members: [Int], container: Int, isCousins: Bool, in outline: PageOutline
    )
        -> Group?
    {
        let elements = outline.elements
        let linked = members.filter { elements[$0].linkCount > 0 && elements[$0].linkTextLength > 0 }
        let filled = members.filter { elements[$0].linkCount > 0 || elements[$0].textLength > 0 }
        guard linked.count >= 3, Double(linked.count) >= 0.6 * Double(filled.count) else { return nil }
        let linkText = linked.prefix(sampleSize).map { min(elements[$0].linkTextLength, 120) }.reduce(0, +)
        let average = Double(linkText) / Double(min(linked.count, sampleSize))
        return Group(
            container: container, members: linked, isCousins: isCousins,
            weight: Double(min(linked.count, 40)) * min(average, 80))
    }

    /// The children split by shape: one tag, and classes that join them (`post odd` and
    /// `post even` are one shape, so are `bullet1` and `bullet2`; `athing`, no class and
    /// `spacer` are three). Children of no class are a shape of their own.
    static func alike(_ children: [Int], in outline: PageOutline) -> [[Int]] {
        let elements = outline.elements
        var shapes: [[Int]] = []
        var shapeClasses: [Set<String>] = []
        var shapeTags: [String] = []
        for child in children {
            let element = elements[child]
            if skippedTags.contains(element.tag) { continue }
            let classes = Set(element.classes.map(Self.unnumbered))
            let match = shapes.indices.first { index in
                shapeTags[index] == element.tag
                    && (classes.isEmpty ? shapeClasses[index].isEmpty : !shapeClasses[index].isDisjoint(with: classes))
            }
            if let match {
                shapes[match].append(child)
                shapeClasses[match].formUnion(classes)
            } else {
                shapes.append([child])
                shapeClasses.append(classes)
                shapeTags.append(element.tag)
            }
            // A hostile page's thousands of shapes under one parent: the first hundred say enough.
            if shapes.count > 100 { break }
        }
        // Rows of no class that differ inside (a story row, then its subtext row) are two shapes.
        var split: [[Int]] = []
        for (index, shape) in shapes.enumerated() {
            guard shapeClasses[index].isEmpty, shape.count >= 6 else {
                split.append(shape)
                continue
            }
            var byInside: [String: [Int]] = [:]
            var order: [String] = []
            for member in shape {
                let key = elements[member].children.prefix(8).map { child in
                    elements[child].tag + "." + elements[child].classes.joined(separator: ".")
                }.joined(separator: " ")
                if byInside[key] == nil { order.append(key) }
                byInside[key, default: []].append(member)
            }
            // Odd rows out (a "More" row, a heading row) do not stop the split.
            let parts = order.compactMap { byInside[$0] }.filter { $0.count >= 3 }
            if parts.count >= 2, parts.count <= 4, parts.map(\.count).reduce(0, +) * 10 >= shape.count * 9 {
                split.append(contentsOf: parts)
            } else {
                split.append(shape)
            }
        }
        return split.filter { $0.count >= 2 }
    }

    /// A class name without the number that counts its element (`bullet12` → `bullet`).
    static func unnumbered(_ name: String) -> String {
        let stem = name.reversed().drop { $0.isNumber }.reversed()
        return stem.isEmpty ? name : String(stem)
    }

    static let skippedTags: Set<String> = [
        "html", "head", "script", "style", "noscript", "select", "option", "svg", "g", "path", "template", "br", "hr",
        "link", "meta", "input", "img", "picture", "source",
    ]
}
