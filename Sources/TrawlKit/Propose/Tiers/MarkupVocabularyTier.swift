import Foundation
import TrawlHTML

/// Items a page marks up for machines in its HTML: microdata (`itemscope` of one
/// `itemtype`, fields by `itemprop`) and microformats (`h-entry`, or the older `hentry`),
/// each as a `list` source with selectors in that vocabulary.
enum MarkupVocabularyTier {
    /// Microdata types that are page furniture, not items.
    static let furniture: Set<String> = [
        "WebPage", "WebSite", "Organization", "BreadcrumbList", "ListItem", "SiteNavigationElement",
        "WPHeader", "WPFooter", "WPSideBar", "ImageObject", "SearchAction", "Offer", "AggregateRating",
        "Rating", "PostalAddress", "Place", "Brand", "Thing", "Blog", "CollectionPage", "ItemList",
    ]

    static func microdata(in document: Document) -> [SourceProposal] {
        let scoped = (try? document.select("[itemscope][itemtype]")).map(Array.init) ?? []
        var byType: [String: Int] = [:]
        var order: [String] = []
        for element in scoped.prefix(5000) {
            guard let type = element.attr("itemtype")?.split(separator: "/").last.map(String.init),
                ListFinder.isIdentifier(type)
            else { continue }
            if byType[type] == nil { order.append(type) }
            byType[type, default: 0] += 1
        }
        // A schema.org `Blog` wrapping each post is still a post list: only single wrappers are furniture.
        return order.compactMap { type -> SourceProposal? in
            guard let count = byType[type], count >= 3, !furniture.contains(type) || type == "Blog" else { return nil }
            let items = "[itemscope][itemtype$='/\(type)']"
            // `itemprop` holds a set of names (`itemprop="name headline"`): each is matched as a
            // word, or a headline named both ways loses to a nested author's `name` (HTML §5.2.3).
            guard let first = (try? document.select(items))?.first,
                let title = ["headline", "name"].first(where: {
                    (try? first.select("[itemprop~='\($0)']").first) != nil
                }
                )
            else { return nil }
            let titleSelector = "[itemprop~='\(title)']"
            let url: String
            if (try? first.select("[itemprop~='url'][href]").first) != nil {
                url = "[itemprop~='url'][href]::attr(href)"
            } else if first.tag == "a", first.attr("href") != nil {
                // The item is its own link (a card wrapped in `<a itemscope>`).
                url = "\(FieldFinder.itself)::attr(href)"
            } else if (try? first.select("\(titleSelector) a[href]").first) != nil {
                url = "\(titleSelector) a::attr(href)"
            } else if (try? first.select("a[href] \(titleSelector)").first) != nil,
                let link = try? first.xpath(
                    ".//a[@href][.//*[contains(concat(' ', normalize-space(@itemprop), ' '), ' \(title) ')]]"
                ).first,
                let part = ListFinder.classNames(of: link).first
            {
                url = "a.\(part)::attr(href)"
            } else {
                return nil
            }
            var date: FieldFinder.DateField?
            if (try? first.select("[itemprop='datePublished'][datetime]").first) != nil {
                date = .init(css: "[itemprop='datePublished']::attr(datetime)", format: nil, strip: [])
            }
            return SourceProposal(
                id: "", url: "", base: nil, kind: .list, items: items,
                fields: .init(title: titleSelector, url: url, date: date, summary: nil))
        }
    }

    static func microformats(in document: Document) -> [SourceProposal] {
        var proposals: [SourceProposal] = []
        // microformats2 first; `hentry` is what older themes (and WordPress) still write.
        let vocabularies: [(items: String, title: String, url: [String], date: String?)] = [
            (
                ".h-entry", ".p-name", [".u-url[href]::attr(href)", ".p-name a::attr(href)"],
                ".dt-published::attr(datetime)"
            ),
            (
                ".hentry", ".entry-title",
                [".entry-title a::attr(href)", "a[rel~='bookmark']::attr(href)"], nil
            ),
        ]
        for vocabulary in vocabularies {
            guard let members = try? document.select(vocabulary.items), members.count >= 3,
                let first = members.first, (try? first.select(vocabulary.title).first) != nil
            else { continue }
            let url = vocabulary.url.first { selector in
                let element = selector.components(separatedBy: "::").first ?? selector
                return (try? first.select(element).first) != nil
            }
            guard let url else { continue }
            var date: FieldFinder.DateField?
            if let css = vocabulary.date, (try? first.select(".dt-published[datetime]").first) != nil {
                date = .init(css: css, format: nil, strip: [])
            }
            proposals.append(
                SourceProposal(
                    id: "", url: "", base: nil, kind: .list, items: vocabulary.items,
                    fields: .init(title: vocabulary.title, url: url, date: date, summary: nil)))
        }
        return proposals
    }
}
