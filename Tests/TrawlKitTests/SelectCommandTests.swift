import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl select`: its output is a stable interface for scripts.
@Suite struct SelectCommandTests {
    static let page = """
        <html><head><title>Charts</title></head><body>
        <table><tr><th>Number</th><th>Title</th></tr>
        <tr class="chart"><td>12200</td><td><a href="pdf/12200.pdf">Gulf   of
        Maine</a></td></tr>
        <tr class="chart"><td>13003</td><td><a href="/pdf/13003.pdf" title='Cape "Sable"'>Cape Sable</a></td></tr>
        </table></body></html>
        """

    struct Run {
        let status: TrawlKit.ExitStatus
        let output: String
        let errors: String
    }

    /// Runs the command as `trawl select …` would, with the page in a file.
    static func select(_ arguments: [String], page: String = page) async throws -> Run {
        let directory = try TemporaryDirectory()
        let file = directory.file("charts.html")
        try Data(page.utf8).write(to: file)
        let capture = CapturingConsole()
        let expanded = arguments.map { $0 == "PAGE" ? file.path : $0 }
        let status: TrawlKit.ExitStatus
        do {
            let parsed = try SelectCommand.parse(expanded)
            status = try await SelectCommand.run(parsed, console: capture.console)
        } catch let error as UsageError {
            capture.console.error("\(error)")
            status = .usage
        }
        let output = capture.output.replacingOccurrences(of: file.path, with: "PAGE")
        return Run(status: status, output: output, errors: capture.errors)
    }

    @Test func printsTheTextOfEachMatchOnePerLine() async throws {
        let run = try await Self.select(["tbody > tr.chart td:last-child", "PAGE"])
        #expect(run.status == .success)
        #expect(run.output == "Gulf of Maine\nCape Sable\n")
    }

    @Test(arguments: [
        ["tr.chart a", "PAGE", "--attr", "href"],
        ["tr.chart a::attr(href)", "PAGE"],
    ])
    func printsAttributesByFlagOrPseudoElement(_ arguments: [String]) async throws {
        let run = try await Self.select(arguments)
        #expect(run.output == "pdf/12200.pdf\n/pdf/13003.pdf\n")
    }

    @Test func resolvesLinksAgainstTheBase() async throws {
        let run = try await Self.select(["a", "PAGE", "--attr", "href", "--base", "https://charts.example/catalog/"])
        #expect(run.output == "https://charts.example/catalog/pdf/12200.pdf\nhttps://charts.example/pdf/13003.pdf\n")
    }

    @Test func textPseudoElementSkipsWhiteSpaceNodes() async throws {
        let run = try await Self.select(["tr.chart td::text", "PAGE"])
        #expect(run.output == "12200\n13003\n")
    }

    @Test func countPrintsOneLinePerInput() async throws {
        let run = try await Self.select(["tr", "PAGE", "PAGE", "--count"])
        #expect(run.output == "3\tPAGE\n3\tPAGE\n")
    }

    @Test func htmlPrintsMarkup() async throws {
        let run = try await Self.select(["th", "PAGE", "--html"])
        #expect(run.output == "<th>Number</th>\n<th>Title</th>\n")
    }

    @Test func jsonPrintsOneArrayPerInput() async throws {
        let run = try await Self.select(["a[title]", "PAGE", "--json"])
        let expected =
            #"[{"tag":"a","text":"Cape Sable","attrs":{"href":"/pdf/13003.pdf","title":"Cape \"Sable\""},"#
            + #""html":"<a href=\"/pdf/13003.pdf\" title='Cape \"Sable\"'>Cape Sable</a>"}]"# + "\n"
        #expect(run.output == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["tag"] as? String == "a")
    }

    @Test func nothingMatchedExitsOne() async throws {
        let run = try await Self.select(["table > tr", "PAGE"])
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        let counted = try await Self.select(["video", "PAGE", "--count"])
        #expect(counted.status == .failure)
        #expect(counted.output == "0\tPAGE\n")
    }

    @Test func aBadSelectorExitsTwoWithTheErrorOnStandardError() async throws {
        let run = try await Self.select(["li:nth-child(2", "PAGE"])
        #expect(run.status == .usage)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: expected ')' at column 15 in \"li:nth-child(2\"\n")
    }

    @Test func anUnreadableInputExitsTwoAfterTheOthers() async throws {
        let run = try await Self.select(["title", "/nonexistent/page.html", "PAGE"])
        #expect(run.status == .usage)
        #expect(run.output == "Charts\n")
        #expect(run.errors.hasPrefix("error: /nonexistent/page.html: cannot read the file"))
    }

    @Test func conflictingOutputFlagsAreAUsageError() async throws {
        let run = try await Self.select(["a", "PAGE", "--json", "--count"])
        #expect(run.status == .usage)
    }

    @Test func xmlFilesAreReadAsXML() async throws {
        let directory = try TemporaryDirectory()
        let feed = directory.file("feed.xml")
        try Data("<rss><channel><item><title>One</title></item><item><title>Two</title></item></channel></rss>".utf8)
            .write(to: feed)
        let run = try await Self.select(["item > title", feed.path])
        #expect(run.output == "One\nTwo\n")
    }
}
