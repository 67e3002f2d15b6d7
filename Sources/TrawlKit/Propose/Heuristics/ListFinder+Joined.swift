import Foundation
import TrawlHTML

extension ListFinder {
    /// One list the page splits among like boxes (a listicle in sections of three, a people
    /// page in rows of four): candidates whose selectors differ only in which box
    /// (`section:nth-of-type(2)`, `…(3)`), joined into one whose selector names every box.
    func joined(_ found: [Candidate]) -> [Candidate] {
        var byPattern: [String: [Candidate]] = [:]
        var order: [String] = []
        for candidate in found {
            let pattern = Self.anyBox(candidate.items)
            guard pattern != candidate.items else { continue }
            if byPattern[pattern] == nil { order.append(pattern) }
            byPattern[pattern, default: []].append(candidate)
        }
        var joined: [Candidate] = []
        for pattern in order {
            guard let parts = byPattern[pattern], parts.count >= 2,
                let members = selectors.select(pattern)
            else { continue }
            // Boxes that repeat each other's items (the latest stories, and the galleries among
            // them) are as many lists: a list split among boxes names each item once.
            var seen: Set<String> = []
            let repeats = parts.contains { part in
                let links = Set(
                    part.members.prefix(Self.sampleSize).compactMap { ItemTitle.find(in: $0)?.link.attr("href") })
                defer { seen.formUnion(links) }
                return !seen.isDisjoint(with: links)
            }
            guard !repeats else { continue }
            // Only when the joined selector gives the parts' items and not much else.
            let total = parts.map(\.members.count).reduce(0, +)
            guard members.count >= total, members.count <= total + max(1, total / 10) else { continue }
            let sample = Array(members.prefix(Self.sampleSize))
            let titles = sample.compactMap(ItemTitle.find)
            guard titles.count >= 3, Double(titles.count) >= 0.6 * Double(sample.count) else { continue }
            // It ranks just above its best part, which stood where it stands: joining boxes
            // must not lift a page's side boxes over the list that beat each of them.
            let container = parts[0].container
            let score = (parts.map(\.score).max() ?? 0) * 1.01
            joined.append(Candidate(items: pattern, members: members, score: score, container: container))
        }
        return joined
    }

    /// The selector freed of the `:nth-of-type()` parts that pick one of like boxes.
    static func anyBox(_ selector: String) -> String {
        selector.replacingOccurrences(of: #":nth-of-type\(\d+\)"#, with: "", options: .regularExpression)
    }
}
