import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// `trawl feed`: its JSON is an interface scripts rely on, so its exact shape is tested.
@Suite struct FeedCommandTests {
    static let rss = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel>
          <title>News</title><link>https://example.com/</link>
          <lastBuildDate>Mon, 30 Nov 2026 04:00:00 GMT</lastBuildDate>
          <item>
            <title>First</title><link>posts/1</link><guid>https://example.com/1</guid>
            <description>One &amp; only</description><author>jane@example.com (Jane)</author>
            <pubDate>Sun, 29 Nov 2026 10:00:00 +0100</pubDate>
            <enclosure url="https://example.com/1.mp3" type="audio/mpeg" length="1234"/>
          </item>
          <item><title>Undated</title><pubDate>someday</pubDate></item>
        </channel></rss>
        """

    func run(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await FeedCommand.runForTests(arguments, console: capture.console)
        return (status, capture)
    }

    @Test func printsTheFeedAsSortedJSONWithUTCDates() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("feed.xml")
        try Data(Self.rss.utf8).write(to: file)
        let (status, capture) = await run([file.path])
        #expect(status == .success)
        #expect(
            capture.output == """
                {
                  "format": "rss20",
                  "items": [
                    {
                      "authors": [
                        {
                          "email": "jane@example.com",
                          "name": "Jane"
                        }
                      ],
                      "enclosures": [
                        {
                          "length": 1234,
                          "type": "audio/mpeg",
                          "url": "https://example.com/1.mp3"
                        }
                      ],
                      "id": "https://example.com/1",
                      "link": "\(file.deletingLastPathComponent().appendingPathComponent("posts/1").absoluteString)",
                      "published": "2026-11-29T09:00:00Z",
                      "summary": "One & only",
                      "title": "First"
                    },
                    {
                      "title": "Undated"
                    }
                  ],
                  "link": "https://example.com/",
                  "title": "News",
                  "updated": "2026-11-30T04:00:00Z"
                }

                """)
        #expect(capture.errors.contains("warning: \(file.path): line 11: unparsable date in <pubDate>: \"someday\""))
    }

    @Test func anHTMLPageIsNotAFeedAndExitsWithOne() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("page.html")
        try Data(
            "<!doctype html><html><head><link rel=alternate type=application/atom+xml href=https://example.com/feed.atom></head></html>"
                .utf8
        ).write(to: file)
        let (status, capture) = await run([file.path])
        #expect(status == .failure)
        #expect(capture.output.isEmpty)
        #expect(capture.errors.contains("not a feed"))
        #expect(capture.errors.contains("https://example.com/feed.atom"))
    }

    @Test func illFormedXMLIsRecoveredWithAWarningUnlessStrict() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("broken.xml")
        try Data("<rss version=\"2.0\"><channel><title>A & B</title></channel></rss>".utf8).write(to: file)
        let (lenient, lenientCapture) = await run([file.path])
        #expect(lenient == .success)
        #expect(lenientCapture.errors.contains("ill-formed XML, recovered"))
        let (strict, strictCapture) = await run([file.path, "--strict"])
        #expect(strict == .failure)
        #expect(strictCapture.errors.contains("malformed XML at line 1, column"))
    }

    @Test func aLargeFeedIsWrittenInPiecesThatMakeTheSameDocument() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("large.xml")
        let items = (0..<3_000).map {
            "<item><title>T\($0) \"quoted\"</title><link>https://x.example/\($0)</link></item>"
        }
        try Data(("<rss version=\"2.0\"><channel><title>t</title>" + items.joined() + "</channel></rss>").utf8)
            .write(to: file)
        let (status, capture) = await run([file.path])
        #expect(status == .success)
        // Written an item at a time, it is still exactly the pretty document of its value.
        let value = try JSONParser.parse(capture.output)
        #expect(value["items"]?.arrayValue?.count == 3_000)
        #expect(value["items"]?.arrayValue?.last?["title"]?.stringValue == "T2999 \"quoted\"")
        #expect(capture.output == JSONWriter.string(value))
        #expect(capture.output.utf8.count > 200_000, "more than one piece")
    }

    @Test func aMissingFileFailsWithOne() async {
        let (status, capture) = await run(["/nonexistent/feed.xml"])
        #expect(status == .failure)
        #expect(capture.errors.hasPrefix("error: "))
    }

    @Test func noArgumentIsAUsageError() async {
        let (status, _) = await run([])
        #expect(status == .usage)
    }
}

extension FeedCommand {
    /// Runs the command as `CommandLineTool` does, mapping errors to exit statuses, without
    /// depending on its registration in the command list.
    static func runForTests(_ arguments: [String], console: Console) async -> TrawlKit.ExitStatus {
        do {
            return try await run(parse(arguments), console: console)
        } catch let error as UsageError {
            console.error("\(error)")
            return .usage
        } catch {
            console.error("\(error)")
            return CommandLineTool.status(for: error)
        }
    }
}
