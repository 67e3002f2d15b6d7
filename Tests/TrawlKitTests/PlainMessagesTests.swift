import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The small words issue 28 found wanting: a near name suggested by its prefix too (`int`
/// for `integer`, `nyt-trending` for `nyt`), an unknown `idField` with the fields it could
/// be, and `init` saying how many items it found, not how many it shows.
@Suite struct PlainMessagesTests {
    static let file = URL(fileURLWithPath: "/tmp/trawl.json")

    static func problems(_ json: String) -> [String] {
        do {
            _ = try ConfigurationLoader.load(Data(json.utf8), file: file)
            return []
        } catch let error as ConfigurationError {
            return error.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aTypeNamedInFullSuggestsItsShortName() throws {
        let json = #"""
            {"sources": [{"id": "a", "kind": "list", "url": "https://e.org/", "items": "li",
                          "fields": {"title": "a", "rank": {"css": ".rank", "type": "integer"}}}]}
            """#
        let problem = try #require(Self.problems(json).first)
        #expect(problem.hasPrefix("sources[0].fields.rank.type: 'integer' is not one of string, int,"))
        #expect(problem.hasSuffix("(did you mean 'int'?)"))
    }

    @Test(
        arguments: [
            ("nyt", ["nyt-trending", "bbc-most-read"], "nyt-trending"),
            ("integer", ["string", "int", "number"], "int"),
            ("boolean", ["string", "int", "bool"], "bool"),
            // Two that begin alike are no suggestion; nor is a prefix of two letters.
            ("nyt", ["nyt-trending", "nyt-world"], nil),
            ("ny", ["nyt-trending"], nil),
        ] as [(String, [String], String?)])
    func aPrefixIsSuggestedWhenNoNameIsNearer(word: String, candidates: [String], suggestion: String?) {
        #expect(Suggestion.closest(to: word, in: candidates) == suggestion)
    }

    @Test func tryWithTheStartOfASourcesIdSuggestsTheSource() async throws {
        let directory = try TemporaryDirectory("plain-messages")
        let configuration = directory.file("trawl.json")
        try Data(
            #"{"sources": [{"id": "nyt-trending", "kind": "feed", "url": "https://e.org/feed.xml"}]}"#.utf8
        ).write(to: configuration)
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(
            ["try", "nyt", "--config", configuration.path], console: capture.console)
        #expect(status == .usage)
        #expect(capture.errors.contains("no source 'nyt'"))
        #expect(capture.errors.contains("(did you mean 'nyt-trending'?)"))
    }

    @Test func anUnknownIdFieldListsTheSourcesFields() {
        let json = #"""
            {"sources": [{"id": "a", "kind": "list", "url": "https://e.org/", "items": "li",
                          "fields": {"title": "a", "year": ".year"}, "idField": "slug"}]}
            """#
        #expect(
            Self.problems(json) == [
                "sources[0].idField: 'slug' is not one of the source's fields; its fields: title, year, url, date, summary"
            ])
    }

    /// The summary cron mails: one source and one change are each singular.
    @Test func theNightlySummaryCountsInWords() {
        let capture = CapturingConsole(isTerminal: false)
        let reporter = RunReporter(console: capture.console, quiet: false, verbose: false, total: 1)
        let night = Date(timeIntervalSince1970: 1_796_011_200)
        let change = Change(
            kind: .added, sourceID: "posts", itemID: "a", detectedAt: night, after: Item(id: "a", title: "A"))
        let record = RunRecord(
            id: RunRecord.id(for: night), started: night, finished: night,
            outcomes: [.init(sourceID: "posts", status: .fetched, itemCount: 4)], changes: [change])
        reporter.summarize(record, output: nil)
        #expect(capture.errors.hasSuffix("1 source, 0 failed, 1 change\n"))
    }

    /// The BBC's 2017 story page lists ten most-read stories; `init` shows five of them.
    @Test func initSaysItShowsTheFirstFiveOfTheItemsItFound() async throws {
        let directory = try TemporaryDirectory("plain-messages")
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(
            [
                "init", "--from", Fixture.url("real/bbc/2017-03-article.html").path, "--config",
                directory.file("trawl.json").path,
            ], console: capture.console)
        #expect(status == .success, "\(capture.errors)")
        #expect(capture.output.contains("\nthe first 5 of 10 items\n"))
        #expect(!capture.output.contains("\n5 items\n"))
    }
}
