import Foundation
import TestSupport
import Testing

/// `trawl import --write` on a user's real urls.yaml, then `trawl try` of an imported source
/// against a real saved page served on loopback in place of the job's address.
@Suite struct ImportCommandTests {
    static let fixtures = SharedTestData.packageRoot.appendingPathComponent("Tests/TrawlKitTests/Fixtures")

    @Test func anImportedURLWatchJobIsWrittenAndScrapes() async throws {
        let directory = try TemporaryDirectory()
        let configuration = directory.file("trawl.json")
        let existing =
            "{\n  \"site\": {\"title\": \"Mine\"},\n  \"sources\": [\n    {\"id\": \"urlwatch-webpage\", \"kind\": \"feed\", \"url\": \"https://example.org/feed\"}\n  ]\n}\n"
        try Data(existing.utf8).write(to: configuration)
        let imported = try await TrawlBinary.run([
            "import", Self.fixtures.appendingPathComponent("Import/urlwatch-example-urls.yaml").path, "--write",
            "--config", configuration.path,
        ])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains("left out: job 2 (line 12) 'Home Listing'"))
        #expect(imported.errors.contains("grep 'Current.*version' has no equivalent"))
        var text = try String(contentsOf: configuration, encoding: .utf8)
        // The file as written is kept: the new sources follow the one it had, whose id they avoid.
        #expect(
            text.hasPrefix("{\n  \"site\": {\"title\": \"Mine\"},\n  \"sources\": [\n    {\"id\": \"urlwatch-webpage\"")
        )
        #expect(text.contains("\"id\": \"urlwatch-webpage-2\""))

        let server = try FixtureServer()
        defer { server.stop() }
        let page = try String(
            contentsOf: Self.fixtures.appendingPathComponent("real/bbc/2017-03-article.html"), encoding: .utf8)
        server.route("/urlwatch/", .ok(page))
        text = text.replacingOccurrences(
            of: "https://thp.io/2008/urlwatch/", with: server.url("/urlwatch/").absoluteString)
        try Data(text.utf8).write(to: configuration)
        let tried = try await TrawlBinary.run(["try", "urlwatch-webpage-2", "--config", configuration.path, "--json"])
        #expect(tried.status == 0, "\(tried.errors)")
        #expect(tried.output.contains("Egypt Pharaoh statue"), "\(tried.output)")
        #expect(server.requestCount("/urlwatch/") == 1)
    }
}
