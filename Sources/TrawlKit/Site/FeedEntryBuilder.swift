import Foundation
import TrawlFeeds

/// One source's feed entries, newest first, as its `entries` setting says:
///
/// - `items`: each item that was added (or came back) is an entry that is the item —
///   its title, link, date, summary and fields — and a later change updates that entry
///   (same id, new `updated`, a line saying what changed). A removal makes no entry.
/// - `changes`: one entry per change, titled in words ("Pump: off → on").
///
/// Either way, a first run makes at most one short entry (none with `announceBaseline`
/// false), and a source that breaks or recovers makes one entry each time (`HealthEvent`).
struct FeedEntryBuilder {
    let site: GenerationContext
    let source: SiteContent.Source
    let authority: String

    private var sourcePage: URL? { site.absoluteURL("sources/\(source.id)/index.html") }

    /// The source's entries, newest first, each marked when it is a "now tracking" one: the
    /// source's feed and the unified feed take theirs from one list, built once (the unified
    /// feed leaves the "now tracking" ones out and says that once for all the sources).
    func markedEntries() -> [(entry: FeedDocument.Entry, isBaseline: Bool)] {
        let changes = site.content.changes.filter { $0.sourceID == source.id }
        var entries: [(entry: FeedDocument.Entry, isBaseline: Bool)] = []
        switch source.configuration.entries {
        case .changes:
            for change in changes where change.isNews { entries.append((entry(for: change), false)) }
        case .items:
            entries += itemEntries(changes).map { ($0, false) }
        }
        if source.configuration.announceBaseline {
            for baseline in changes where baseline.kind == .baseline { entries.append((entry(for: baseline), true)) }
        }
        for event in site.content.healthEvents where event.sourceID == source.id {
            entries.append((entry(for: event), false))
        }
        return FeedGenerator.newestFirst(entries) { $0.entry.updated }
    }

    /// A change as an entry of its own.
    func entry(for change: Change) -> FeedDocument.Entry {
        let description = ChangeDescription(change, sourceName: source.name)
        let keepsEnclosure = change.kind == .added || change.kind == .reappeared
        return FeedDocument.Entry(
            id: FeedEntryID.id(of: change, authority: authority),
            title: change.kind == .baseline
                ? "\(source.name): \(description.sentence.lowercased())" : description.sentence,
            updated: change.detectedAt,
            link: description.link ?? sourcePage,
            content: .html(ChangeHTML.render(description, sourcePage: sourcePage)),
            categories: [source.name],
            enclosures: keepsEnclosure ? FeedGenerator.enclosures(of: change.item) : [])
    }

    /// One entry per item that was added, came back or changed; `changes` newest first.
    func itemEntries(_ changes: [Change]) -> [FeedDocument.Entry] {
        var byItem: [String: [Change]] = [:]
        var order: [String] = []
        for change in changes where change.isNews && change.kind != .removed {
            if byItem[change.itemID] == nil { order.append(change.itemID) }
            byItem[change.itemID, default: []].append(change)
        }
        return order.compactMap { id in
            guard let history = byItem[id], let latest = history.first, let item = latest.after else { return nil }
            let firstSeen = history.last { $0.kind == .added || $0.kind == .reappeared }?.detectedAt
            let published = item.date ?? firstSeen ?? history.last?.detectedAt ?? latest.detectedAt
            let title = SafeText.line(item.title)
            var authors: [FeedDocument.Person] = []
            if case .string(let author)? = item[field: "author"], !SafeText.line(author).isEmpty {
                authors = [FeedDocument.Person(name: SafeText.line(author))]
            }
            let latestChange = latest.kind == .changed ? ChangeDescription(latest, sourceName: source.name) : nil
            return FeedDocument.Entry(
                id: FeedEntryID.id(ofItem: id, in: source.id, authority: authority),
                title: title.isEmpty ? SafeText.line(id) : title,
                updated: max(latest.detectedAt, published),
                published: published,
                link: SafeText.linkURL(item.link) ?? sourcePage,
                content: .html(
                    ArticleHTML.entryContent(
                        item: item, article: source.articles[id], latestChange: latestChange,
                        source: ChangeHTML.SourceLine(name: source.name, page: sourcePage))),
                authors: authors,
                categories: [source.name],
                enclosures: FeedGenerator.enclosures(of: item))
        }
    }

    /// "NOAA charts stopped working" / "NOAA charts works again", and the same "properly"
    /// for field warnings.
    func entry(for event: HealthEvent) -> FeedDocument.Entry {
        let name = SafeText.html(source.name)
        let page = sourcePage.map { "<a href=\"\(SafeText.html($0.absoluteString))\">\(name)</a>" } ?? name
        let title = event.sentence(sourceName: source.name)
        var html: String
        switch event.kind {
        case .broke:
            html = "<p>Trawl could not read \(page)"
            if let reason = event.reason.map(SafeText.line), !reason.isEmpty { html += ": \(SafeText.html(reason))" }
            html += ".</p><p>Its last good items stay on the site. This feed says when it works again.</p>"
        case .recovered:
            html = "<p>\(page) could be read again; its changes are reported as before.</p>"
        case .degraded:
            html = "<p>\(page) is still read, but not properly:</p><ul>"
            for warning in event.warnings { html += "<li>\(SafeText.html(SafeText.line(warning)))</li>" }
            html += "</ul><p>The page may have changed its layout. This feed says when they are read again.</p>"
        case .repaired:
            html = "<p>The fields of \(page) are read again as before.</p>"
        }
        return FeedDocument.Entry(
            id: FeedEntryID.id(of: event, authority: authority), title: title, updated: event.at, link: sourcePage,
            content: .html(html), categories: [source.name])
    }
}
