import Foundation
import TestSupport
import Testing
import TrawlKit

/// `trawl download` on the demo works with no network: its chart PDFs are local files.
@Suite struct DemoDownloadTests {
    @Test func theDemosChartsAreMirroredFromLocalFiles() async throws {
        let site = try DemoSite()
        let run = try await site.run("day1")
        #expect(run.status == 0, "\(run.errors)")
        let charts = try #require(try site.snapshot("noaa-atlantic"))
        #expect(charts.items.count == 20)
        #expect(charts.items.allSatisfy { $0.url?.isFileURL == true }, "a chart links off the machine")

        let download = try await TrawlBinary.run([
            "download", "--config", site.config.path, "--output", site.output.path, "--cache", site.cache.path,
        ])
        #expect(download.status == 0, "\(download.errors)")
        #expect(download.errors.contains("20 downloaded"), "\(download.errors)")
        let folder = site.output.appendingPathComponent("files/noaa-atlantic")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 20)
        for name in names {
            let mirrored = try Data(contentsOf: folder.appendingPathComponent(name))
            let original = try Data(contentsOf: site.directory.file("charts/PDFs/\(name)"))
            #expect(mirrored == original, "\(name)")
            #expect(mirrored.starts(with: Data("%PDF-".utf8)))
        }
    }
}
