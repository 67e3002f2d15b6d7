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
    /// What the selectors `ListFinder` writes match, worked out without whole-page selects.
    let selectors: SelectorIndex

    init(document: Document) {
        self.document = document
        selectors = SelectorIndex(document: document)
    }

    /// One repeated structure: a selector for its items, and the items.
    struct Candidate {
        var items: String
        var members: [Node]
        var score: Double
        /// The outline index of the element that holds the items.
        var container: Int
        /// The fields its items read alike by, once worked out (`candidates` keeps only lists that have them).
        var fields: FieldFinder.Proposal? = nil
    }

    /// Groups looked at through their nodes, the best by their outline numbers: a page of
    /// thousands of small groups costs no more than this many.
    static let maxExamined = 250
    /// Members of a group whose titles are read for its score.
    static let sampleSize = 40

    func candidates(limit: Int = 8) -> [Candidate] {
        let outline = PageOutline(document: document)
        let groups = Self.groups(in: outline)
        var found: [Candidate] = []
        for group in groups.prefix(Self.maxExamined) {
            guard let candidate = candidate(for: group, in: outline) else { continue }
            found.append(candidate)
        }
        found += joined(found)
        found = withoutRepeatedSublists(found)
        // A list inside another's items (each article's tags) is part of that list, not a rival;
        // so is a list whose items are some of another's (one day's cards of the whole week).
        var kept: [Candidate] = []
        for var candidate in found.sorted(by: { $0.score > $1.score }) {
            // Boxes that each hold a card, but for a few that hold several: the cards are the
            // items. Asked only of the lists that rank, as it reads the page again.
            if let shaped = innerShape(of: candidate.items, container: outline.elements[candidate.container].node) {
                (candidate.items, candidate.members) = (shaped.selector, shaped.members)
            }
            let overlaps = kept.contains { other in
                guard let first = candidate.members.first else { return true }
                return other.members.contains(first)
                    || other.members.prefix(Self.sampleSize).contains { ItemTitle.isInside(first, $0) }
            }
            // A structure whose items do not read alike (no title found the same way in each)
            // is no list, and hides none inside it.
            guard !overlaps, let fields = FieldFinder(members: candidate.members).propose() else { continue }
            var list = candidate
            list.fields = fields
            kept.append(list)
            if kept.count == limit { break }
        }
        return kept
    }

    private func candidate(for group: Group, in outline: PageOutline) -> Candidate? {
        let members = group.members.map { outline.elements[$0].node }
        let sample = Array(members.prefix(Self.sampleSize))
        let titles = sample.compactMap(ItemTitle.find)
        guard titles.count >= 3, Double(titles.count) >= 0.6 * Double(sample.count) else { return nil }
        guard let items = itemSelector(for: group, members: members, in: outline) else { return nil }
        let score = Self.score(sample, titles: titles, count: members.count, container: group.container, in: outline)
        return Candidate(items: items, members: members, score: score, container: group.container)
    }

    /// The item's title link, for showing an example of a candidate.
    static func mainLink(in item: Node) -> Node? {
        ItemTitle.find(in: item)?.text
    }
}
