import Foundation
import TrawlFeeds

/// A feed document full of what breaks naive writers: markup in plain text, `]]>`,
/// control characters, quotes and ampersands in URLs, non-ASCII, ids that are not IRIs.
enum HostileFeed {
    static let updated = Date(timeIntervalSince1970: 1_764_475_200)  // 2025-11-30T04:00:00Z

    static var document: FeedDocument {
        FeedDocument(
            title: "Tom & Jerry's <feed> \u{1}\u{8}]]>", id: "HTTP://Example.COM:80",
            updated: updated, selfURL: URL(string: "https://example.com/feed.atom?a=1&b=\"2\""),
            alternateURL: URL(string: "https://example.com/"), subtitle: "Naïve café — \u{1F41F}",
            authors: [
                FeedDocument.Person(
                    name: "Ann <ann@example.com>", email: "ann@example.com", uri: URL(string: "https://example.com/ann")
                )
            ],
            entries: [
                FeedDocument.Entry(
                    id: "item 1 (not an IRI)", title: "A <script>alert('x')</script> title", updated: updated,
                    published: updated.addingTimeInterval(-3600), link: URL(string: "https://example.com/a?x=1&y=2"),
                    summary: .text("Plain text with ]]> and </summary> inside\u{0}\u{B}"),
                    content: .html("<p>HTML with <![CDATA[ nested ]]> and &amp; entity</p>"),
                    categories: ["tag & \"quote\""],
                    enclosures: [
                        FeedDocument.Enclosure(
                            url: URL(string: "https://example.com/a.mp3")!, type: "audio/mpeg", length: 1234)
                    ]),
                FeedDocument.Entry(
                    id: "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a", title: "Second, no link", updated: updated),
                FeedDocument.Entry(
                    id: "https://example.com/b", title: "Third", updated: updated,
                    link: URL(string: "https://example.com/b"),
                    summary: .html("<b>bold</b> summary")),
            ])
    }
}
