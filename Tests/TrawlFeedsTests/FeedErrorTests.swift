import Foundation
import Testing
import TrawlFeeds

/// The errors a podcast app must tell apart: not a feed, broken XML, a missing element,
/// a hostile document.
@Suite struct FeedErrorTests {
    @Test func anHTMLPageIsNotAFeedAndListsTheFeedsItLinksTo() throws {
        let page = """
            <!DOCTYPE html>
            <html><head><title>Blog</title>
            <link rel="alternate" type="application/rss+xml" href="/feed.rss">
            <link rel="alternate" type="application/atom+xml" href="https://example.com/feed.atom">
            <link rel="stylesheet" href="/style.css">
            <link rel="Alternate" type="application/feed+json" href="feed.json">
            </head><body><p>Hello</body></html>
            """
        let url = URL(string: "https://example.com/blog/")!
        #expect(
            throws: FeedError.notAFeed(
                root: "html",
                discoveredFeeds: [
                    URL(string: "https://example.com/feed.rss")!, URL(string: "https://example.com/feed.atom")!,
                    URL(string: "https://example.com/blog/feed.json")!,
                ])
        ) {
            try FeedParser().parse(Data(page.utf8), url: url)
        }
    }

    @Test func notAFeedSaysWhichFeedsThePageLinksTo() {
        let error = FeedError.notAFeed(root: "html", discoveredFeeds: [URL(string: "https://example.com/feed.rss")!])
        #expect(
            error.description
                == "not a feed: a <html> document is not RSS, Atom or JSON Feed; it links to the feed: https://example.com/feed.rss"
        )
    }

    @Test func anXMLDocumentOfAnotherKindIsNotAFeed() {
        #expect(throws: FeedError.notAFeed(root: "svg", discoveredFeeds: [])) {
            try FeedParser().parse(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8))
        }
    }

    @Test func malformedXMLNamesTheLineAndColumn() {
        let xml = "<rss version=\"2.0\">\n<channel>\n<title>A & B</title>\n</channel>\n</rss>"
        #expect(throws: FeedError.malformed(line: 3, column: 11, message: "xmlParseEntityRef: no name")) {
            try FeedParser().parse(Data(xml.utf8))
        }
    }

    @Test func theMalformedDescriptionNamesTheLine() {
        let error = FeedError.malformed(line: 3, column: 11, message: "xmlParseEntityRef: no name")
        #expect(error.description == "malformed XML at line 3, column 11: xmlParseEntityRef: no name")
    }

    @Test func lenientModeRecoversAndFlagsTheFeed() throws {
        let xml =
            "<rss version=\"2.0\">\n<channel>\n<title>A & B</title>\n<item><title>One</title></item>\n</channel>\n</rss>"
        let parsed = try FeedParser(lenient: true).parse(Data(xml.utf8))
        #expect(parsed.isIllFormed)
        #expect(parsed.feed.entries.map(\.title) == ["One"])
        #expect(parsed.warnings.first?.description.contains("ill-formed XML") == true)
    }

    @Test(arguments: ["", "   \n  "])
    func anEmptyDocumentIsReportedAsEmpty(text: String) {
        #expect(throws: FeedError.empty) { try FeedParser().parse(Data(text.utf8)) }
    }

    @Test func invalidJSONIsMalformedJSON() {
        #expect(throws: FeedError.self) { try FeedParser().parse(Data("{\"version\": ".utf8)) }
    }

    @Test func aBillionLaughsDocumentFailsFast() {
        var entities = "<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        let xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n\(entities)]>\n<rss version=\"2.0\"><channel><title>&lol9;</title></channel></rss>"
        for lenient in [false, true] {
            do {
                _ = try FeedParser(lenient: lenient).parse(Data(xml.utf8))
                Issue.record("a billion laughs parsed (lenient: \(lenient))")
            } catch let error as FeedError {
                guard error.code == .entityExpansionLimit else { Issue.record("unexpected \(error)"); continue }
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aQuadraticBlowupIsStoppedByTheBudget() {
        let big = String(repeating: "x", count: 50_000)
        let references = String(repeating: "&big;", count: 100)
        let xml =
            "<!DOCTYPE rss [<!ENTITY big \"\(big)\">]><rss version=\"2.0\"><channel><title>\(references)</title></channel></rss>"
        #expect(throws: FeedError.entityExpansionLimit(limit: 1_000_000)) {
            try FeedParser().parse(Data(xml.utf8))
        }
    }

    @Test func internalEntitiesWithinTheBudgetAreExpanded() throws {
        let xml =
            "<!DOCTYPE rss [<!ENTITY name \"Trawl &amp; Co\">]><rss version=\"2.0\"><channel><title>&name; news</title></channel></rss>"
        #expect(try FeedParser().parse(Data(xml.utf8)).feed.title == "Trawl & Co news")
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trawl-secret-\(UUID().uuidString).txt")
        try Data("TOP SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml =
            "<!DOCTYPE rss [<!ENTITY leak SYSTEM \"\(secret.absoluteString)\">]><rss version=\"2.0\"><channel><title>x&leak;</title></channel></rss>"
        let parsed = try FeedParser(lenient: true).parse(Data(xml.utf8))
        #expect(parsed.feed.title == "x")
    }

    @Test func aMissingRequiredElementIsNamedWithItsParent() throws {
        let xml = """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <title>Show</title>
            <item><title>One</title><enclosure url="https://example.com/1.mp3" type="audio/mpeg" length="1"/></item>
            <item><title>Two</title></item>
            </channel></rss>
            """
        let feed = try FeedParser().parse(Data(xml.utf8)).feed
        #expect(throws: FeedError.missingElement(name: "itunes:owner", parent: "channel")) {
            try feed.require(.title, .iTunesOwner)
        }
        #expect(throws: FeedError.missingElement(name: "enclosure", parent: "item 2")) {
            try feed.require(.entryTitle, .entryEnclosure)
        }
        #expect(
            FeedError.missingElement(name: "enclosure", parent: "item 2").description
                == "missing required element <enclosure> in <item 2>")
    }

    @Test func anUnparsableDateIsNilWithAWarning() throws {
        let xml =
            "<rss version=\"2.0\"><channel><item><title>x</title><pubDate>sometime soon</pubDate></item></channel></rss>"
        let parsed = try FeedParser().parse(Data(xml.utf8))
        #expect(parsed.feed.entries.first?.published == nil)
        #expect(parsed.warnings.map(\.description) == ["line 1: unparsable date in <pubDate>: \"sometime soon\""])
    }
}
