import Foundation
import TestSupport
import Testing

/// Failures nobody can miss, through the built binary as cron runs it: `--quiet`, output
/// to a pipe. A field that comes out empty or unparsed on most items is a warning that
/// reaches the run's output, `trawl status` and the site; guard messages say what is true.
@Suite struct FieldWarningsRunTests {
    static let fixtures = SharedTestData.packageRoot.appendingPathComponent("Tests/TrawlKitTests/Fixtures")

    let directory: TemporaryDirectory
    var configuration: URL { directory.file("trawl.json") }

    /// A real Publish page (no tags, dates as "Published at: 05 May 2021"), read twice:
    /// once by the preset, once with a tags selector that matches nothing and a date
    /// format that does not fit; a page without the charts table; a JavaScript-built page.
    init() throws {
        directory = try TemporaryDirectory("field-warnings")
        for (fixture, name) in [
            ("real/publish/lucas1295santos-2021-05-posts.html", "posts.html"),
            ("noaa/no-charts-table.html", "charts.html"),
            ("real/bbc/2017-03-news-home-javascript.html", "bbc.html"),
        ] {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(fixture), to: directory.file(name))
        }
        let json = #"""
            {"output": "Output", "cache": "Cache", "sources": [
              {"id": "blog", "preset": "article-list", "url": "posts.html", "base": "https://lucas1295santos.github.io/"},
              {"id": "strict", "preset": "article-list", "url": "posts.html", "base": "https://lucas1295santos.github.io/",
               "fields": {"date": {"css": ".post-date", "type": "date", "format": "yyyy-MM-dd", "strip": ["Published at: "]}},
               "guard": {"warnAt": 0.5}},
              {"id": "charts", "preset": "noaa-booklet-charts", "url": "charts.html", "base": "https://charts.noaa.gov/"},
              {"id": "bbc", "preset": "bbc-most-read", "url": "bbc.html", "base": "https://www.bbc.co.uk/news/"}
            ]}
            """#
        try Data(json.utf8).write(to: configuration)
    }

    func trawl(_ arguments: [String]) async throws -> TrawlBinary.Result {
        try await TrawlBinary.run(
            arguments + ["--config", configuration.path], environment: ["TRAWL_NOW": "2026-11-30T04:00:00Z"])
    }

    @Test func aQuietCronRunPrintsTheWarningsAndTheTruthAboutFailures() async throws {
        let run = try await trawl(["run", "--quiet"])
        #expect(run.status == 1)  // charts and bbc failed
        #expect(run.output == "")
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "warning: [blog] field 'tags' is empty on 10 of 10 items: `.tags a::text, .tag-list a::text` "
                    + "matches nothing (or only blank text) in them"))
        #expect(
            lines.contains(
                "warning: [strict] field 'date' would not parse as a date with format 'yyyy-MM-dd' on 10 of 10 items "
                    + "(first: '05 May 2021'); check its \"format\" and \"strip\""))
        // A first run has no snapshot to keep; a guard failure says how to take the new shape,
        // or, for a page that matched nothing (which `--accept` refuses), how to let it be empty.
        let charts = try #require(lines.first { $0.hasPrefix("error: [charts]") })
        #expect(charts.contains("first run: there is no earlier snapshot to keep"))
        #expect(charts.contains("'--accept charts'"))
        #expect(!charts.contains("last good snapshot kept"))
        let bbc = try #require(lines.first { $0.hasPrefix("error: [bbc]") })
        #expect(bbc.contains("<script> elements, so the list may be built by JavaScript"))
        #expect(bbc.contains(#""render": "browser""#))
        #expect(!bbc.contains("'--accept bbc'"))
        #expect(bbc.contains(#"if the page is empty by nature, set "guard": {"allowEmpty": true}"#))

        // The snapshot is still saved: the items are there, with their warnings.
        let status = try await trawl(["status"])
        #expect(status.output.contains("warning: [blog] field 'tags' is empty on 10 of 10 items"))
        #expect(status.output.contains("warning: [strict] field 'date' would not parse"))
        let json = try await trawl(["status", "--json"])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let blog = try #require(rows.first { $0["id"] as? String == "blog" })
        #expect(blog["items"] as? Int == 10)
        #expect((blog["warnings"] as? [String])?.count == 1)
        #expect((rows.first { $0["id"] as? String == "bbc" }?["warnings"] as? [String]) == [])

        // The site shows them on the source's page and in the index's health list.
        let index = try String(contentsOf: directory.file("Output/index.html"), encoding: .utf8)
        #expect(index.contains("<p class=\"warning\">Warning: field &#39;tags&#39; is empty on 10 of 10 items"))
        let page = try String(contentsOf: directory.file("Output/sources/strict/index.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"warning\">Warning: field &#39;date&#39; would not parse as a date"))

        // `--accept` does not take the table's absence as the new shape: 0 items would be a
        // baseline of nothing. It says what would let it (`allowEmpty`), and advises no accept.
        let accepted = try await trawl(["run", "--quiet", "--accept", "charts"])
        let refused = try #require(accepted.errors.split(separator: "\n").first { $0.hasPrefix("error: [charts]") })
        #expect(refused.contains(#""guard": {"allowEmpty": true}"#))
        #expect(!refused.contains("'--accept charts'"))
        let again = try await trawl(["run", "--quiet"])
        let kept = try #require(again.errors.split(separator: "\n").first { $0.hasPrefix("error: [charts]") })
        #expect(kept.contains("first run: there is no earlier snapshot to keep"))
        #expect(kept.contains("'--accept charts'"))
    }
}
