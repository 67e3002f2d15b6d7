import Foundation
import TestSupport
import Testing
import TrawlHTML

@testable import TrawlKit

/// An item's URL read from the cache stays text until asked for (`Item.Link`). That is only
/// right if plain text is exactly what `URL(string:)` would make of it, and if an item reads
/// the same whichever way its URL is kept.
@Suite struct ItemLinkTests {
    private func isPlain(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { Item.Link.isPlain($0) }
    }

    @Test(arguments: [
        "https://charts.example/0/1.pdf", "http://example.org", "https://example.org:8080/a?b=c&d=e#top",
        "https://www.nauticalcharts.noaa.gov/charts/12354.pdf", "http://a.example/%7Euser/it's(1)!;x=y,z*+$",
        "https://example.org/a/../b/./c", "HTTPS://EXAMPLE.ORG/Path", "https://ex.org/?q=a/b?c:d@e",
        "https://ex.org/#frag/with?marks", "svn+ssh://host.example/repo", "https://ex.org/%E2%82%AC",
    ])
    func plainURLsAreKeptAsText(text: String) throws {
        #expect(isPlain(text))
        #expect(URL(string: text)?.absoluteString == text)
    }

    @Test(arguments: [
        "mailto:someone@example.org", "file:///etc/hosts", "http://[::1]/", "http://user:pass@example.org/",
        "https://example.org/a b", "https://example.org/ü", "https://example.org/%zz", "https://example.org/%4",
        "https://example.org:123456/", "https://example.org:/", "https://ex.org/#a#b", "https://ex.org/a\"b",
        "https://ex.org/{x}", "https:/ex.org/", "//ex.org/", "1http://ex.org/", "", "https://", "https://ex.org/a|b",
    ])
    func otherURLsAreNot(text: String) {
        #expect(!isPlain(text))
    }

    /// Any string of URL characters that counts as plain is one `URL(string:)` keeps byte for byte.
    @Test(arguments: Array(UInt64(1)...8))
    func plainTextIsWhatTheURLParserKeeps(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let hosts = Array("aZ09-._~:".utf8)
        let rest = Array("aZ09-._~!$&'()*+,;=:@/?#%2fFgG[] \"<>\\^`{|}".utf8)
        var plain = 0
        for _ in 0..<2_000 {
            var bytes = Array("https://".utf8)
            for _ in 0..<Int.random(in: 0...6, using: &random) { bytes.append(hosts.randomElement(using: &random)!) }
            for _ in 0..<Int.random(in: 0...16, using: &random) { bytes.append(rest.randomElement(using: &random)!) }
            let text = String(decoding: bytes, as: UTF8.self)
            guard isPlain(text) else { continue }
            plain += 1
            #expect(URL(string: text)?.absoluteString == text, "\(text)")
        }
        #expect(plain > 100)
    }

    /// Every link on the real pages, resolved: the plain ones parse back to themselves, and
    /// most links are plain, so the cache's fast path is the one real sources take.
    @Test func realLinksThatArePlainParseBackToThemselves() throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        var links = 0
        var plain = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted() {
            let document = Document.parseHTML(
                try Data(contentsOf: pages.appendingPathComponent(file)),
                url: URL(string: "https://pages.example/\(file)"))
            for href in try document.select("a::attr(href)").texts {
                guard let url = URL(string: href, relativeTo: document.baseURL)?.absoluteURL, url.isWebAddress else {
                    continue
                }
                links += 1
                guard isPlain(url.absoluteString) else { continue }
                plain += 1
                #expect(URL(string: url.absoluteString)?.absoluteString == url.absoluteString, "\(file): \(href)")
            }
        }
        #expect(links > 1_000)
        #expect(Double(plain) > 0.9 * Double(links), "\(plain) of \(links) links are plain")
    }

    @Test func anItemReadsTheSameWhicheverWayItsURLIsKept() throws {
        let url = try #require(URL(string: "https://charts.example/0/1.pdf"))
        let scraped = Item(id: "1", title: "Chart", url: url)
        var loaded = scraped
        loaded.link = .text(url.absoluteString)
        #expect(loaded == scraped)
        #expect(loaded.hashValue == scraped.hashValue)
        #expect(loaded.url == url)
        #expect(loaded.urlText == scraped.urlText)
        #expect(SafeText.link(loaded.link) == SafeText.link(scraped.url))
    }

    @Test func onlyPublishableSchemesBecomeLinks() {
        for (text, shown) in [
            ("https://ex.org/a", "https://ex.org/a"), ("HTTP://ex.org/", "HTTP://ex.org/"),
            ("ftp://ex.org/file", nil), ("javascript://ex.org/%0Aalert(1)", nil),
        ] {
            #expect(SafeText.link(Item.Link.text(text)) == shown, "\(text)")
        }
    }

    /// The cache keeps plain URLs as text and parses the rest as it reads them; both come back whole.
    @Test func aSnapshotKeepsEveryKindOfURL() throws {
        let texts = [
            "https://charts.example/0/1.pdf", "mailto:someone@example.org", "http://[::1]:8080/x",
            "https://example.org/%C3%BC?q=%20", "file:///tmp/a%20b.html",
        ]
        let items = texts.enumerated().map { index, text in
            Item(id: index == 0 ? text : "item-\(index)", title: "T", url: URL(string: text))
        }
        let snapshot = Snapshot(sourceID: "s", takenAt: Date(timeIntervalSince1970: 1_800_000_000), items: items)
        let read = try #require(SnapshotJSON.encode(snapshot).withUnsafeBytes { SnapshotJSON.read($0) })
        #expect(read == snapshot)
        #expect(read.items.map { $0.url?.absoluteString } == texts)
        for item in read.items {
            switch item.link {
            case .text?: #expect(isPlain(item.urlText ?? ""))
            case .parsed?: #expect(!isPlain(item.urlText ?? ""))
            case nil: Issue.record("\(item.id) lost its URL")
            }
        }
    }
}
