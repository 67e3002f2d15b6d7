import Foundation
import TrawlFeeds

/// A page that is itself a feed (RSS, Atom, JSON Feed): its entries are the items, read as
/// `trawl feed` reads them.
enum FeedTier {
    static func candidate(for page: FetchedPage, url: String, id: String) -> ProposalCandidate? {
        guard looksLikeFeed(page.body) else { return nil }
        let proposal = SourceProposal(id: id, url: url, base: nil, kind: .feed)
        guard let source = try? proposal.configuration(in: URL(fileURLWithPath: "/")),
            let result = try? PageScraper(source: source).scrape(page), !result.items.isEmpty
        else { return nil }
        return ProposalCandidate(
            tier: .feed, proposal: proposal, items: result.items,
            label: CountText.of(result.items.count, "entry", "entries"))
    }

    /// Whether the body opens as XML with a feed's root or as a JSON Feed, so an HTML page
    /// is never handed to the feed parser.
    static func looksLikeFeed(_ body: Data) -> Bool {
        let head = String(decoding: body.prefix(2048), as: UTF8.self).lowercased()
        let start = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") { return head.contains("jsonfeed.org/version") }
        guard start.hasPrefix("<") else { return false }
        if head.contains("<html") || head.contains("<!doctype html") { return false }
        return head.contains("<rss") || head.contains("<feed") || head.contains("<rdf:rdf")
    }
}
