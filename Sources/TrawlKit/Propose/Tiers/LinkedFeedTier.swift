import Foundation
import TrawlHTML
import TrawlText

/// The feeds a page advertises with `<link rel="alternate">`: those of a feed type, and
/// those that give no type but name a feed in their title or address
/// (`<link rel="alternate" title="… Atom" href="…/atom.xml">`), since many sites write them
/// so. An alternate of another type (a JSON resource, an oEmbed, a page in another
/// language) is never a feed.
enum LinkedFeedTier {
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json",
        "application/x.atom+xml", "application/x-rss+xml", "text/xml", "application/xml",
    ]

    /// Words of a typeless alternate's title or address that say it is a feed.
    static let feedWords = ["rss", "atom", "feed"]

    static func feeds(in document: Document) -> [URL] {
        feeds(in: document, typeless: false)
    }

    /// The feeds found by their title or address alone (no `type`): what `init --from`
    /// fetches to see whether they are feeds.
    static func typelessFeeds(in document: Document) -> [URL] {
        feeds(in: document, typeless: true)
    }

    private static func feeds(in document: Document, typeless onlyTypeless: Bool) -> [URL] {
        let links = (try? document.select("link[rel~=alternate][href]")).map(Array.init) ?? []
        let base = document.baseURL
        var found: [URL] = []
        for link in links {
            guard let href = link.attr("href")?.trimmingCharacters(in: .whitespaces), !href.isEmpty else { continue }
            if let type = link.attr("type")?.lowercased().trimmingCharacters(in: .whitespaces), !type.isEmpty {
                guard feedTypes.contains(type), !onlyTypeless else { continue }
            } else {
                let title = (link.attr("title") ?? "").lowercased()
                let path = href.lowercased().split(separator: "?").first.map(String.init) ?? ""
                let named = feedWords.contains { title.contains($0) }
                let shaped = [".rss", ".atom", ".xml", "/feed", "/feed/", "/rss", "/atom"].contains {
                    path.hasSuffix($0)
                }
                guard named || shaped else { continue }
            }
            if let url = URL(reference: href, relativeTo: base), !found.contains(url) { found.append(url) }
        }
        return found
    }

    /// The page's feeds as `feed` proposals, only where a page may lead (http and https:
    /// a remote page's `file:` feed is never proposed).
    static func candidates(in document: Document, address: URL, id: String) -> [ProposalCandidate] {
        feeds(in: document).filter { $0.mayBeFollowed(from: address, within: nil) && $0.isWebAddress }.map { feed in
            ProposalCandidate(
                tier: .linkedFeed, proposal: SourceProposal(id: id, url: feed.absoluteString, base: nil, kind: .feed),
                items: nil, label: feed.absoluteString)
        }
    }
}
