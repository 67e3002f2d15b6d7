import Foundation
import Testing
import TrawlFeeds

/// JSON Feed 1.1 as `JSONFeedWriter` writes it: exact bytes, valid JSON, a round trip.
@Suite struct JSONFeedWriterTests {
    static let updated = Date(timeIntervalSince1970: 1_764_475_200)

    @Test func aSmallFeedIsWrittenExactly() {
        let document = FeedDocument(
            title: "Trawl", id: "https://example.com/", updated: Self.updated,
            selfURL: URL(string: "https://example.com/feed.json"), alternateURL: URL(string: "https://example.com/"),
            entries: [
                .init(
                    id: "https://example.com/a", title: "A \"quoted\"", updated: Self.updated,
                    link: URL(string: "https://example.com/a"), content: .html("<p>New</p>"))
            ])
        let expected = """
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": "Trawl",
              "home_page_url": "https://example.com/",
              "feed_url": "https://example.com/feed.json",
              "items": [
                {
                  "id": "https://example.com/a",
                  "url": "https://example.com/a",
                  "title": "A \\"quoted\\"",
                  "content_html": "<p>New</p>",
                  "date_modified": "2025-11-30T04:00:00Z"
                }
              ]
            }

            """
        #expect(String(decoding: JSONFeedWriter().write(document), as: UTF8.self) == expected)
    }

    @Test func hostileContentIsValidJSONAndReadsBackTheSame() throws {
        let data = JSONFeedWriter().write(HostileFeed.document)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: data) }
        #expect(JSONFeedWriter().write(HostileFeed.document) == data)
        let feed = try FeedParser().parse(data).feed
        #expect(feed.format == .json11)
        #expect(feed.title == "Tom & Jerry's <feed> ]]>")
        #expect(feed.entries[0].title == "A <script>alert('x')</script> title")
        #expect(
            feed.entries.map(\.id) == [
                "item 1 (not an IRI)", "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a", "https://example.com/b",
            ])
        #expect(
            feed.entries[0].enclosures == [
                FeedEnclosure(url: URL(string: "https://example.com/a.mp3")!, type: "audio/mpeg", length: 1234)
            ])
        #expect(feed.entries[0].published == HostileFeed.updated.addingTimeInterval(-3600))
        // `content_text` is required, so an entry without text gets an empty one, which reads as none.
        #expect(feed.entries[1].content == nil)
        #expect(String(decoding: data, as: UTF8.self).contains("\"content_text\": \"\""))
    }
}
