import Foundation
import Testing

@testable import TrawlKit

/// The measure of `init --from`: the proposal engine run on every page of the corpus
/// (`Fixtures/proposals/`, real pages with the truth read by hand in `truth.json`).
///
/// A page is right when its best proposal read from the page itself (the feeds and APIs it
/// links cannot be read offline) gives as many items as one of the accepted lists (within
/// 10%, exactly below ten) and its first three titles and links are that list's. Titles are
/// compared with white space folded; links absolute, with `utm_` tracking parameters left
/// out. The floor rises as the engine improves; the issue's goal is 95%.
@Suite struct ProposalCorpusTests {
    static let folder = Fixture.url("proposals")

    struct Page {
        var file: String
        var kind: String
        var tier: String
        var base: URL
        var accept: [[String: Any]]
        var feeds: [String]
    }

    struct TruthError: Error, CustomStringConvertible {
        var description: String
    }

    /// The pages of a folder's `truth.json` (the corpus's, or the held-out pages' in `proposals-extra`).
    static func pages(in folder: URL = folder) throws -> [Page] {
        let data = try Data(contentsOf: folder.appendingPathComponent("truth.json"))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pages = root["pages"] as? [[String: Any]]
        else { throw TruthError(description: "truth.json: no 'pages'") }
        return try pages.map { page in
            guard let file = page["file"] as? String, let kind = page["kind"] as? String,
                let tier = page["tier"] as? String, let base = (page["base"] as? String).flatMap(URL.init(string:)),
                let accept = page["accept"] as? [[String: Any]]
            else { throw TruthError(description: "truth.json: a page lacks file, kind, tier, base or accept: \(page)") }
            return Page(
                file: file, kind: kind, tier: tier, base: base, accept: accept, feeds: page["feeds"] as? [String] ?? [])
        }
    }

    struct Outcome {
        var right = false
        var titles = 0
        var urls = 0
        var compared = 0
        var tier: String = "none"
    }

    static func fold(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The link without tracking parameters (`utm_…`), which do not say which item it is.
    static func comparable(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return url }
        let kept = parts.queryItems?.filter { !$0.name.hasPrefix("utm_") }
        parts.queryItems = (kept?.isEmpty ?? true) ? nil : kept
        return parts.string ?? url
    }

    static func judge(_ items: [Item], against page: Page) -> Outcome {
        var best = Outcome()
        for list in page.accept {
            let count = list["count"] as? Int ?? 0
            let expected = list["items"] as? [[String: Any]] ?? []
            var outcome = Outcome()
            let near = count < 10 ? items.count == count : abs(items.count - count) <= max(1, count / 10)
            var allMatch = near
            for (index, truth) in expected.prefix(3).enumerated() {
                let item = index < items.count ? items[index] : nil
                let titles: [String]? = (truth["title"] as? String).map { [$0] } ?? truth["title"] as? [String]
                if let titles {
                    outcome.compared += 1
                    if let item, titles.map(fold).contains(fold(item.title)) {
                        outcome.titles += 1
                    } else {
                        allMatch = false
                    }
                }
                if let url = truth["url"] as? String {
                    if let link = item?.url?.absoluteString, comparable(link) == comparable(url) {
                        outcome.urls += 1
                    } else {
                        allMatch = false
                    }
                }
            }
            outcome.right = allMatch
            if outcome.right || (!best.right && outcome.titles + outcome.urls > best.titles + best.urls) {
                best = outcome
            }
        }
        return best
    }

    @Test func theEngineProposesTheListAPersonSeesOnMostPagesOfTheCorpus() throws {
        let pages = try Self.pages()
        #expect(pages.count >= 45)
        var right = 0
        var titles = 0
        var urls = 0
        var urlsCompared = 0
        var titlesCompared = 0
        var byTier: [String: (right: Int, all: Int)] = [:]
        var byKind: [String: (right: Int, all: Int)] = [:]
        var feedsFound = 0
        var feedsExpected = 0
        var failures: [String] = []
        for page in pages {
            let file = Self.folder.appendingPathComponent(page.file)
            let body = try Data(contentsOf: file)
            let fetched = FetchedPage(requestedURL: page.base, url: page.base, body: body)
            let candidates = SourceProposal.candidates(
                page: fetched, address: page.base, url: page.base.absoluteString, id: "corpus", base: page.base)
            let best = candidates.first { $0.items != nil }
            var outcome = best.map { Self.judge($0.items ?? [], against: page) } ?? Outcome()
            outcome.tier = best.map { "\($0.tier)" } ?? "none"
            if outcome.right { right += 1 }
            titles += outcome.titles
            urls += outcome.urls
            urlsCompared += Self.given("url", in: page)
            titlesCompared += Self.given("title", in: page)
            let kind = String(page.kind.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            byTier[page.tier, default: (0, 0)].all += 1
            byKind[kind, default: (0, 0)].all += 1
            if outcome.right {
                byTier[page.tier, default: (0, 0)].right += 1
                byKind[kind, default: (0, 0)].right += 1
            } else {
                let first = best?.items?.first.map { "\"\($0.title.prefix(40))\"" } ?? "nothing"
                // The runners-up, to see whether the right list is found and only ranked lower.
                let others = candidates.filter { $0.items != nil }.dropFirst().prefix(3).map { candidate in
                    "\(candidate.items?.count ?? 0) \"\(candidate.items?.first?.title.prefix(30) ?? "")\" (\(candidate.label))"
                }
                failures.append(
                    "\(page.file): \(outcome.tier) gave \(best?.items?.count ?? 0) items, first \(first) (\(best?.label ?? ""))"
                        + others.map { "\n      then \($0)" }.joined()
                )
            }
            let linked = Set(candidates.filter { $0.tier == .linkedFeed }.map(\.proposal.url))
            feedsExpected += page.feeds.isEmpty ? 0 : 1
            if !page.feeds.isEmpty, page.feeds.contains(where: linked.contains) { feedsFound += 1 }
        }
        print(
            "proposals right: \(right)/\(pages.count) (titles \(titles)/\(titlesCompared), urls \(urls)/\(urlsCompared))"
        )
        print("linked feeds found on \(feedsFound)/\(feedsExpected) pages that link one")
        for (tier, figure) in byTier.sorted(by: { $0.key < $1.key }) {
            print("  tier \(tier): \(figure.right)/\(figure.all)")
        }
        for (kind, figure) in byKind.sorted(by: { $0.key < $1.key }) {
            print("  kind \(kind): \(figure.right)/\(figure.all)")
        }
        for failure in failures { print("  wrong: \(failure)") }
        #expect(right >= Self.floor, "proposals right: \(right)/\(pages.count)")
    }

    /// How many of the first three items of the page's first list have a `title` or `url` in
    /// the truth: an item the truth gives none (`"url": null`: no link on the page, or a
    /// tracking redirect; a title not read) is not counted, and the denominator does not move
    /// with what was proposed.
    static func given(_ key: String, in page: Page) -> Int {
        let items = page.accept.first?["items"] as? [[String: Any]] ?? []
        return items.prefix(3).filter { $0[key] is String || $0[key] is [String] }.count
    }

    /// The figure measured when the corpus came in; raise it as the engine improves.
    static let floor = 44
}
