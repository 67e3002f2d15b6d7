import Foundation
import Testing

@testable import TrawlKit

/// The held-out measure of `init --from`: the engine run on real pages it was not tuned on
/// (`Fixtures/proposals-extra/`, with the truth read by hand in its `truth.json`, in the
/// corpus's format), judged as `ProposalCorpusTests` judges the corpus.
///
/// The corpus's figure says how well the rules fit the pages they were written against; this
/// one says how they carry to pages nobody looked at while writing them. No rule may be tuned
/// to a page here by name: a page that fails is reported, and a fix must be a general rule
/// that the corpus keeps.
@Suite struct ProposalHeldOutTests {
    static let folder = Fixture.url("proposals-extra")

    @Test func theEngineProposesTheListAPersonSeesOnPagesItWasNotTunedOn() throws {
        let pages = try ProposalCorpusTests.pages(in: Self.folder)
        #expect(pages.count >= 10)
        var right = 0
        var titles = 0
        var urls = 0
        var urlsCompared = 0
        var titlesCompared = 0
        var byKind: [String: (right: Int, all: Int)] = [:]
        var failures: [String] = []
        for page in pages {
            let body = try Data(contentsOf: Self.folder.appendingPathComponent(page.file))
            let fetched = FetchedPage(requestedURL: page.base, url: page.base, body: body)
            let candidates = SourceProposal.candidates(
                page: fetched, address: page.base, url: page.base.absoluteString, id: "held-out", base: page.base,
                includeRemote: false)
            let best = candidates.first { $0.items != nil }
            let outcome =
                best.map { ProposalCorpusTests.judge($0.items ?? [], against: page) }
                ?? ProposalCorpusTests.Outcome()
            titles += outcome.titles
            urls += outcome.urls
            urlsCompared += ProposalCorpusTests.given("url", in: page)
            titlesCompared += ProposalCorpusTests.given("title", in: page)
            let kind = String(page.kind.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            byKind[kind, default: (0, 0)].all += 1
            if outcome.right {
                right += 1
                byKind[kind, default: (0, 0)].right += 1
            } else {
                let first = best?.items?.first.map { "\"\($0.title.prefix(40))\"" } ?? "nothing"
                failures.append(
                    "\(page.file): \(best.map { "\($0.tier)" } ?? "none") gave \(best?.items?.count ?? 0) items,"
                        + " first \(first) (\(best?.label ?? ""))")
            }
        }
        print(
            "held-out proposals right: \(right)/\(pages.count) (titles \(titles)/\(titlesCompared), urls \(urls)/\(urlsCompared))"
        )
        for (kind, figure) in byKind.sorted(by: { $0.key < $1.key }) {
            print("  kind \(kind): \(figure.right)/\(figure.all)")
        }
        for failure in failures { print("  wrong: \(failure)") }
        #expect(right >= Self.floor, "held-out proposals right: \(right)/\(pages.count)")
        #expect(titles >= Self.titlesFloor, "held-out titles: \(titles)/\(titlesCompared)")
    }

    /// The figures measured when the held-out pages came in; raise them as the engine improves.
    static let floor = 19
    static let titlesFloor = 57
}
