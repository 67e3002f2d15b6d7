import Foundation
import Testing
import TrawlFeeds

/// JSON Feed 1.0 and 1.1 read leniently: wrong types are skipped, never fatal.
@Suite struct JSONFeedReadingTests {
    func parse(_ json: String, url: URL? = nil) throws -> ParsedFeed {
        try FeedParser().parse(Data(json.utf8), url: url)
    }

    @Test func version1AuthorAndVersion11AuthorsBothRead() throws {
        let old = try parse(#"{"version": "https://jsonfeed.org/version/1", "author": {"name": "A"}, "items": []}"#)
        let new = try parse(
            #"{"version": "https://jsonfeed.org/version/1.1", "authors": [{"name": "B"}, {"url": "https://c.example/"}], "items": []}"#
        )
        #expect(old.feed.authors == [FeedPerson(name: "A")])
        #expect(new.feed.authors == [FeedPerson(name: "B"), FeedPerson(uri: URL(string: "https://c.example/"))])
    }

    @Test func aNumericIDIsReadAsText() throws {
        let feed = try parse(
            #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": 42, "content_text": "x"}]}"#
        ).feed
        #expect(feed.entries.first?.id == "42")
    }

    @Test func anItemThatIsNotAnObjectIsSkippedWithAWarning() throws {
        let parsed = try parse(#"{"version": "https://jsonfeed.org/version/1.1", "items": ["oops", {"id": "1"}]}"#)
        #expect(parsed.feed.entries.map(\.id) == ["1"])
        #expect(parsed.warnings.map(\.description) == ["items[0] is not an object; skipped"])
    }

    @Test func relativeURLsResolveAgainstTheFeedURL() throws {
        let json =
            #"{"version": "https://jsonfeed.org/version/1.1", "feed_url": "https://example.com/feed.json", "items": [{"id": "1", "url": "/posts/1"}]}"#
        let feed = try parse(json).feed
        #expect(feed.entries.first?.link?.absoluteString == "https://example.com/posts/1")
        #expect(feed.links.first { $0.rel == "self" }?.href.absoluteString == "https://example.com/feed.json")
    }

    @Test func anUnparsableDateIsAWarning() throws {
        let parsed = try parse(
            #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "date_published": "yesterday"}]}"#)
        #expect(parsed.feed.entries.first?.published == nil)
        #expect(parsed.warnings.map(\.description) == [#"unparsable date in items[0].date_published: "yesterday""#])
    }

    @Test(arguments: [#"[1, 2]"#, #"{"title": "no version"}"#, #"{"version": "2"}"#])
    func jsonThatIsNotAJSONFeedIsNotAFeed(json: String) {
        #expect(throws: FeedError.self) { try parse(json) }
        do {
            _ = try parse(json)
        } catch let error as FeedError {
            guard error.code == .notAFeed else {
                Issue.record("expected notAFeed, got \(error)")
                return
            }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
