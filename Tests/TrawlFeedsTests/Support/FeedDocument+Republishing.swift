import Foundation
import TrawlFeeds

extension FeedDocument {
    /// A parsed feed as a document to write again, filling what the writer requires
    /// (ids, titles, dates) from what the feed has, for round-trip tests.
    init(republishing feed: Feed) {
        let fallbackDate = Date(timeIntervalSince1970: 1_000_000_000)
        let updated =
            feed.updated ?? feed.published ?? feed.entries.compactMap { $0.updated ?? $0.published }.max()
            ?? fallbackDate
        func text(_ value: FeedText?) -> Text? {
            guard let value else { return nil }
            switch value.type {
            case .text: return .text(value.value)
            case .html, .xhtml: return .html(value.value)
            case .other: return .text(value.value)
            }
        }
        func people(_ persons: [FeedPerson]) -> [Person] {
            persons.compactMap { person in
                guard let name = person.name ?? person.email else { return nil }
                return Person(name: name, email: person.email, uri: person.uri)
            }
        }
        self.init(
            title: feed.title ?? "", id: feed.id ?? feed.link?.absoluteString ?? "feed", updated: updated,
            selfURL: feed.links.first { $0.rel == "self" }?.href, alternateURL: feed.link,
            subtitle: feed.subtitle?.value, authors: people(feed.authors), icon: feed.icon, language: feed.language,
            entries: feed.entries.enumerated().map { index, entry in
                Entry(
                    id: entry.id ?? entry.link?.absoluteString ?? "entry-\(index)", title: entry.title ?? "",
                    updated: entry.updated ?? entry.published ?? updated, published: entry.published, link: entry.link,
                    summary: text(entry.summary), content: text(entry.content), authors: people(entry.authors),
                    categories: entry.categories.map(\.term),
                    enclosures: entry.enclosures.map { Enclosure(url: $0.url, type: $0.type ?? "", length: $0.length) })
            })
    }
}
