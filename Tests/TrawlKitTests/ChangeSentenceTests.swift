import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Every change told as a sentence: a rename with its old title, a price as old → new, a
/// text's changed words readable as plain text (`[-old-] {+new+}`) where markup is lost, a
/// new item's feed entry saying where it is from, and source pages marking what the latest
/// run added or changed.
@Suite struct ChangeSentenceTests {
    static let night = Date(timeIntervalSince1970: 1_796_011_200)

    static func changed(_ fields: [Change.FieldChange], title: String = "Caching in Swift") -> Change {
        let item = Item(id: "x", title: title, url: URL(string: "https://a.example/x"))
        return Change(
            kind: .changed, sourceID: "s", itemID: "x", detectedAt: night, after: item, before: item,
            fieldChanges: fields)
    }

    @Test func aRenameSaysTheOldTitle() {
        let change = Self.changed(
            [.init(field: "title", old: .string("Caching"), new: .string("Caching in Swift"))])
        #expect(ChangeDescription(change, sourceName: "S").sentence == "Caching in Swift, renamed from 'Caching'")
    }

    @Test func aLongOldTitleIsQuotedByItsFirstWords() {
        let old = "Feature: Neanderthals were capable of making art, a study of cave paintings in Spain suggests today"
        let change = Self.changed([.init(field: "title", old: .string(old), new: .string("Neanderthal art"))])
        let sentence = ChangeDescription(change, sourceName: "S").sentence
        #expect(sentence.hasPrefix("Caching in Swift, renamed from 'Feature: Neanderthals were capable"))
        #expect(sentence.hasSuffix("…'"))
    }

    @Test func aPriceReadsOldArrowNew() {
        let change = Self.changed([.init(field: "price", old: .string("12.00"), new: .string("9.99"))])
        #expect(ChangeDescription(change, sourceName: "S").sentence == "Caching in Swift: price 12.00 → 9.99")
    }

    @Test func severalShortChangesAreAllSaid() {
        let change = Self.changed([
            .init(field: "title", old: .string("Caching"), new: .string("Caching in Swift")),
            .init(field: "price", old: .string("12.00"), new: .string("9.99")),
            .init(field: "stock", old: .string("3"), new: nil),
        ])
        #expect(
            ChangeDescription(change, sourceName: "S").sentence
                == "Caching in Swift, renamed from 'Caching': price 12.00 → 9.99; stock removed")
    }

    static let summaryChange = changed([
        .init(
            field: "summary", old: .string("How to keep results in memory between launches of an app"),
            new: .string("How to keep results on disk between launches of an app"))
    ])

    @Test func aChangedTextsWordsArePlainTextWhereMarkupIsLost() {
        let description = ChangeDescription(Self.summaryChange, sourceName: "S")
        #expect(description.sentence == "Caching in Swift: summary changed")
        #expect(
            description.detailLines
                == ["summary: How to keep results [-in memory-] {+on disk+} between launches of an app"])
        #expect(description.plainText.hasPrefix("Caching in Swift: summary changed\nsummary: "))
    }

    @Test func aFeedEntrysChangeReadsTheSameWithItsMarkupDropped() {
        let html = ChangeHTML.render(ChangeDescription(Self.summaryChange, sourceName: "Sundell"), sourcePage: nil)
        let text = Self.withoutTags(html)
        #expect(text.contains("In Sundell: Caching in Swift: summary changed."), "\(text)")
        #expect(text.contains("How to keep results [-in memory-] {+on disk+} between launches"), "\(text)")
    }

    @Test func aNewItemsEntrySaysWhereItIsFrom() {
        let item = Item(id: "x", title: "Caching in Swift", url: URL(string: "https://www.swiftbysundell.com/x"))
        let html = ChangeHTML.render(
            item: item, latestChange: nil,
            source: .init(name: "Swift by <Sundell>", page: URL(string: "https://example.org/sources/s/index.html")))
        #expect(
            html.contains(
                "<p>New in <a href=\"https://example.org/sources/s/index.html\">Swift by &lt;Sundell&gt;</a>.</p>"))
        #expect(html.contains("<a href=\"https://www.swiftbysundell.com/x\">Read it on www.swiftbysundell.com</a>"))
    }

    @Test func trawlDiffPrintsTheWordsThatChanged() {
        let lines = RunDiff(
            RunRecord(id: "r", started: Self.night, finished: Self.night, outcomes: [], changes: [Self.summaryChange])
        ).text
        #expect(lines.contains("summary: How to keep results [-in memory-] {+on disk+} between launches of an app"))
    }

    static func withoutTags(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }
}
