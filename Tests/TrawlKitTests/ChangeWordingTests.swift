import Foundation
import Testing

@testable import TrawlKit

/// Changes read as sentences with human values, and a changed text shows the words that
/// changed (a real Myers diff, bounded), the same on pages, in digests and in feeds.
@Suite struct ChangeWordingTests {
    let night = Date(timeIntervalSince1970: 1_795_996_800)  // 2026-11-30, midnight UTC

    func changed(_ title: String, _ fields: [Change.FieldChange]) -> Change {
        let item = Item(id: title, title: title)
        return Change(
            kind: .changed, sourceID: "s", itemID: title, detectedAt: night, after: item, before: item,
            fieldChanges: fields)
    }

    @Test func aRescaledChartSaysSoWithScalesAsRatios() {
        let change = changed("Chart 11451", [.init(field: "scale", old: .int(80_000), new: .int(100_000))])
        #expect(ChangeDescription(change, sourceName: "NOAA").sentence == "Chart 11451 rescaled: 1:80,000 → 1:100,000")
    }

    @Test func aSwitchSaysItsStatesAndNotItsDerivedFlag() {
        let change = changed(
            "Pump",
            [
                .init(field: "state", old: .string("off"), new: .string("on")),
                .init(field: "on", old: .bool(false), new: .bool(true)),
            ])
        let description = ChangeDescription(change, sourceName: "Garden")
        #expect(description.sentence == "Pump: off → on")
        #expect(description.rows.map(\.field) == ["state"])
    }

    @Test func datesAndNumbersReadInWords() {
        let date = changed(
            "Issue",
            [.init(field: "date", old: .date(night), new: .date(night.addingTimeInterval(86_400)))])
        #expect(ChangeDescription(date, sourceName: "s").sentence == "Issue: date 30 November 2026 → 1 December 2026")
        let number = changed("Stock", [.init(field: "count", old: .int(1200), new: .int(12_500))])
        #expect(ChangeDescription(number, sourceName: "s").sentence == "Stock: count 1,200 → 12,500")
    }

    @Test func otherKindsSayWhatHappened() {
        let item = Item(id: "a", title: "Caching in Swift")
        let added = Change(kind: .added, sourceID: "s", itemID: "a", detectedAt: night, after: item)
        let removed = Change(kind: .removed, sourceID: "s", itemID: "a", detectedAt: night, before: item)
        let back = Change(kind: .reappeared, sourceID: "s", itemID: "a", detectedAt: night, after: item)
        #expect(ChangeDescription(added, sourceName: "s").sentence == "Caching in Swift added")
        #expect(ChangeDescription(removed, sourceName: "s").sentence == "Caching in Swift removed")
        #expect(ChangeDescription(back, sourceName: "s").sentence == "Caching in Swift is back")
    }

    @Test func aLongTextChangeIsNamedAndItsWordsShown() {
        let old = "Swift concurrency makes it easy to write code that runs tasks at the same time."
        let new = "Swift concurrency makes it simple to write code that runs many tasks at the same time."
        let change = changed("Article", [.init(field: "summary", old: .string(old), new: .string(new))])
        let description = ChangeDescription(change, sourceName: "Blog")
        #expect(description.sentence == "Article: summary changed")
        let row = try! #require(description.rows.first)
        #expect(row.hasWords)
        #expect(description.diff(of: row)?.html.contains("<del>easy</del><ins>simple</ins>") == true)
        #expect(description.diff(of: row)?.html.contains("<ins>many</ins>") == true)
        let markdown = DigestMarkdown.change(row, in: description)
        #expect(markdown.contains("~~easy~~**simple**"))
        #expect(markdown.contains(" **many** tasks"))
        // A feed entry keeps the words apart where a reader drops the markup.
        let html = ChangeHTML.render(description, sourcePage: nil)
        #expect(html.contains("<del>[-easy-]</del> <ins>{+simple+}</ins>"))
        #expect(!html.contains("<table"))
    }

    @Test(arguments: [
        ("the quick brown fox", "the slow brown fox"),
        ("a b c d e f", "a c d x e f g"),
        ("", "new words here"),
        ("one two three", "one two three four"),
        ("alpha  beta\tgamma", "alpha beta gamma delta"),
    ])
    func theDiffRebuildsBothTexts(_ old: String, _ new: String) throws {
        let before = WordDiff.tokens(old)
        let after = WordDiff.tokens(new)
        let script = try #require(WordDiff.editScript(before, after, maxEdits: 100))
        #expect(script.filter { $0.0 != .inserted }.map(\.1).joined() == old)
        #expect(script.filter { $0.0 != .removed }.map(\.1).joined() == new)
    }

    @Test func asciiTextSplitsAsItsCharactersDo() {
        // The byte path for ASCII must cut where the Character path cuts: runs of white space
        // (a CRLF is one Character, two bytes) and runs of the rest.
        #expect(
            WordDiff.tokens("a  b\r\nc\u{0B}d\te ") == ["a", "  ", "b", "\r\n", "c", "\u{0B}", "d", "\t", "e", " "])
        #expect(WordDiff.tokens("  lead") == ["  ", "lead"])
        #expect(WordDiff.tokens("naïve  café") == ["naïve", "  ", "café"])
        #expect(WordDiff.tokens("") == [])
    }

    @Test func theDiffIsMinimal() throws {
        let script = try #require(
            WordDiff.editScript(["a", "b", "c", "a", "b", "b", "a"], ["c", "b", "a", "b", "a", "c"], maxEdits: 100))
        // Myers' own example: the shortest edit script has 5 edits.
        #expect(script.filter { $0.0 != .same }.count == 5)
    }

    @Test func aRewriteOrAHugeTextHasNoWordDiff() {
        #expect(WordDiff(from: "completely different", to: "nothing shared") == nil)
        let long = (0..<3_000).map { "w\($0)" }.joined(separator: " ")
        #expect(WordDiff(from: long, to: long + " more") == nil)
        let many = (0..<300).map { "a\($0)" }.joined(separator: " ")
        let other = (0..<300).map { $0 % 2 == 0 ? "a\($0)" : "b\($0)" }.joined(separator: " ")
        #expect(WordDiff(from: many, to: other) == nil)
    }

    @Test func scrapedMarkupInADiffIsEscaped() throws {
        let diff = try #require(WordDiff(from: "a <b> c", to: "a <i> c"))
        #expect(diff.html == "a <del>&lt;b&gt;</del><ins>&lt;i&gt;</ins> c")
    }
}
