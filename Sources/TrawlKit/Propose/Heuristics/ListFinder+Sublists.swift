import Foundation
import TrawlHTML

extension ListFinder {
    /// The candidates less the sublists that every item of another list repeats (each
    /// release's list of changes, each post's tags): they are that list's detail, however
    /// well one of them scores. A sublist is one whose selector, freed of the `:nth-of-type`
    /// that picks its box, finds the same structure in other items too.
    func withoutRepeatedSublists(_ found: [Candidate]) -> [Candidate] {
        var reads: [Int: Bool] = [:]
        func readsAlike(_ index: Int) -> Bool {
            if let known = reads[index] { return known }
            let alike = FieldFinder(members: found[index].members).propose() != nil
            reads[index] = alike
            return alike
        }
        return found.enumerated().compactMap { index, candidate in
            guard let first = candidate.members.first else { return nil }
            let pattern = Self.anyBox(candidate.items)
            guard pattern != candidate.items, let count = selectors.count(pattern),
                count >= candidate.members.count * 2
            else { return candidate }
            // The first item's ancestors, walked once: each other list's items are looked up there.
            var ancestors: [Node] = []
            var current = first.parent
            while let element = current, ancestors.count < 64, element.tag != "body" {
                ancestors.append(element)
                current = element.parent
            }
            let outer = found.indices.first { other in
                guard other != index, found[other].members.count >= 3,
                    let box = found[other].members.prefix(Self.sampleSize).first(where: ancestors.contains)
                else { return false }
                return !Self.isLabel(of: box, over: first) && readsAlike(other)
            }
            return outer == nil ? candidate : nil
        }
    }

    /// Whether the box is a heading over a list and no item itself: its heading has no link,
    /// and the link its title borrows is the list's first (a "Latest" box of headlines, one
    /// of a column of such boxes). A release whose heading links it stays an item.
    static func isLabel(of box: Node, over first: Node) -> Bool {
        guard let title = ItemTitle.find(in: box), title.text != title.link else { return false }
        return title.link == first || ItemTitle.isInside(title.link, first)
    }
}
