import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The same cache gives a byte-identical tree, and a file whose bytes would not change is
/// not rewritten: web servers, CDNs and feed readers see the same ETag.
@Suite struct SiteDeterminismTests {
    private func snapshot(of fixture: SiteFixture) throws -> [String: (Data, Date)] {
        var result: [String: (Data, Date)] = [:]
        for path in fixture.files() {
            let url = fixture.output.appendingPathComponent(path)
            let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
            result[path] = (try Data(contentsOf: url), modified ?? .distantPast)
        }
        return result
    }

    @Test func regeneratingAnUnchangedCacheRewritesNothing() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        #expect(first.rewritten == first.files)
        let before = try snapshot(of: fixture)
        // Old mtimes make a rewrite visible even on a file system with coarse timestamps.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for path in before.keys {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: fixture.output.appendingPathComponent(path).path)
        }
        let second = try fixture.generate()
        #expect(second.rewritten == 0)
        #expect(second.files == first.files)
        let after = try snapshot(of: fixture)
        #expect(after.keys.sorted() == before.keys.sorted())
        for (path, (data, modified)) in after {
            #expect(data == before[path]?.0, "\(path) changed")
            #expect(modified == old, "\(path) was rewritten")
        }
    }

    @Test func twoCachesWithTheSameContentGiveTheSameTree() throws {
        let one = try SiteFixture(label: "one").writeTwoRuns()
        let two = try SiteFixture(label: "two").writeTwoRuns()
        _ = try one.generate()
        _ = try two.generate()
        #expect(one.files() == two.files())
        for path in one.files() {
            #expect(try one.text(path) == two.text(path), "\(path) differs")
        }
    }

    @Test func theFeedIsAsNewAsItsNewestEntryNotTheTimeOfWriting() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let atom = try fixture.text("feed.atom")
        #expect(atom.contains("<updated>2026-11-30T04:00:01Z</updated>\n  <link"))
    }

    @Test func staleGeneratedFilesGoAndEverythingElseStays() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let output = fixture.output
        let leftovers = ["sources/gone/index.html", "sources/gone/feed.atom", "digests/2020-01-01.md"]
        let kept = ["files/charts/13325.pdf", "sources/gone/notes.txt", "digests/README.md", "robots.txt"]
        for path in leftovers + kept {
            let url = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        _ = try fixture.generate()
        for path in leftovers {
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path) stayed")
        }
        for path in kept {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path) went")
        }
    }

    @Test func withoutASiteURLThereIsNoSitemapAndIdsUseTrawlInvalid() throws {
        let fixture = try SiteFixture(siteURL: nil).writeTwoRuns()
        _ = try fixture.generate()
        #expect(!fixture.files().contains("sitemap.xml"))
        let atom = try fixture.text("feed.atom")
        #expect(atom.contains("<id>tag:trawl.invalid,2026-11-30:charts/changed/13325/2026-11-30T04:00:00Z</id>"))
        #expect(!atom.contains("rel=\"self\""))
    }
}
