import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `"kind": "page"` on a real saved page (a BBC News story of March 2017, see
/// Fixtures/real/PROVENANCE.md), edited by a script for the next night: the text of the
/// whole page or of each element, scripts and the `ignore`d parts left out, compared by
/// words, its change told as the words that changed.
@Suite struct PageWatchTests {
    static let story = "real/bbc/2017-03-article.html"

    static func source(_ extra: String = "") throws -> SourceConfiguration {
        let json = """
            {"sources": [{"id": "statue", "kind": "page", "url": "https://www.bbc.example/news/statue"\(extra)}]}
            """
        let directory = FileManager.default.temporaryDirectory
        let configuration = try ConfigurationLoader.load(
            Data(json.utf8), file: directory.appendingPathComponent("t.json"))
        return try #require(configuration.sources.first)
    }

    static func items(_ source: SourceConfiguration, _ html: String) throws -> [Item] {
        let document = Document.parseHTML(Data(html.utf8), url: source.url)
        return try PageScraper(source: source).scrape(document).items
    }

    static var html: String {
        get throws { try String(contentsOf: Fixture.url(story), encoding: .utf8) }
    }

    @Test func theWholePageIsOneItemOfItsTextWithoutScriptsOrIgnoredParts() throws {
        let source = try Self.source(#", "ignore": [".date", ".share"]"#)
        let items = try Self.items(source, try Self.html)
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.id == "page")
        // The page's title, read off it.
        #expect(item.title == "Egypt Pharaoh statue 'not Ramses II but different ruler' - BBC News")
        guard case .string(let text)? = item[field: "text"] else { Issue.record("no text"); return }
        #expect(text.contains("Khaled el-Anani told a news conference the statue was almost certainly Psamtek I"))
        #expect(!text.contains("16 March 2017"), "an ignored date")
        #expect(!text.contains("window.") && !text.contains("function("), "no script is text")
        #expect(text.contains("\n"), "paragraphs stay apart")
    }

    @Test func eachMatchedElementIsAnItemKnownByItsPlace() throws {
        let source = try Self.source(#", "items": ".story-body__inner > p""#)
        let items = try Self.items(source, try Self.html)
        #expect(items.count > 5)
        #expect(items.prefix(3).map(\.id) == ["1", "2", "3"])
        #expect(
            items[1][field: "text"]
                == .string(
                    "Khaled el-Anani told a news conference the statue was almost certainly Psamtek I, who ruled between 664 and 610BC."
                ))
    }

    /// A paragraph has no heading of its own: it is called what its page is, so its change
    /// reads "Egypt Pharaoh statue …: text changed", not "2: text changed".
    @Test func anElementWithoutAHeadingIsCalledByItsPage() throws {
        let source = try Self.source(#", "items": ".story-body__inner > p""#)
        let items = try Self.items(source, try Self.html)
        #expect(items[1].title == "Egypt Pharaoh statue 'not Ramses II but different ruler' - BBC News")
        // Each links to the page it is on.
        #expect(items[1].url == URL(string: "https://www.bbc.example/news/statue"))
        let headed = try Self.source(#", "items": "body""#)
        let page = "<html><head><title>Pricing</title></head><body><h2>Plans</h2><p>Basic 5€</p></body></html>"
        #expect(try Self.items(headed, page).first?.title == "Plans")
    }

    /// A watch read before its elements were called by their page, and linked to it, kept no
    /// title or url rule: the titles and links they gain are re-read silently, not told as
    /// renames.
    @Test func titlesAndLinksFoundANewWayAreNoNews() throws {
        let source = try Self.source(#", "items": ".story-body__inner > p""#)
        let items = try Self.items(source, try Self.html)
        var before = Snapshot(
            sourceID: "statue", takenAt: .now,
            items: items.map {
                Item(id: $0.id, title: $0.id, fields: $0.fields.filter { $0.name != "title" && $0.name != "url" })
            })
        before.rules = source.ruleDigests.filter { $0.key != "title" && $0.key != "url" }
        var after = Snapshot(sourceID: "statue", takenAt: .now, items: items)
        after.rules = source.ruleDigests
        let detection = ChangeDetector().detect(from: before, to: after, at: .now, accepted: false)
        #expect(detection.changes.isEmpty, "\(detection.changes)")
        #expect(detection.snapshot.items.first?.title == items.first?.title)
    }

    @Test func anIdFieldNamesEachElement() throws {
        let source = try Self.source(
            #", "items": ".story-body__inner > p", "fields": {"title": {"type": "string"}}, "idField": "title""#)
        let items = try Self.items(source, try Self.html)
        #expect(items.first?.id.hasPrefix("An ancient statue which was pulled from the mud") == true)
    }

    @Test func ignoreIsForPageSourcesAndTakesSelectors() {
        #expect(throws: ConfigurationError.self) {
            _ = try Self.source(#", "ignore": ["div[unclosed"]"#)
        }
        let list = """
            {"sources": [{"id": "l", "kind": "list", "url": "https://a.example/", "items": "li",
                          "fields": {"title": "a"}, "ignore": [".date"]}]}
            """
        #expect(throws: ConfigurationError.self) {
            _ = try ConfigurationLoader.load(Data(list.utf8), file: URL(fileURLWithPath: "/tmp/t.json"))
        }
    }

    /// The next night's page, as a script edits it: one sentence reworded, every date moved on.
    static func nextNight(_ html: String) -> String {
        html.replacingOccurrences(of: "was almost certainly Psamtek I", with: "was probably Psamtek I")
            .replacingOccurrences(of: "16 March 2017", with: "17 March 2017")
    }

    @Test func aRewordedSentenceIsAWordDiffAndAnIgnoredDateIsNoNews() throws {
        let source = try Self.source(#", "ignore": [".date"]"#)
        let html = try Self.html
        let first = Snapshot(sourceID: "statue", takenAt: .now, items: try Self.items(source, html))
        let datesOnly = html.replacingOccurrences(of: "16 March 2017", with: "17 March 2017")
        let quiet = Snapshot(sourceID: "statue", takenAt: .now, items: try Self.items(source, datesOnly))
        #expect(ChangeDetector().changes(from: first, to: quiet, at: .now).isEmpty)

        let edited = Snapshot(sourceID: "statue", takenAt: .now, items: try Self.items(source, Self.nextNight(html)))
        let changes = ChangeDetector().changes(from: first, to: edited, at: .now)
        #expect(changes.map(\.kind) == [.changed])
        let description = ChangeDescription(try #require(changes.first), sourceName: "Statue")
        #expect(
            description.sentence == "Egypt Pharaoh statue 'not Ramses II but different ruler' - BBC News: text changed")
        let line = try #require(description.detailLines.first)
        #expect(line.contains("the statue was [-almost certainly-] {+probably+} Psamtek I"), "\(line)")
        #expect(line.hasPrefix("text: … ") && line.count < 200, "the page's other words are cut: \(line)")
        let html2 = ChangeHTML.changeList(description)
        #expect(html2.contains("<del>[-almost certainly-]</del> <ins>{+probably+}</ins>"), "\(html2)")
    }

    @Test func aNotificationTellsTheWordsThatChanged() throws {
        let source = try Self.source()
        let html = try Self.html
        let first = Snapshot(sourceID: "statue", takenAt: .now, items: try Self.items(source, html))
        let edited = Snapshot(sourceID: "statue", takenAt: .now, items: try Self.items(source, Self.nextNight(html)))
        let changes = ChangeDetector().changes(from: first, to: edited, at: .now)
        let run = RunRecord(id: "r", started: .now, finished: .now, outcomes: [], changes: changes)
        var configuration = try ConfigurationLoader.load(
            Data(#"{"sources": []}"#.utf8),
            file: FileManager.default.temporaryDirectory.appendingPathComponent("t.json"))
        configuration.sources = [source]
        let notification = RunNotification.make(
            run: run, events: [], configuration: configuration, scope: nil, when: [.changes])
        let words = "[-almost certainly-] {+probably+}"
        #expect(NotificationText.plain(notification).contains(words), "\(NotificationText.plain(notification))")
        // In Markdown the brackets are escaped, so the words are looked for between them.
        #expect(NotificationText.markdown(notification).contains("almost certainly"))
        #expect(NotificationText.markdown(notification).contains("probably"))
    }
}
