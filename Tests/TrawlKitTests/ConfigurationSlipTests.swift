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
}
