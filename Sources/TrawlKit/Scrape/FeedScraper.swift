import Foundation
import TrawlFeeds
import TrawlHTML

/// Items from an RSS, Atom or JSON feed: one per entry, podcast details kept as fields.
struct FeedScraper {
    let source: SourceConfiguration

    func scrape(_ page: FetchedPage) throws -> ScrapeResult {
        let parsed: ParsedFeed
        do {
            // Lenient, as feed readers are: an ill-formed feed that still yields entries
            // is read, with a warning, rather than reported as failed.
            // Entries past `maxItems` are only counted: their items would be dropped.
            parsed = try FeedParser(options: .init(lenient: true, maxEntries: source.maxItems))
                .parse(page.body, url: page.url, contentType: page.contentType)
        } catch {
            throw ScrapeError.unreadableFeed(page.url, reason: "\(error)")
        }
        var result = ScrapeResult(warnings: parsed.warnings.map(\.description))
        result.droppedOverLimit = parsed.entriesLeftOut
        if parsed.isIllFormed {
            result.warnings.append("the feed is not well-formed XML; read what could be recovered")
        }
        let feed = parsed.feed
        let builder = ItemBuilder(source: source)
        for (position, entry) in feed.entries.enumerated() {
            // Past `maxItems` no more items are built: the rest are only counted.
            guard !result.isFull(at: source.maxItems) else {
                result.droppedOverLimit += feed.entries.count - position
                break
            }
            builder.add(row(for: entry, in: feed), to: &result)
        }
        return result
    }

    /// The entry's fields, with its own id (`guid`, `id`) for `ItemBuilder` to prefer to its link.
    private func row(for entry: FeedEntry, in feed: Feed) -> FieldRow {
        var row = FieldRow(ownID: entry.id)
        func add(_ field: FeedEntryField, _ value: Value?) { row.append(field.rawValue, value) }
        let title = entry.title.map(Self.plainText) ?? ""
        add(.title, title.isEmpty ? nil : .string(title))
        add(.url, entry.link.map(Value.url))
        add(.date, (entry.published ?? entry.updated).map(Value.date))
        add(.updated, entry.updated.map(Value.date))
        let summary = (entry.summary ?? entry.content).map { text in
            text.type == .text ? text.value.collapsingWhitespace : Self.plainText(text.value)
        }
        add(.summary, summary.flatMap { $0.isEmpty ? nil : .string($0) })
        let authors = entry.authors.compactMap(\.name).filter { !$0.isEmpty }
        add(
            .author, authors.isEmpty ? entry.iTunes?.author.map(Value.string) : .string(authors.joined(separator: ", "))
        )
        let categories = entry.categories.map(\.term).filter { !$0.isEmpty }
        add(.categories, categories.isEmpty ? nil : .list(categories.map(Value.string)))
        if let enclosure = entry.enclosures.first {
            add(.enclosure, .url(enclosure.url))
            add(.enclosureType, enclosure.type.map(Value.string))
            add(.enclosureLength, enclosure.length.map(Value.int))
        }
        // Feeds say anything: "inf" or 1e300 seconds must not trap the conversion.
        add(.duration, entry.iTunes?.duration.flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil }.map(Value.int))
        add(.episode, entry.iTunes?.episode.map(Value.int))
        add(.season, entry.iTunes?.season.map(Value.int))
        add(.artwork, (entry.iTunes?.image ?? entry.thumbnail ?? feed.iTunes?.image).map(Value.url))
        return row
    }

    /// The text a reader sees in an HTML fragment: tags gone, entities decoded, spaces collapsed.
    static func plainText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html.collapsingWhitespace }
        return Document.parseHTML("<body>\(html)</body>").root?.text ?? html.collapsingWhitespace
    }
}
