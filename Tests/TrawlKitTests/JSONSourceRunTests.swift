import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A `json` source through the commands: `trawl try` shows its items, and a night whose
/// response is an HTML error page fails the source and keeps its last good snapshot.
@Suite struct JSONSourceRunTests {
    let directory: TemporaryDirectory
    var configuration: URL { directory.file("trawl.json") }
    var api: URL { directory.file("releases.json") }

    init() throws {
        directory = try TemporaryDirectory("json-run")
        let json = #"""
            {"output": "Output", "cache": "Cache", "sources": [
              {"id": "releases", "kind": "json", "url": "releases.json", "base": "https://example.org/",
               "items": "$[*]", "fields": {"title": "$.name", "url": "$.html_url",
               "date": "$.published_at", "downloads": "$.downloads"}}]}
            """#
        try Data(json.utf8).write(to: configuration)
        try Data(
            #"""
            [{"name": "v2", "html_url": "/v2", "published_at": "2025-01-02T00:00:00Z", "downloads": 5},
             {"name": "v1", "html_url": "/v1", "published_at": "2024-12-01T00:00:00Z", "downloads": 70}]
            """#.utf8
        ).write(to: api)
    }

    func trawl(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(arguments + ["--config", configuration.path], console: capture.console)
        return (status, capture)
    }

    @Test func tryShowsTheItemsOfAJSONSource() async throws {
        let (status, capture) = await trawl(["try", "releases"])
        #expect(status == .success)
        #expect(capture.errors == "")
        #expect(capture.output.contains("https://example.org/v2"))
        #expect(capture.output.contains("70"))
    }

    @Test func anHTMLErrorPageFailsTheSourceAndKeepsTheLastGoodSnapshot() async throws {
        let (first, _) = await trawl(["scrape"])
        #expect(first == .success)
        try Data("<html><head><title>502 Bad Gateway</title></head></html>".utf8).write(to: api)
        let (second, capture) = await trawl(["scrape"])
        #expect(second == .failure)
        #expect(capture.errors.contains("is not JSON; it looks like an HTML page titled '502 Bad Gateway'"))
        let store = CacheStore(root: directory.file("Cache"), access: .readOnly)
        let kept = try #require(try store.lastGoodSnapshot(of: "releases"))
        #expect(kept.items.map(\.title) == ["v2", "v1"])
    }
}
