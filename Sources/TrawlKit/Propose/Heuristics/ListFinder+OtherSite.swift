import Foundation
import TrawlHTML

extension ListFinder {
    /// Whether the titles lead, each in a new window, to one other site: that site's news
    /// shown in a box here (a partner's headlines, a "from around the web" block), not the
    /// page's own list. Links to many sites (an aggregator, search results) or opened in
    /// place (a blog's posts through a feed proxy) are not such a box. A saved page without
    /// its address (no `--base`) has no site to compare with: the rule then stays silent.
    static func isOtherSiteBox(_ titles: [ItemTitle]) -> Bool {
        guard let home = titles.first?.link.document.baseURL?.host.map(siteName) else { return false }
        let away = titles.filter { $0.link.attr("target")?.lowercased() == "_blank" }
        guard Double(away.count) >= 0.8 * Double(titles.count) else { return false }
        let sites = Set(away.compactMap { $0.link.url("href")?.host.map(siteName) })
        guard sites.count == 1, let site = sites.first else { return false }
        return site != home
    }

    /// The name a host's site goes by, its public suffix and `www.` left off: `acme` for
    /// www.acme.com and www.acme.co.uk, and for news.acme.com (one site under two suffixes
    /// or many hosts is one site to a reader).
    static func siteName(_ host: String) -> String {
        let labels = host.lowercased().split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return host.lowercased() }
        // A country's second level (co.uk, com.au, org.br) is part of the suffix.
        let last = labels[labels.count - 1]
        let second = labels[labels.count - 2]
        if labels.count >= 3, last.count == 2, second.count <= 3 { return labels[labels.count - 3] }
        return second
    }
}
