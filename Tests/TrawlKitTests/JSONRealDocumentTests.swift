import Foundation
import Testing

@testable import TrawlKit

/// `json` sources on real saved API responses (`Fixtures/json/PROVENANCE.md`), each field
/// checked against what was read off the document by hand.
@Suite struct JSONRealDocumentTests {
    static func scrape(_ file: String, url: String, _ source: String) throws -> ScrapeResult {
        let json = #"{"sources": [\#(source)]}"#
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        let configured = try #require(configuration.sources.first)
        let page = URL(string: url)!
        let body = try Data(contentsOf: Fixture.url("json/\(file)"))
        return try PageScraper(source: configured).scrape(
            FetchedPage(requestedURL: page, url: page, body: body, contentType: "application/json; charset=utf-8"))
    }

    @Test func githubReleasesGiveTypedItems() throws {
        let result = try Self.scrape(
            "github-releases-hyper.json", url: "https://api.github.com/repos/zeit/hyper/releases",
            #"""
            {"id": "hyper", "kind": "json", "url": "https://api.github.com/repos/zeit/hyper/releases", "items": "$[*]",
             "fields": {"title": "$.name", "url": {"json": "$.html_url", "type": "url"},
                        "date": {"json": "$.published_at", "type": "date"},
                        "assets": {"json": "$.assets[*].name", "many": true},
                        "downloads": "$.assets[0].download_count",
                        "popular": {"json": "$.assets[?@.download_count > 5000].name", "many": true}}}
            """#)
        #expect(result.items.count == 11)
        #expect(result.warnings.isEmpty)
        let first = result.items[0]
        #expect(first.title == "1.3.1")
        #expect(first.url?.absoluteString == "https://github.com/zeit/hyper/releases/tag/1.3.1")
        #expect(first.date == Date(timeIntervalSince1970: 1_489_171_554))
        guard case .list(let assets) = first[field: "assets"] else {
            Issue.record("assets is not a list")
            return
        }
        #expect(assets.count == 9)
        #expect(assets.first == .string("hyper-1.3.1-full.nupkg"))
        #expect(first[field: "downloads"] == .int(1760))
        #expect(first[field: "popular"] == .list([.string("hyper-1.3.1-mac.zip"), .string("RELEASES")]))
        // A release with an empty name shows its link, which is its id too.
        #expect(result.items[2].title == "https://github.com/zeit/hyper/releases/tag/1.2.1")
        #expect(result.items.last?.title == "0.8.0")
    }
}

extension JSONRealDocumentTests {
    /// html2rss's WordPress fixture (`/wp-json/wp/v2/posts` shape): titles under
    /// `title.rendered`, dates without a zone read with a format, categories as a list.
    @Test func wordpressPostsReadAsTheGuideShows() throws {
        let result = try Self.scrape(
            "html2rss/wordpress-posts.json", url: "https://example.com/wp-json/wp/v2/posts",
            #"""
            {"id": "wp", "kind": "json", "url": "https://example.com/wp-json/wp/v2/posts", "items": "$[*]",
             "fields": {"title": "$.title.rendered", "url": "$.link",
                        "date": {"json": "$.date", "format": "yyyy-MM-dd'T'HH:mm:ss"},
                        "categories": {"json": "$.categories", "many": true}}}
            """#)
        #expect(result.items.map(\.title) == ["WordPress API post", "Excerpt only post"])
        #expect(result.items[0].url?.absoluteString == "https://example.com/2024/04/wordpress-api-post/")
        #expect(result.items[0].date == Date(timeIntervalSince1970: 1_711_972_800))
        #expect(result.items[0][field: "categories"] == .list([.int(7), .int(9)]))
        #expect(result.items[1][field: "categories"] == nil)
        #expect(result.warnings.isEmpty)
    }
}

extension JSONRealDocumentTests {
    /// Discourse's `latest.json`: topics under `topic_list.topics`, dates with an offset, and
    /// ids that all read 1 (the fixture's anonymised), so identity comes from the title.
    @Test func discourseLatestTopicsReadWithTheirCounts() throws {
        let result = try Self.scrape(
            "discourse-latest.json", url: "https://try.discourse.org/latest.json",
            #"""
            {"id": "forum", "kind": "json", "url": "https://try.discourse.org/latest.json",
             "items": "$.topic_list.topics[*]",
             "fields": {"title": "$.title", "date": "$.created_at", "summary": "$.excerpt",
                        "views": "$.views", "likes": "$.like_count", "pinned": "$.pinned"},
             "ignoreChanges": ["views"]}
            """#)
        #expect(result.items.map(\.title) == ["Test topic #1", "Test topic #2", "Test topic #3"])
        let first = result.items[0]
        // 15:26:25.977 at -05:00 is 20:26:25.977 UTC.
        #expect(first.date == Date(timeIntervalSince1970: 1_360_009_585.977))
        #expect(first[field: "views"] == .int(268))
        #expect(first[field: "likes"] == .int(14))
        #expect(first[field: "pinned"] == .bool(true))
        #expect(first.summary?.hasSuffix("experim&hellip;") == true)
        #expect(result.items[1].summary == nil)
        #expect(result.items[2][field: "views"] == .int(82))
    }
}

extension JSONRealDocumentTests {
    /// A Reddit listing: posts two levels down, float Unix times, integer scores, and a
    /// filter for the self posts.
    @Test func redditListingGivesPostsWithScoresAndDates() throws {
        let source = #"""
            {"id": "r", "kind": "json", "url": "https://www.reddit.com/r/angularjs.json",
             "items": "ITEMS",
             "fields": {"title": "$.title", "url": "$.url", "date": "$.created_utc", "score": "$.score",
                        "comments": "$.num_comments", "author": "$.author"},
             "ignoreChanges": ["score", "comments"]}
            """#
        let result = try Self.scrape(
            "reddit-angularjs.json", url: "https://www.reddit.com/r/angularjs.json",
            source.replacingOccurrences(of: "ITEMS", with: "$.data.children[*].data"))
        #expect(result.items.count == 19)
        #expect(result.warnings.isEmpty)
        let first = result.items[0]
        #expect(first.title == "What to do for graceful degration? AngularJS for people without JS?")
        #expect(first.date == Date(timeIntervalSince1970: 1_356_393_385))
        #expect(first[field: "score"] == .int(2))
        #expect(first[field: "comments"] == .int(8))
        #expect(first[field: "author"] == .string("Johnnycube"))
        #expect(result.items[1].url?.absoluteString == "https://github.com/btford/ngmin")
        #expect(
            result.items.compactMap { $0[field: "score"] }
                == [2, 7, 6, 4, 3, 13, 1, 4, 5, 7, 7, 5, 9, 5, 7, 9, 4, 3, 3].map(Value.int))
        let selfPosts = try Self.scrape(
            "reddit-angularjs.json", url: "https://www.reddit.com/r/angularjs.json",
            source.replacingOccurrences(of: "ITEMS", with: "$.data.children[?@.data.is_self == true].data"))
        #expect(selfPosts.items.count == 4)
    }
}

extension JSONRealDocumentTests {
    /// A Mastodon account's statuses, the GUIDE's source: reblogs filtered out, dates with
    /// milliseconds, counts, and tags as a list.
    @Test func mastodonStatusesReadAsTheGuideShows() throws {
        let result = try Self.scrape(
            "mastodon-statuses.json", url: "https://social.lou.lt/api/v1/accounts/1/statuses",
            #"""
            {"id": "toots", "kind": "json", "url": "https://social.lou.lt/api/v1/accounts/1/statuses",
             "items": "$[?@.reblog == null]",
             "fields": {"title": "$.content", "url": "$.url", "date": "$.created_at", "boosts": "$.reblogs_count",
                        "tags": {"json": "$.tags[*].name", "many": true}}}
            """#)
        #expect(result.items.count == 3)
        #expect(result.warnings.isEmpty)
        let first = result.items[0]
        #expect(first.id == "https://social.lou.lt/@milmazz/212703")
        #expect(first.title.hasPrefix("<p>New release: hunter (0.3.0)"))
        #expect(first.date == Date(timeIntervalSince1970: 1_491_886_555.778))
        #expect(first[field: "boosts"] == .int(1))
        #expect(first[field: "tags"] == nil)
        #expect(result.items[1][field: "tags"] == .list([.string("myelixirstatus")]))
        #expect(
            result.items.map { $0.url?.absoluteString } == [
                "https://social.lou.lt/@milmazz/212703", "https://social.lou.lt/@milmazz/118635",
                "https://social.lou.lt/@milmazz/59144",
            ])
    }
}

extension JSONRealDocumentTests {
    /// A Hacker News Algolia search response configured as the GUIDE's row: dates from
    /// `created_at_i` (Unix seconds), identity from `objectID` because two hits share a title.
    @Test func hackerNewsAlgoliaHitsReadAsTheGuideShows() throws {
        let result = try Self.scrape(
            "hn-algolia-search.json", url: "https://hn.algolia.com/api/v1/search?query=ssh",
            #"""
            {"id": "hn", "kind": "json", "url": "https://hn.algolia.com/api/v1/search?query=ssh", "items": "$.hits[*]",
             "idField": "id",
             "fields": {"id": "$.objectID", "title": "$.title", "url": "$.url", "date": "$.created_at_i",
                        "points": "$.points", "comments": "$.num_comments", "author": "$.author"}}
            """#)
        #expect(result.items.count == 4)
        #expect(result.warnings.isEmpty)
        let first = result.items[0]
        #expect(first.id == "8828543")
        #expect(first.title == "Why aren’t we using SSH for everything?")
        #expect(first.url?.absoluteString == "https://medium.com/@shazow/ssh-how-does-it-even-9e43586e4ffc")
        #expect(first.date == Date(timeIntervalSince1970: 1_420_232_746))
        #expect(first[field: "points"] == .int(270))
        #expect(first[field: "comments"] == .int(103))
        #expect(first[field: "author"] == .string("dkua"))
        #expect(result.items[1].id == "11516582")
        #expect(result.items[1].title == "Why aren’t we using SSH for everything? (2015)")
        #expect(result.items[1][field: "points"] == .int(173))
        #expect(result.items.map(\.id) == ["8828543", "11516582", "13566801", "8830693"])
    }
}
