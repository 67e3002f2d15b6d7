import Foundation
import Testing

@testable import TrawlKit

/// Slips a person makes in trawl.json that JSON itself allows.
@Suite struct ConfigurationSlipTests {
    static let file = URL(fileURLWithPath: "/srv/trawl/trawl.json")

    @Test func aKeyGivenTwiceIsReportedWhereTheSecondStands() throws {
        let json = """
            {"sources": [{"id": "a", "kind": "list", "url": "https://example.org/",
                          "items": "li", "fields": {"title": "a", "title": "h2"}}],
             "output": "Out", "output": "Output"}
            """
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(Data(json.utf8), file: Self.file)
        }
        #expect(
            error.problems.map(\.description) == [
                "output: key 'output' is given twice; only the last would count",
                "sources[0].fields.title: key 'title' is given twice; only the last would count",
            ])
    }

    @Test func aFieldWrittenAsAPlainSelectorExpandsTheEnvironment() throws {
        let json = """
            {"sources": [{"id": "a", "kind": "list", "url": "https://example.org/",
                          "items": "li", "fields": {"title": "${TITLE_SELECTOR:-h2}"}}]}
            """
        let configuration = try ConfigurationLoader.load(
            Data(json.utf8), file: Self.file, environment: ["TITLE_SELECTOR": "h3 a"])
        #expect(configuration.sources.first?.field("title")?.locator == .css("h3 a"))
    }

    @Test(arguments: [
        (
            #"{"id": "a", "kind": "list", "url": "https://e.org/", "items": "li", "fields": {"title": "a", "rank": ".r"}, "ignoreChanges": ["rnak"]}"#,
            "sources[0].ignoreChanges[0]: 'rnak' is not one of the source's fields (did you mean 'rank'?); its fields: title, rank, url, date, summary"
        ),
        (
            #"{"id": "p", "kind": "feed", "url": "https://e.org/f.xml", "idField": "guid"}"#,
            "sources[0].idField: 'guid' is not one of the source's fields; its fields: "
                + SourceReader.fieldNames(
                    of: SourceConfiguration(id: "p", kind: .feed, url: URL(string: "https://e.org/")!)
                )
                .joined(separator: ", ")
        ),
    ])
    func fieldNamesAreCheckedForEveryKind(source: String, message: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(Data(#"{"sources": [\#(source)]}"#.utf8), file: Self.file)
        }
        #expect(error.problems.map(\.description) == [message])
    }

    @Test func idsThatDifferOnlyInCaseCollide() throws {
        let json = #"""
            {"sources": [{"id": "News", "kind": "feed", "url": "https://e.org/a.xml"},
                         {"id": "news", "kind": "feed", "url": "https://e.org/b.xml"}]}
            """#
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(Data(json.utf8), file: Self.file)
        }
        #expect(error.problems.map(\.description) == ["sources[1].id: duplicate source id 'news' (also sources[0])"])
    }

    @Test func aDelayOfCenturiesIsRefusedNotTrapped() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(Data(#"{"fetch": {"delay": 1e20}, "sources": []}"#.utf8), file: Self.file)
        }
        #expect(error.problems.map(\.description) == ["fetch.delay: must be at most 86400 seconds (a day)"])
    }
}
