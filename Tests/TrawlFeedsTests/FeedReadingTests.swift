import Foundation
import Testing
import TrawlFeeds

/// What every reader resolves: URLs against `xml:base` and the feed's URL, encodings from
/// HTTP, the BOM and the XML declaration, and the formats' mappings onto one model.
@Suite struct FeedReadingTests {
    @Test func relativeURLsResolveAgainstXMLBaseAndTheFeedURL() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="/blog/">
              <link href="index.html"/>
              <entry xml:base="posts/">
                <link href="one.html"/>
                <link rel="enclosure" href="/audio/one.mp3" type="audio/mpeg" length="12"/>
              </entry>
              <entry><link href="https://other.example/two"/></entry>
            </feed>
            """
        let feed = try FeedParser().parse(Data(xml.utf8), url: URL(string: "https://example.com/feeds/atom.xml")).feed
        #expect(feed.link?.absoluteString == "https://example.com/blog/index.html")
        #expect(feed.entries[0].link?.absoluteString == "https://example.com/blog/posts/one.html")
        #expect(
            feed.entries[0].enclosures == [
                FeedEnclosure(url: URL(string: "https://example.com/audio/one.mp3")!, type: "audio/mpeg", length: 12)
            ])
        #expect(feed.entries[1].link?.absoluteString == "https://other.example/two")
    }

    @Test func rssRelativeLinksResolveAgainstTheFeedURL() throws {
        let xml = "<rss version=\"2.0\"><channel><link>/</link><item><link>post 1.html</link></item></channel></rss>"
        let feed = try FeedParser().parse(Data(xml.utf8), url: URL(string: "https://example.com/rss/feed.xml")).feed
        #expect(feed.link?.absoluteString == "https://example.com/")
        #expect(feed.entries[0].link?.absoluteString == "https://example.com/rss/post%201.html")
    }

    @Test func theHTTPCharsetOverridesTheDeclaration() throws {
        let body =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>caf\u{E9}</title></channel></rss>"
        let latin1 = try #require(body.data(using: .isoLatin1))
        let parsed = try FeedParser().parse(latin1, contentType: "application/rss+xml; charset=ISO-8859-1")
        #expect(parsed.feed.title == "café")
    }

    @Test func theDeclaredEncodingIsUsed() throws {
        let body =
            "<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss version=\"2.0\"><channel><title>\u{201C}quoted\u{201D}</title></channel></rss>"
        let data = try #require(body.data(using: .windowsCP1252))
        #expect(try FeedParser().parse(data).feed.title == "\u{201C}quoted\u{201D}")
    }

    @Test func aUTF16DocumentWithABOMIsDecoded() throws {
        let body =
            "<?xml version=\"1.0\" encoding=\"utf-16\"?><rss version=\"2.0\"><channel><title>\u{65E5}\u{672C}</title></channel></rss>"
        let data = try #require(body.data(using: .utf16))  // Foundation writes a BOM
        #expect(try FeedParser().parse(data).feed.title == "\u{65E5}\u{672C}")
    }

    @Test func aUTF8BOMIsSkipped() throws {
        let data =
            Data([0xEF, 0xBB, 0xBF]) + Data("<rss version=\"2.0\"><channel><title>x</title></channel></rss>".utf8)
        #expect(try FeedParser().parse(data).feed.title == "x")
    }

    @Test func atomTextConstructsKeepTheirType() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry>
              <title type="html">A &lt;b&gt;bold&lt;/b&gt; move</title>
              <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <em>xhtml</em> summary</div></summary>
              <content type="text">1 &lt; 2</content>
            </entry></feed>
            """
        let entry = try #require(try FeedParser().parse(Data(xml.utf8)).feed.entries.first)
        #expect(entry.title == "A <b>bold</b> move")
        #expect(entry.titleType == .html)
        #expect(entry.summary == FeedText("An <em>xhtml</em> summary", type: .xhtml))
        #expect(entry.content == FeedText("1 < 2", type: .text))
    }

    @Test func rssItemsMapOntoTheModel() throws {
        let xml = """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><title>News</title><link>https://example.com/</link><description>All of it</description>
            <language>en-gb</language><lastBuildDate>Mon, 30 Nov 2026 04:00:00 GMT</lastBuildDate>
            <item>
              <title>First</title><link>https://example.com/1</link><guid isPermaLink="false">id-1</guid>
              <description>Short &lt;i&gt;summary&lt;/i&gt;</description>
              <content:encoded><![CDATA[<p>Full <b>text</b></p>]]></content:encoded>
              <dc:creator>Jane Doe</dc:creator><category domain="https://example.com/tags">swift</category>
              <pubDate>Sun, 29 Nov 2026 10:00:00 +0100</pubDate>
              <enclosure url="https://example.com/1.mp3" type="audio/mpeg" length="1234"/>
            </item>
            <item><guid>https://example.com/2</guid><title>Second</title></item>
            </channel></rss>
            """
        let feed = try FeedParser().parse(Data(xml.utf8)).feed
        #expect(feed.format == .rss20)
        #expect(feed.title == "News")
        #expect(feed.subtitle == FeedText("All of it", type: .html))
        #expect(feed.language == "en-gb")
        #expect(feed.updated == FeedDate.parse("2026-11-30T04:00:00Z"))
        let first = feed.entries[0]
        #expect(first.id == "id-1")
        #expect(first.summary == FeedText("Short <i>summary</i>", type: .html))
        #expect(first.content == FeedText("<p>Full <b>text</b></p>", type: .html))
        #expect(first.authors == [FeedPerson(name: "Jane Doe")])
        #expect(first.categories == [FeedCategory(term: "swift", scheme: "https://example.com/tags")])
        #expect(first.published == FeedDate.parse("2026-11-29T09:00:00Z"))
        #expect(
            first.enclosures == [
                FeedEnclosure(url: URL(string: "https://example.com/1.mp3")!, type: "audio/mpeg", length: 1234)
            ])
        // A permalink guid stands in for a missing link.
        #expect(feed.entries[1].link?.absoluteString == "https://example.com/2")
    }

    @Test(arguments: [
        ("<rss version=\"0.91\"><channel/></rss>", FeedFormat.rss091),
        ("<rss version=\"2.0\"><channel/></rss>", .rss20),
        (
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\"><channel/></rdf:RDF>",
            .rss10
        ),
        ("<feed xmlns=\"http://www.w3.org/2005/Atom\"/>", .atom10),
        ("<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\"/>", .atom03),
        ("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": []}", .json11),
        ("{\"version\": \"https://jsonfeed.org/version/1\", \"items\": []}", .json10),
    ])
    func theFormatIsRecognised(document: String, format: FeedFormat) throws {
        #expect(try FeedParser().parse(Data(document.utf8)).feed.format == format)
    }

    @Test func rdfItemsBesideTheChannelAreRead() throws {
        let xml = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="https://example.com/"><title>RDF</title><link>https://example.com/</link></channel>
              <item rdf:about="https://example.com/a"><title>A</title><link>https://example.com/a</link><dc:date>2004-01-01T19:48:21Z</dc:date></item>
            </rdf:RDF>
            """
        let feed = try FeedParser().parse(Data(xml.utf8)).feed
        #expect(feed.entries.map(\.id) == ["https://example.com/a"])
        #expect(feed.entries.first?.published == FeedDate.parse("2004-01-01T19:48:21Z"))
    }
}

extension FeedReadingTests {
    @Test func anUnknownEncodingIsUndecodableInStrictModeAndReadAsLatin1WhenLenient() throws {
        let body =
            "<?xml version=\"1.0\" encoding=\"x-no-such-charset\"?><rss version=\"2.0\"><channel><title>caf\u{E9}</title></channel></rss>"
        let data = try #require(body.data(using: .isoLatin1))
        #expect(throws: FeedError.undecodable(encoding: "x-no-such-charset")) { try FeedParser().parse(data) }
        let parsed = try FeedParser(lenient: true).parse(data)
        #expect(parsed.isIllFormed)
        #expect(parsed.feed.title == "café")
    }

    @Test func bytesInvalidInTheDeclaredEncodingAreMalformedInStrictMode() throws {
        let data =
            Data("<rss version=\"2.0\"><channel><title>caf".utf8) + Data([0xE9]) + Data("</title></channel></rss>".utf8)
        #expect(throws: FeedError.self) { try FeedParser().parse(data) }
        let parsed = try FeedParser(lenient: true).parse(data)
        #expect(parsed.isIllFormed)
        #expect(parsed.feed.title?.hasPrefix("caf") == true)
    }
}

extension FeedReadingTests {
    @Test(arguments: [
        ("<a href=\"post.html\">x</a>", "<a href=\"https://example.com/blog/post.html\">x</a>"),
        ("<img src='/i.png' alt=\"a > b\">", "<img src='https://example.com/i.png' alt=\"a > b\">"),
        ("<a href=https://other.example/x title=t>y</a>", "<a href=https://other.example/x title=t>y</a>"),
        (
            "<a href=\"#top\">up</a> <a HREF=\"../up.html\">",
            "<a href=\"#top\">up</a> <a HREF=\"https://example.com/up.html\">"
        ),
        ("1 < 2 and href=x.html", "1 < 2 and href=x.html"),
        ("<a href=\"q?a=1&amp;b=2\">q</a>", "<a href=\"https://example.com/blog/q?a=1&amp;b=2\">q</a>"),
    ])
    func relativeLinksInsideHTMLContentAreResolved(html: String, expected: String) throws {
        let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let xml = "<rss version=\"2.0\"><channel><item><description>\(escaped)</description></item></channel></rss>"
        let feed = try FeedParser().parse(Data(xml.utf8), url: URL(string: "https://example.com/blog/feed.xml")).feed
        #expect(feed.entries.first?.summary?.value == expected)
    }
}
