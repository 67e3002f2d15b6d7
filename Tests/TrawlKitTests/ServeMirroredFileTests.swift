import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Mirrored files came from other sites: `trawl serve` never lets one run as the site.
@Suite struct ServeMirroredFileTests {
    static let files: [(name: String, passive: Bool)] = [
        ("files/charts/page.html", false), ("files/charts/chart.svg", false), ("files/charts/data.xml", false),
        ("files/charts/tool.js", false), ("files/charts/unknown.bin", false), ("files/charts/13260.pdf", true),
        ("files/charts/photo.png", true), ("files/podcast/episode.mp3", true), ("files/charts/notes.txt", true),
    ]

    @Test func activeMirroredFilesAreSandboxedDownloadsAndPassiveOnesAreShown() throws {
        let directory = try TemporaryDirectory("trawl-serve-mirror")
        for file in Self.files + [("index.html", true)] {
            let url = directory.file(file.0)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>".utf8).write(to: url)
        }
        let handler = try StaticFileHandler(root: directory.url)
        for file in Self.files {
            let response = handler.respond(to: HTTPRequest(target: "/" + file.name))
            #expect(response.status == 200)
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(file.name)")
            if file.passive {
                #expect(response.headers["Content-Disposition"] == nil, "\(file.name)")
            } else {
                let name = (file.name as NSString).lastPathComponent
                #expect(response.headers["Content-Disposition"] == "attachment; filename=\"\(name)\"", "\(file.name)")
                #expect(response.headers["Content-Security-Policy"] == "sandbox", "\(file.name)")
            }
        }
        // The site's own pages are pages.
        let index = handler.respond(to: HTTPRequest(target: "/"))
        #expect(index.headers["Content-Disposition"] == nil)
        #expect(index.headers["Content-Security-Policy"] == nil)
    }
}
