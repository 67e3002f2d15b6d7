import Foundation
import TrawlHTML

/// Finds a page's repeated item structures and ranks them as a reader would, for
/// `trawl init --from`.
///
/// Candidates are elements of one shape that each hold a link: siblings (an article list,
/// table rows, link-wrapped cards between `<hr>`s, the first row of items made of several
/// rows, whose spacer rows are not counted), and cousins (cards grouped under day headings,
/// each day its own container). Each is scored on what its items read like — titles that
/// are headlines (`ItemTitle`), distinct links, text beyond the title, a numbered top-N —
/// and where it stands: inside `main` or an `article` it gains, inside navigation, a
/// header, footer, sidebar, archive, pagination or sponsored block it loses
/// (`ListFinder+Regions`).
struct ListFinder {
    let document: Document

    /// One repeated structure: a selector for its items, and the items.
    struct Candidate {
        var items: String
        var members: [Node]
        var score: Double
    }

    /// Groups looked at through their nodes, the best by their outline numbers: a page of
    /// thousands of small groups costs no more than this many.
    static let maxExamined = 250
    /// Members of a group whose titles are read for its score.
    static let sampleSize = 40

    func candidates(limit: Int = 8) -> [Candidate] {
        var all: [Candidate] = []
        forEachCandidate(limit: limit) { candidate in
            all.append(candidate)
            return true
        }
        return all
    }

    /// The candidates best first, handed to `body` one at a time until it returns false: a
    /// caller that needs only the first few pays for no more item selectors than those.
    func forEachCandidate(limit: Int = 8, _ body: (Candidate) -> Bool) {
        let outline = PageOutline(document: document)
        let groups = Self.groups(in: outline)
        var scored: [Scored] = []
        for group in groups.prefix(Self.maxExamined) {
            guard let found = scoredGroup(group, in: outline) else { continue }
            scored.append(found)
        }
        // A list inside another's items (each article's tags) is part of that list, not a rival;
        // so is a list whose items are some of another's (one day's cards of the whole week).
        // The item selector, which reads the whole document, is worked out only for the groups
        // that would be kept, best first (the sort is stable, so the order is as if all had one).
        var kept: [Candidate] = []
        for group in scored.sorted(by: { $0.score > $1.score }) {
            let overlaps = kept.contains { other in
                guard let first = group.members.first else { return true }
                return other.members.contains(first)
                    || other.members.prefix(Self.sampleSize).contains { ItemTitle.isInside(first, $0) }
            }
            if overlaps { continue }
            guard let items = itemSelector(for: group.group, members: group.members, in: outline) else { continue }
            let candidate = Candidate(items: items, members: group.members, score: group.score)
            kept.append(candidate)
            if !body(candidate) || kept.count == limit { break }
        }
    }

    /// A group whose items read as titled links, with its score, before its selector is known.
    private struct Scored {
        var group: Group
        var members: [Node]
        var score: Double
    }

    private func scoredGroup(_ group: Group, in outline: PageOutline) -> Scored? {
        let members = group.members.map { outline.elements[$0].node }
        let sample = Array(members.prefix(Self.sampleSize))
        let titles = sample.compactMap(ItemTitle.find)
        guard titles.count >= 3, Double(titles.count) >= 0.6 * Double(sample.count) else { return nil }
        let score = Self.score(sample, titles: titles, count: members.count, container: group.container, in: outline)
        return Scored(group: group, members: members, score: score)
    }

    /// The item's title link, for showing an example of a candidate.
    static func mainLink(in item: Node) -> Node? {
        ItemTitle.find(in: item)?.text
    }
}
