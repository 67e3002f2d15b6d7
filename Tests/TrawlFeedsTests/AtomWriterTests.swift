import Foundation
import Testing
import TrawlFeeds

/// Atom 1.0 (RFC 4287) as `AtomWriter` writes it: exact bytes, escaping, required elements.
@Suite struct AtomWriterTests {
    static let updated = Date(timeIntervalSince1970: 1_764_475_200)

    @Test func aSmallFeedIsWrittenExactly() {
        let document = FeedDocument(
            title: "Trawl", id: "https://example.com/", updated: Self.updated,
            selfURL: URL(string: "https://example.com/feed.atom"), alternateURL: URL(string: "https://example.com/"),
            authors: [.init(name: "Trawl")],
            entries: [
                .init(
                    id: "https://example.com/a", title: "A", updated: Self.updated,
                    link: URL(string: "https://example.com/a"),
                    summary: .html("<p>New</p>"))
            ])
        let expected = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
              <id>https://example.com/</id>
              <title>Trawl</title>
              <updated>2025-11-30T04:00:00Z</updated>
              <link rel="self" type="application/atom+xml" href="https://example.com/feed.atom"/>
              <link rel="alternate" type="text/html" href="https://example.com/"/>
              <author>
                <name>Trawl</name>
              </author>
              <generator>Trawl</generator>
              <entry>
                <id>https://example.com/a</id>
                <title>A</title>
                <updated>2025-11-30T04:00:00Z</updated>
                <link rel="alternate" type="text/html" href="https://example.com/a"/>
                <summary type="html">&lt;p&gt;New&lt;/p&gt;</summary>
              </entry>
            </feed>

            """
        #expect(String(decoding: AtomWriter().write(document), as: UTF8.self) == expected)
    }

    @Test func theSameDocumentGivesTheSameBytes() {
        #expect(AtomWriter().write(HostileFeed.document) == AtomWriter().write(HostileFeed.document))
    }

    @Test func hostileContentIsEscapedAndReadsBackTheSame() throws {
        let data = AtomWriter().write(HostileFeed.document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("<![CDATA["))
        #expect(!text.contains("]]>"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let feed = try FeedParser().parse(data).feed
        // Plain text with markup in it travels as HTML that displays as that text.
        #expect(feed.title == "Tom &amp; Jerry's &lt;feed&gt; ]]&gt;")
        #expect(feed.titleType == .html)
        #expect(feed.subtitle?.value == "Naïve café — \u{1F41F}")
        #expect(
            feed.entries.map(\.title) == [
                "A &lt;script&gt;alert('x')&lt;/script&gt; title", "Second, no link", "Third",
            ])
        #expect(
            feed.entries[0].content == FeedText("<p>HTML with <![CDATA[ nested ]]> and &amp; entity</p>", type: .html))
        #expect(feed.entries[0].categories.map(\.term) == ["tag & \"quote\""])
        #expect(feed.links.first { $0.rel == "self" }?.href == URL(string: "https://example.com/feed.atom?a=1&b=\"2\""))
        #expect(AtomConformance.problems(in: data) == [])
    }

    @Test func anAmpersandInProseStaysPlainText() throws {
        let data = AtomWriter().write(
            FeedDocument(title: "Tom & Jerry, 1 < 2", id: "https://example.com/", updated: Self.updated))
        let feed = try FeedParser().parse(data).feed
        #expect(feed.title == "Tom & Jerry, 1 < 2")
        #expect(feed.titleType == .text)
    }

    @Test func plainTextThatLooksLikeMarkupIsWrittenAsEscapedHTML() throws {
        let feed = try FeedParser().parse(AtomWriter().write(HostileFeed.document)).feed
        // The reader sees HTML whose rendering is the original plain text.
        #expect(feed.entries[0].summary?.type == .html)
        #expect(feed.entries[0].summary?.value == "Plain text with ]]&gt; and &lt;/summary&gt; inside")
    }

    @Test(arguments: [
        ("HTTP://Example.COM:80", "http://example.com/"),
        ("https://example.com:443/a/./b/../c?q=%7e%5c", "https://example.com/a/c?q=~%5C"),
        ("https://example.com/%69d", "https://example.com/id"),
        ("urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a", "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a"),
        ("tag:example.com,2026-11-30:item/1", "tag:example.com,2026-11-30:item/1"),
        ("item 1 (not an IRI)", "urn:trawl:item%201%20%28not%20an%20IRI%29"),
        ("tag:bad tag", "urn:trawl:tag%3Abad%20tag"),
        ("doi:10.1038/nature05582", "urn:trawl:doi%3A10.1038%2Fnature05582"),
    ])
    func idsAreWrittenAsCanonicalIRIs(given: String, written: String) throws {
        let document = FeedDocument(title: "T", id: given, updated: Self.updated)
        let feed = try FeedParser().parse(AtomWriter().write(document)).feed
        #expect(feed.id == written)
        #expect(AtomConformance.idProblem(written) == nil)
    }

    @Test func entriesKeepTheOrderGiven() throws {
        let entries = (1...5).reversed().map {
            FeedDocument.Entry(id: "https://example.com/\($0)", title: "\($0)", updated: Self.updated)
        }
        let feed = try FeedParser().parse(
            AtomWriter().write(
                FeedDocument(title: "T", id: "https://example.com/", updated: Self.updated, entries: entries))
        ).feed
        #expect(feed.entries.map(\.title) == ["5", "4", "3", "2", "1"])
    }

    @Test func aFeedWithoutAuthorsCreditsItsTitleSoEveryEntryHasAnAuthor() throws {
        let document = FeedDocument(
            title: "Site", id: "https://example.com/", updated: Self.updated,
            entries: [.init(id: "https://example.com/1", title: "1", updated: Self.updated)])
        let data = AtomWriter().write(document)
        #expect(try FeedParser().parse(data).feed.authors == [FeedPerson(name: "Site")])
        #expect(AtomConformance.problems(in: data) == [])
    }

    @Test func anEntryWithNeitherContentNorLinkGetsEmptyContent() {
        let document = FeedDocument(
            title: "T", id: "https://example.com/", updated: Self.updated,
            entries: [.init(id: "https://example.com/1", title: "1", updated: Self.updated)])
        let text = String(decoding: AtomWriter().write(document), as: UTF8.self)
        #expect(text.contains("<content></content>"))
    }
}
