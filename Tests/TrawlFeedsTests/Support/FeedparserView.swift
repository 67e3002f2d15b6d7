import Foundation
import TrawlFeeds

/// A `ParsedFeed` dressed as the dictionary Python's feedparser returns, so that its
/// `Expect:` expressions can be evaluated against Trawl's result.
///
/// Only what Trawl models is here; a key feedparser has and Trawl does not (raw date
/// strings, `xml:base` per element, sanitised HTML) is absent, and an expression that
/// reads it counts as not holding.
enum FeedparserView {
    static func scope(of parsed: ParsedFeed) -> [String: PythonValue] {
        [
            "bozo": .bool(parsed.isIllFormed),
            "version": .string(parsed.feed.format.rawValue),
            "encoding": parsed.encoding.map { .string($0) } ?? .none,
            "feed": feed(parsed.feed),
            "entries": .list(parsed.feed.entries.map(entry)),
        ]
    }

    private static func feed(_ feed: Feed) -> PythonValue {
        var pairs: [(String, PythonValue?)] = [
            ("id", feed.id.map(PythonValue.string)), ("guid", feed.id.map(PythonValue.string)),
            ("title", feed.title.map(PythonValue.string)),
            ("title_detail", feed.title.map { detail(FeedText($0, type: feed.titleType)) }),
            ("link", feed.link.map { .string($0.absoluteString) }),
            ("links", feed.links.isEmpty ? nil : .list(feed.links.map(link))),
            ("language", feed.language.map(PythonValue.string)),
            ("publisher", feed.publisher?.displayName.map(PythonValue.string)),
            ("publisher_detail", feed.publisher.map(person)),
            ("ttl", feed.timeToLive.map { .string(String($0)) }),
            ("rights", feed.rights.map(PythonValue.string)), ("copyright", feed.rights.map(PythonValue.string)),
            ("icon", feed.icon.map { .string($0.absoluteString) }),
            ("generator", feed.generator.map { .string($0.name) }),
            (
                "generator_detail",
                feed.generator.map { generator in
                    .dict([
                        ("name", .string(generator.name)), ("href", generator.uri.map { .string($0.absoluteString) }),
                        ("version", generator.version.map(PythonValue.string)),
                    ])
                }
            ),
            (
                "image",
                feed.image.map { image in
                    .dict([
                        ("href", .string(image.url.absoluteString)),
                        ("title", image.title.map(PythonValue.string)),
                        ("link", image.link.map { .string($0.absoluteString) }),
                        ("width", image.width.map(PythonValue.int)), ("height", image.height.map(PythonValue.int)),
                    ])
                }
            ),
            ("logo", feed.format.isAtom ? feed.image.map { .string($0.url.absoluteString) } : nil),
        ]
        for name in ["subtitle", "tagline", "description", "info"] {
            pairs.append((name, feed.subtitle.map { .string($0.value) }))
            pairs.append((name + "_detail", feed.subtitle.map(detail)))
        }
        pairs += people(feed.authors, contributors: feed.contributors)
        pairs += dates(updated: feed.updated, published: feed.published)
        pairs += tags(feed.categories)
        return .dict(pairs)
    }

    private static func entry(_ entry: FeedEntry) -> PythonValue {
        var pairs: [(String, PythonValue?)] = [
            ("id", entry.id.map(PythonValue.string)), ("guid", entry.id.map(PythonValue.string)),
            ("title", entry.title.map(PythonValue.string)),
            ("title_detail", entry.title.map { detail(FeedText($0, type: entry.titleType)) }),
            ("link", entry.link.map { .string($0.absoluteString) }),
            ("links", entry.links.isEmpty ? nil : .list(entry.links.map(link))),
            ("guidislink", .bool(entry.id != nil && entry.link?.absoluteString == entry.id)),
            ("content", entry.content.map { .list([detail($0)]) }),
            ("comments", entry.comments.map { .string($0.absoluteString) }),
            ("rights", entry.rights.map(PythonValue.string)), ("copyright", entry.rights.map(PythonValue.string)),
            (
                "enclosures",
                .list(
                    entry.enclosures.map { enclosure in
                        .dict([
                            ("href", .string(enclosure.url.absoluteString)),
                            ("type", enclosure.type.map(PythonValue.string)),
                            ("length", enclosure.length.map { .string(String($0)) }),
                        ])
                    })
            ),
        ]
        pairs.append(("source", entry.source.map(source)))
        // feedparser fills summary from content when an entry has only content.
        let summary = entry.summary ?? entry.content
        for name in ["summary", "description"] {
            pairs.append((name, summary.map { .string($0.value) }))
            pairs.append((name + "_detail", summary.map(detail)))
        }
        pairs += people(entry.authors, contributors: entry.contributors)
        pairs += dates(updated: entry.updated, published: entry.published)
        pairs += tags(entry.categories)
        return .dict(pairs)
    }

