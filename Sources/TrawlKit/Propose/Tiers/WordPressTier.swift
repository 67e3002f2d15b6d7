import Foundation
import TrawlHTML
import TrawlText

/// The WordPress REST API a page links (`<link rel="https://api.w.org/" href="…/wp-json/">`):
/// its posts as a `json` source (`/wp-json/wp/v2/posts`), read elsewhere, so the page
/// shows none of its items.
enum WordPressTier {
    static func candidate(in document: Document, address: URL, id: String) -> ProposalCandidate? {
        guard let link = (try? document.select("link[rel='https://api.w.org/'][href]"))?.first,
            let href = link.attr("href")?.trimmingCharacters(in: .whitespaces),
            let root = URL(reference: href, relativeTo: document.baseURL), root.isWebAddress,
            root.mayBeFollowed(from: address, within: nil)
        else { return nil }
        let text = root.absoluteString
        let posts = (text.hasSuffix("/") ? text : text + "/") + "wp/v2/posts"
        var proposal = SourceProposal(id: id, url: posts, base: nil, kind: .json, items: "$[*]")
        proposal.jsonFields = .init(title: "$.title.rendered", url: "$.link", date: "$.date_gmt")
        return ProposalCandidate(tier: .wordpressAPI, proposal: proposal, items: nil, label: posts)
    }
}
