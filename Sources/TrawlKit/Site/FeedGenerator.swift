import Foundation
import TrawlFeeds

/// Writes the unified feed (`feed.atom`, `feed.json`) and one per source
/// (`sources/<id>/feed.atom`, `feed.json`): one entry per change, newest first, the
/// newest `feed.maxEntries`.
///
/// Feeds are written by code (`AtomWriter`, `JSONFeedWriter`), never by templates, so
/// they are always well-formed. A feed's `updated` is its newest entry's (RFC 4287
/// §4.2.15), never the time of generation; with no entries, the last run's end.
enum FeedGenerator {
    static func generate(_ site: GenerationContext) throws {
        let content = site.content
        let title = SafeText.line(content.site.title)
        try write(
            site, title: title, subtitle: content.site.description.map(SafeText.line), folder: "",
            changes: Array(content.changes.prefix(content.feedLimit)), unified: true)
        for source in content.sources {
            let changes = content.changes.lazy.filter { $0.sourceID == source.id }.prefix(content.feedLimit)
            try write(
                site, title: "\(title): \(source.name)", subtitle: nil, folder: "sources/\(source.id)/",
                changes: Array(changes), unified: false)
        }
    }

    private static func write(
        _ site: GenerationContext, title: String, subtitle: String?, folder: String, changes: [Change], unified: Bool
    ) throws {
        let content = site.content
        let authority = FeedEntryID.authority(of: content.site.url)
        let updated = changes.first?.detectedAt ?? content.latestRun?.finished ?? Date(timeIntervalSince1970: 0)
        let authors = (content.site.author.map(SafeText.line)).flatMap {
            $0.isEmpty ? nil : [FeedDocument.Person(name: $0)]
        }
        var document = FeedDocument(
            title: title,
            id: site.absoluteURL("\(folder)feed.atom")?.absoluteString
                ?? FeedEntryID.feedID(authority: authority, path: "\(SafeText.line(content.site.title))/\(folder)feed"),
            updated: updated,
            selfURL: site.absoluteURL("\(folder)feed.atom"),
            alternateURL: site.absoluteURL("\(folder)index.html"),
            subtitle: subtitle,
            authors: authors ?? [],
            language: "en",
            entries: changes.compactMap { change in
                guard let source = content.source(change.sourceID) else { return nil }
                return entry(change, source: source, site: site, authority: authority, unified: unified)
            })
        try site.writer.write(AtomWriter().write(document), to: "\(folder)feed.atom")
        document.selfURL = site.absoluteURL("\(folder)feed.json")
        try site.writer.write(JSONFeedWriter().write(document), to: "\(folder)feed.json")
    }

    static func entry(
        _ change: Change, source: SiteContent.Source, site: GenerationContext, authority: String, unified: Bool
    ) -> FeedDocument.Entry {
        let description = ChangeDescription(change, sourceName: source.name)
        let sourcePage = site.absoluteURL("sources/\(source.id)/index.html")
        return FeedDocument.Entry(
            id: FeedEntryID.id(of: change, authority: authority),
            title: unified ? "\(description.headline) — \(source.name)" : description.headline,
            updated: change.detectedAt,
            link: description.link ?? sourcePage,
            content: .html(ChangeHTML.render(description, sourcePage: sourcePage)),
            categories: [source.name],
            enclosures: change.kind == .removed ? [] : enclosures(of: change.item))
    }

    /// A podcast episode's audio, kept as `rel="enclosure"`: the item's `enclosure` field
    /// (with `enclosureType` and `enclosureLength` when scraped), web URLs only.
    static func enclosures(of item: Item?) -> [FeedDocument.Enclosure] {
        guard let item, case .url(let url)? = item[field: "enclosure"],
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", SafeText.link(url) != nil
        else { return [] }
        var type = "application/octet-stream"
        if case .string(let given)? = item[field: "enclosureType"] { type = SafeText.line(given) }
        var length: Int?
        if case .int(let given)? = item[field: "enclosureLength"] { length = given }
        return [FeedDocument.Enclosure(url: url, type: type, length: length)]
    }
}