    private static func source(_ source: FeedSource) -> PythonValue {
        var pairs: [(String, PythonValue?)] = [
            ("id", source.id.map(PythonValue.string)), ("title", source.title.map(PythonValue.string)),
            ("link", source.link.map { .string($0.absoluteString) }),
            ("links", source.links.isEmpty ? nil : .list(source.links.map(link))),
            ("subtitle", source.subtitle.map { .string($0.value) }), ("subtitle_detail", source.subtitle.map(detail)),
            ("rights", source.rights.map(PythonValue.string)),
            ("icon", source.icon.map { .string($0.absoluteString) }),
            ("logo", source.logo.map { .string($0.absoluteString) }),
            ("generator", source.generator.map { .string($0.name) }),
            (
                "generator_detail",
                source.generator.map { generator in
                    .dict([
                        ("name", .string(generator.name)), ("href", generator.uri.map { .string($0.absoluteString) }),
                        ("version", generator.version.map(PythonValue.string)),
                    ])
                }
            ),
        ]
        pairs += people(source.authors, contributors: source.contributors)
        pairs += dates(updated: source.updated, published: nil)
        pairs += tags(source.categories)
        return .dict(pairs)
    }

    private static func detail(_ text: FeedText) -> PythonValue {
        .dict([
            ("type", .string(text.type.mediaType)), ("value", .string(text.value)),
            ("language", text.language.map(PythonValue.string)),
        ])
    }

    private static func link(_ link: FeedLink) -> PythonValue {
        .dict([
            ("href", .string(link.href.absoluteString)), ("rel", .string(link.rel)),
            ("type", link.type.map(PythonValue.string)), ("title", link.title.map(PythonValue.string)),
            ("length", link.length.map { .string(String($0)) }), ("hreflang", link.hreflang.map(PythonValue.string)),
        ])
    }

    private static func person(_ person: FeedPerson) -> PythonValue {
        .dict([
            ("name", person.name.map(PythonValue.string)), ("email", person.email.map(PythonValue.string)),
            ("href", person.uri.map { .string($0.absoluteString) }),
        ])
    }

    private static func people(_ authors: [FeedPerson], contributors: [FeedPerson]) -> [(String, PythonValue?)] {
        [
            ("author", authors.first?.displayName.map(PythonValue.string)),
            ("author_detail", authors.first.map(person)),
            ("authors", authors.isEmpty ? nil : .list(authors.map(person))),
            ("contributors", contributors.isEmpty ? nil : .list(contributors.map(person))),
        ]
    }

    private static func dates(updated: Date?, published: Date?) -> [(String, PythonValue?)] {
        [
            ("updated_parsed", updated.map(timeTuple)), ("modified_parsed", updated.map(timeTuple)),
            ("published_parsed", published.map(timeTuple)), ("issued_parsed", published.map(timeTuple)),
            ("date_parsed", (updated ?? published).map(timeTuple)),
        ]
    }

    private static func tags(_ categories: [FeedCategory]) -> [(String, PythonValue?)] {
        [
            (
                "tags",
                categories.isEmpty
                    ? nil
                    : .list(
                        categories.map { category in
                            .dict([
                                ("term", .string(category.term)),
                                ("scheme", category.scheme.map(PythonValue.string) ?? PythonValue.none),
                                ("label", category.label.map(PythonValue.string) ?? PythonValue.none),
                            ])
                        })
            ),
            ("category", categories.first.map { .string($0.term) }),
        ]
    }

    /// Python's `time.struct_time` in UTC: (year, month, day, hour, minute, second, weekday from Monday = 0, day of year, 0).
    private static func timeTuple(_ date: Date) -> PythonValue {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 0
        let values = [
            parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, ((parts.weekday ?? 1) + 5) % 7,
            dayOfYear, 0,
        ]
        return .list(values.map { .int($0 ?? 0) })
    }
}
