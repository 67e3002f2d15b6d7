import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl try` on real saved pages: what a run would keep, shown, and nothing saved.
@Suite struct TryCommandTests {
    let directory: TemporaryDirectory
    var configuration: URL { directory.file("trawl.json") }

    init() throws {
        directory = try TemporaryDirectory("try")
        let real = Fixture.url("real")
        let json = #"""
            {"output": "Output", "cache": "Cache", "sources": [
              {"id": "projects", "preset": "article-list", "url": "\#(real.path)/publish/edgsgroi-2020-11-index.html",
               "base": "https://edgsgroi.github.io/", "fields": {"date": {"css": "time", "default": "2020-11-26"}}},
              {"id": "bbc", "preset": "bbc-most-read", "url": "\#(real.path)/bbc/2017-03-news-home-javascript.html",
               "base": "https://www.bbc.co.uk/news/"},
              {"id": "blog", "preset": "article-list", "url": "\#(real.path)/publish/iikeli-2022-08-index.html",
               "base": "https://iikeli.github.io/"}
            ]}
            """#
        try Data(json.utf8).write(to: configuration)
    }

    func trawl(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(arguments + ["--config", configuration.path], console: capture.console)
        return (status, capture)
    }

    @Test func aTableOfEveryItemAndFieldAndNothingWritten() async throws {
        let (status, capture) = await trawl(["try", "projects"])
        #expect(status == .success)
        #expect(capture.errors == "")
        let lines = capture.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(
            lines.first?.split(separator: " ", omittingEmptySubsequences: true) == [
                "#", "ID", "TITLE", "URL", "TAGS", "SUMMARY", "DATE",
            ])
        #expect(lines[2].hasPrefix("2  https://edgsgroi.github.io/myprojects/blink"))
        #expect(lines[2].contains("Blink! - Brainstorming"))
        #expect(lines[2].hasSuffix("2020-11-26T00:00:00Z"))
        #expect(lines[2].contains("App, iOS, tvOS, Project, SwiftUI"))
        // Values are cut to 60 characters on one line.
        #expect(lines[2].contains("A SwiftUI app made for brainstorming using an Apple TV and …"))
        #expect(lines[1].contains("Projeta is an application for those looking to advertise or…"))
        #expect(lines.last == "4 items")
        #expect(!FileManager.default.fileExists(atPath: directory.file("Cache").path))
        #expect(!FileManager.default.fileExists(atPath: directory.file("Output").path))
    }

    @Test func jsonHasTheSourceEveryItemsTypedFieldsAndTheWarnings() async throws {
        let (status, capture) = await trawl(["try", "blog", "--json"])
        #expect(status == .success)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(capture.output.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "blog")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items[0]["id"] as? String == "https://iikeli.github.io/posts/publish-tutorial")
        let fields = try #require(items[0]["fields"] as? [String: Any])
        #expect(fields["title"] as? String == "Setup a website with Publish and GitHub Pages")
        #expect(fields["url"] as? String == "https://iikeli.github.io/posts/publish-tutorial")
        #expect(fields["tags"] as? [String] == ["website", "article", "tutorial"])
        #expect(
            fields["summary"] as? String
                == "Create and publish your personal website using GitHup Pages, Publish and Swift.")
        #expect(fields["date"] == nil)
        #expect(object["filteredOut"] as? Int == 0)
        // The Foundation theme shows no dates: a run would warn, and so does try.
        #expect(
            object["warnings"] as? [String] == [
                "field 'date' is empty on 1 of 1 items: `.metadata .date, .post-date` matches nothing "
                    + "(or only blank text) in them"
            ])
        #expect(object["error"] is NSNull)
    }

    @Test func aGuardFailureExitsOneWithTheRunsMessage() async throws {
        let (status, capture) = await trawl(["try", "bbc"])
        #expect(status == .failure)
        #expect(capture.output == "no items\n")
        #expect(capture.errors.hasPrefix("error: [bbc] layout may have changed: 0 items matched"))
        #expect(capture.errors.contains("may be built by JavaScript"))
        // `--accept` takes no page of no items: it is not offered.
        #expect(!capture.errors.contains("'--accept bbc'"))
        #expect(capture.errors.contains(#"if the page is empty by nature, set "guard": {"allowEmpty": true}"#))
    }

    @Test func anUnknownSourceIsAUsageErrorWithASuggestion() async throws {
        let (status, capture) = await trawl(["try", "blgo"])
        #expect(status == .usage)
        #expect(capture.errors.contains("no source 'blgo'"))
        #expect(capture.errors.contains("did you mean 'blog'?"))
    }
}
