import Foundation
import TestSupport
import Testing
import TrawlHTML
import TrawlText

@testable import TrawlKit

/// Scraped text is data, never markup: hostile items reach every page, digest and feed,
/// and nothing they carry becomes a tag, an attribute, a script link or reversed text.
@Suite struct SiteSafetyTests {
    static let hostileTitles = [
        "<script>alert(1)</script>",
        "\" onmouseover=\"alert(1)",
        "' onfocus='alert(1)",
        "[click](javascript:alert(1))",
        "<img src=x onerror=alert(1)>",
        "end ]]> of CDATA",
        "bell\u{07}escape\u{1B}[31mnul\u{00}",
        "evil\u{202E}txt.exe",
        "isolate\u{2066}x\u{2069}",
        "&lt;already&gt; &amp; escaped",
        "| cell | break |\n# heading",
    ]

    static let hostileURLs = [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)", "file:///etc/passwd",
    ]

    /// A fixture whose sources list only hostile items, with a run that adds, changes and removes them.
    static func hostileSite() throws -> SiteFixture {
        let fixture = try SiteFixture(label: "hostile")
        var items: [Item] = []
        for (index, title) in hostileTitles.enumerated() {
            let url = URL(string: hostileURLs[index % hostileURLs.count])
            items.append(
                Item(
                    id: "id/\(index) \(title)", title: title, url: url, date: SiteFixture.night, summary: title,
                    fields: [
                        .init("title", .string(title)), .init("link", url.map(Value.url) ?? .string(title)),
                        .init("enclosure", url.map(Value.url) ?? .string(title)),
                    ]))
        }
        var changes: [Change] = []
        for source in ["charts", "articles", "podcast", "garden"] {
            for (index, item) in items.enumerated() {
                let kind: Change.Kind = [.added, .changed, .removed, .reappeared][index % 4]
                changes.append(
                    Change(
                        kind: kind, sourceID: source, itemID: item.id, detectedAt: SiteFixture.night,
                        after: kind == .removed ? nil : item, before: kind == .added ? nil : item,
                        fieldChanges: kind == .changed
                            ? [.init(field: item.title, old: .string(item.title), new: .string(item.title))] : []))
            }
        }
        let snapshots = Dictionary(
            uniqueKeysWithValues: ["charts", "articles", "podcast", "garden"].map { ($0, items) })
        try fixture.record(at: SiteFixture.night, snapshots: snapshots, changes: changes, store: fixture.store)
        _ = try fixture.generate()
        return fixture
    }

    /// Parsed as a browser would: the only elements and attributes are the templates' own.
    @Test func noHostileTextBecomesAnElementAnAttributeOrAScriptLink() throws {
        let fixture = try Self.hostileSite()
        let pages = fixture.files().filter { $0.hasSuffix(".html") }
        #expect(pages.count == 7)
        for path in pages {
            let document = Document.parseHTML(try fixture.text(path))
            let scripts = try document.select("script")
            #expect(scripts.count == 1 && scripts.attr("src")?.hasSuffix("assets/site.js") == true, "\(path)")
            #expect(try document.select("img, iframe, object, embed, style, svg, math").isEmpty, "\(path)")
            for element in try document.select("*") {
                for attribute in element.attributes {
                    #expect(!attribute.name.lowercased().hasPrefix("on"), "\(path): <\(element.tag) \(attribute.name)>")
                    guard ["href", "src", "action", "formaction"].contains(attribute.name) else { continue }
                    #expect(URLSchemes.isPublishable(reference: attribute.value), "\(path): \(attribute.value)")
                }
            }
        }
    }

    @Test func feedsEscapeHostileTextAndLinkOnlyWebURLs() throws {
        let fixture = try Self.hostileSite()
        for path in fixture.files() where path.hasSuffix(".atom") {
            let document = Document.parseXML(try fixture.text(path))
            for link in try document.select("link") {
                let scheme = URL(string: link.attr("href") ?? "")?.scheme?.lowercased()
                #expect(scheme == "http" || scheme == "https", "\(path): \(link.attr("href") ?? "")")
            }
            // The entry HTML, once unescaped, has no element of the scraped text's making.
            for content in try document.select("content") {
                let html = Document.parseHTML(content.rawText)
                #expect(try html.select("script, img").isEmpty, "\(path)")
                #expect(try html.select("a").allSatisfy { $0.attr("href")?.hasPrefix("https://") == true }, "\(path)")
            }
        }
    }

    @Test func controlCharactersAndBidiOverridesAreStripped() throws {
        let fixture = try Self.hostileSite()
        for path in fixture.files() {
            let text = try fixture.text(path)
            let bad = text.unicodeScalars.filter { scalar in
                (scalar.value < 0x20 && scalar.value != 0x0A && scalar.value != 0x09)
                    || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
            #expect(bad.isEmpty, "\(path) holds \(bad.map { String($0.value, radix: 16) })")
        }
    }

    @Test func hostileTitlesStillReadAsText() throws {
        let fixture = try Self.hostileSite()
        let page = try fixture.text("sources/articles/index.html")
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&quot; onmouseover=&quot;alert(1)"))
        #expect(page.contains("evil" + "txt.exe"))
        #expect(page.contains("&amp;lt;already&amp;gt;"))
        let digest = try fixture.text("digests/2026-11-30.html")
        #expect(digest.contains("[click](javascript:alert(1))"))
        #expect(digest.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test(arguments: hostileURLs)
    func onlyWebAndMailURLsAreLinks(_ url: String) throws {
        #expect(SafeText.link(URL(string: url)) == nil)
    }

    @Test(arguments: ["https://example.org/a?b=c&d", "http://example.org/", "mailto:someone@example.org"])
    func webAndMailURLsAreLinks(_ url: String) throws {
        #expect(SafeText.link(URL(string: url)) == url)
    }

    /// The digest and the notifications write links alike: nothing in a URL can close its
    /// `<…>` or break the line, so the whole URL stays the link.
    @Test func linkDestinationsStayInsideTheirAngleBrackets() {
        let url = "https://example.org/a b<c>\nd\re"
        #expect(DigestMarkdown.destination(url) == "https://example.org/a%20b%3Cc%3E%0Ad%0De")
        #expect(DigestMarkdown.destination("https://example.org/plain") == "https://example.org/plain")
        var notification = NotifyWebhookTests.sample
        notification.sources[0].page = "https://example.org/sources/a b/index.html"
        notification.sources[0].changes[0].url = "https://example.org/x>y"
        notification.digest = "https://example.org/digests/<today>.html"
        let html = MarkdownRenderer.html(NotificationText.markdown(notification))
        #expect(html.contains(#"<a href="https://example.org/x%3Ey">Pump: off → on</a>"#), "\(html)")
        #expect(html.contains(#"<a href="https://example.org/sources/a%20b/index.html">All of Garden</a>"#))
        #expect(html.contains(#"<a href="https://example.org/digests/%3Ctoday%3E.html">The day's digest</a>"#))
    }

    @Test func markdownEscapingKeepsSyntaxAsText() {
        #expect(
            DigestMarkdown.escape("a|b *c* [d](e) <f> ~~g~~ `h` #i &j; !k\nl")
                == "a\\|b \\*c\\* \\[d\\](e) \\<f\\> \\~\\~g\\~\\~ \\`h\\` \\#i \\&j; \\!k l")
    }
}

extension SiteSafetyTests {
    @Test(arguments: [
        ("plain words", "plain words"), ("", ""), ("  padded  ", "padded"), ("two  spaces", "two spaces"),
        ("new\nline\ttab", "new line tab"), ("caf\u{E9}\u{202E} au lait", "caf\u{E9} au lait"), ("a\u{0}b", "ab"),
    ])
    func textIsCleanedOntoOneLine(_ text: String, _ expected: String) {
        #expect(SafeText.line(text) == expected)
    }
}
