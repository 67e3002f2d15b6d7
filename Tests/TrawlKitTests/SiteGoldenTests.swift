import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The generated pages and feeds of the fixture cache, byte for byte, against the files in
/// Fixtures/Golden/. A change in output is a reviewed diff: re-record with
/// `TRAWL_RECORD_GOLDEN=1 swift test --filter SiteGoldenTests` and read `git diff`.
@Suite struct SiteGoldenTests {
    static let outputs = [
        "index.html", "sources/charts/index.html", "sources/articles/index.html", "sources/garden/index.html",
        "sources/podcast/index.html",
        "digests/2026-11-30.md", "digests/2026-11-30.html", "digests/index.html",
        "feed.atom", "feed.json", "sources/podcast/feed.atom", "sitemap.xml", "feeds.opml",
    ]

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Golden", isDirectory: true)

    static var recording: Bool { ProcessInfo.processInfo.environment["TRAWL_RECORD_GOLDEN"] == "1" }

    @Test(arguments: outputs)
    func outputMatchesItsGoldenFile(_ path: String) throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let actual = try fixture.text(path)
        let file = Self.golden.appendingPathComponent(path.replacingOccurrences(of: "/", with: "--"))
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "\(path) differs from \(file.lastPathComponent); TRAWL_RECORD_GOLDEN=1 re-records")
    }
}
