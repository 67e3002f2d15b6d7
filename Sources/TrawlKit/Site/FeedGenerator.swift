import Foundation
import TrawlDates
import TrawlFeeds
import TrawlText

/// Writes the unified feed (`feed.atom`, `feed.json`) and one per source
/// (`sources/<id>/feed.atom`, `feed.json`), newest first, the newest `feed.maxEntries`.
///
/// Each source's entries follow its `entries` setting (`FeedEntryBuilder`): its items
/// themselves, or one entry per change; the unified feed merges them. Feeds are written
/// by code (`AtomWriter`, `JSONFeedWriter`), never by templates, so they are always
/// well-formed. A feed's `updated` is its newest entry's (RFC 4287 §4.2.15), never the
/// time of generation; with no entries, the last run's end.
enum FeedGenerator {
    static func generate(_ site: GenerationContext) throws {
        let content = site.content
        let title = SafeText.line(content.site.title)
        let authority = FeedEntryID.authority(of: content.site.url)
        var unified: [FeedDocument.Entry] = []
        for source in content.sources {
            let builder = FeedEntryBuilder(site: site, source: source, authority: authority)
            let entries = builder.markedEntries()
            unified += entries.filter { !$0.isBaseline }.map(\.entry)
            try write(
                site, title: "\(title): \(source.name)", subtitle: nil, folder: "sources/\(source.id)/",
                entries: entries.prefix(content.feedLimit).map(\.entry))
        }
        unified += baselineEntries(site, authority: authority)
        try write(
            site, title: title, subtitle: content.site.description.map(SafeText.line), folder: "",
            entries: Array(newestFirst(unified).prefix(content.feedLimit)))
    }

    /// One entry per run that began tracking sources, instead of one per source: the
    /// first night of a new site is one line in a reader, not a flood.
    static func baselineEntries(_ site: GenerationContext, authority: String) -> [FeedDocument.Entry] {
        let content = site.content
        return content.runs.compactMap { run in
            let baselines = run.changes.filter { change in
                change.kind == .baseline && content.source(change.sourceID)?.configuration.announceBaseline == true
            }
            guard let first = baselines.first, let source = content.source(first.sourceID) else { return nil }
            guard baselines.count > 1 else {
                return FeedEntryBuilder(site: site, source: source, authority: authority).entry(for: first)
            }
            let wording = ValueWording()
            let tracking = "Now tracking \(CountText.of(baselines.count, "source", "sources"))"
            var html = "<p>\(tracking). "
            html += "From the next run on, this feed says what is added, changed and removed.</p><ul>"
            for baseline in baselines {
                guard let source = content.source(baseline.sourceID) else { continue }
                let count = baseline.trackedItems ?? 0
                let name = SafeText.html(source.name)
                let linked =
                    site.absoluteURL("sources/\(source.id)/index.html").map {
                        "<a href=\"\(SafeText.html($0.absoluteString))\">\(name)</a>"
                    } ?? name
                html += "<li>\(linked): \(CountText.of(count, "item", "items", shown: wording.number(count)))</li>"
            }
            html += "</ul>"
            let at = baselines.map(\.detectedAt).max() ?? run.started
            return FeedDocument.Entry(
                id: "tag:\(authority),\(SiteDate.day(run.started)):baseline/\(DateCodec.rfc3339(run.started))",
                title: tracking, updated: at, link: site.absoluteURL("index.html"),
                content: .html(html))
        }
    }

    /// Newest `updated` first; ties keep the order given (configuration order, then each
    /// source's own order), so the same cache always gives the same feed.
    static func newestFirst(_ entries: [FeedDocument.Entry]) -> [FeedDocument.Entry] {
        newestFirst(entries) { $0.updated }
    }

    /// `newestFirst(_:)` for entries carried in other values.
    static func newestFirst<Carrier>(_ entries: [Carrier], updated: (Carrier) -> Date) -> [Carrier] {
        entries.enumerated().sorted { left, right in
            let (leftTime, rightTime) = (updated(left.element), updated(right.element))
            return leftTime != rightTime ? leftTime > rightTime : left.offset < right.offset
        }.map(\.element)
    }

    private static func write(
        _ site: GenerationContext, title: String, subtitle: String?, folder: String, entries: [FeedDocument.Entry]
    ) throws {
        let content = site.content
        let authority = FeedEntryID.authority(of: content.site.url)
        let updated =
            entries.map(\.updated).max() ?? content.latestRun?.finished ?? Date(timeIntervalSince1970: 0)
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
            entries: entries)
        try site.writer.write(AtomWriter().write(document), to: "\(folder)feed.atom")
        document.selfURL = site.absoluteURL("\(folder)feed.json")
        try site.writer.write(JSONFeedWriter().write(document), to: "\(folder)feed.json")
    }

    /// A podcast episode's audio, kept as `rel="enclosure"`: the item's `enclosure` field
    /// (with `enclosureType` and `enclosureLength` when scraped), web URLs only.
    static func enclosures(of item: Item?) -> [FeedDocument.Enclosure] {
        guard let item, case .url(let url)? = item[field: "enclosure"],
            url.isWebAddress, SafeText.link(url) != nil
        else { return [] }
        var type = "application/octet-stream"
        if case .string(let given)? = item[field: "enclosureType"] { type = SafeText.line(given) }
        var length: Int?
        if case .int(let given)? = item[field: "enclosureLength"] { length = given }
        return [FeedDocument.Enclosure(url: url, type: type, length: length)]
    }
}
