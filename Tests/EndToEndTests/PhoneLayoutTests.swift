import Foundation
import TestSupport
import Testing

/// Every page of the demo site fits a 390 px phone: laid out by headless Chromium in a
/// 390 px frame (its media queries see 390 px), no page is wider than the frame — long
/// links wrap and tables scroll inside their own box.
@Suite struct PhoneLayoutTests {
    static let width = 390

    @Test func noDemoPageIsWiderThanAPhone() async throws {
        guard let chromium = try ExternalTool.find("chromium", package: "chromium") else { return }
        let demo = try DemoSite()
        _ = try await demo.run("day1")
        _ = try await demo.run("day2")
        let root = demo.output
        var pages = try Self.pages(under: root)
        #expect(pages.count >= 9, "\(pages)")
        // A page known to be too wide, so a probe that measured nothing would fail here.
        try #"<!DOCTYPE html><html lang="en"><title>wide</title><div style="width:600px">wide</div></html>"#
            .write(to: root.appendingPathComponent("probe-too-wide.html"), atomically: true, encoding: .utf8)
        pages.append("probe-too-wide.html")
        let widths = try await Self.measure(pages, in: root, with: chromium)
        #expect(widths.count == pages.count, "measured \(widths.keys.sorted())")
        #expect((widths["probe-too-wide.html"] ?? 0) > Self.width)
        for page in pages where page != "probe-too-wide.html" {
            let width = widths[page]
            #expect(
                width.map { $0 <= Self.width } == true,
                "\(page) is \(width.map(String.init) ?? "?") px wide on a \(Self.width) px phone")
        }
    }

    /// Lays every page out in its own 390 px frame of one probe page and reads back each
    /// frame's `scrollWidth`, which `--dump-dom` prints as attributes of the probe.
    static func measure(_ pages: [String], in root: URL, with chromium: ExternalTool) async throws -> [String: Int] {
        let frames = pages.enumerated().map { index, page in
            "<iframe id=\"f\(index)\" data-page=\"\(page)\" src=\"\(page)\" width=\"\(width)\" height=\"800\"></iframe>"
        }.joined(separator: "\n")
        let probe = """
            <!DOCTYPE html>
            <html lang="en"><head><title>probe</title></head><body>
            \(frames)
            <script>addEventListener("load", function () { setTimeout(function () {
              document.querySelectorAll("iframe").forEach(function (frame) {
                var page = frame.contentDocument.documentElement;
                document.body.setAttribute("data-width-" + frame.id, page.scrollWidth);
              });
            }, 300); });</script>
            </body></html>
            """
        let file = root.appendingPathComponent("probe-phone-layout.html")
        try probe.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // File pages may read each other's DOM only with --allow-file-access-from-files;
        // the network is shut off, so the demo's remote artwork is never fetched.
        let result = try await chromium.run([
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--allow-file-access-from-files", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--virtual-time-budget=5000", "--window-size=1280,900", "--dump-dom", file.absoluteString,
        ])
        var widths: [String: Int] = [:]
        for (index, page) in pages.enumerated() {
            let name = "data-width-f\(index)=\""
            guard let start = result.standardOutput.range(of: name) else { continue }
            widths[page] = Int(result.standardOutput[start.upperBound...].prefix { $0.isNumber })
        }
        return widths
    }

    /// The site's pages, relative to its folder.
    static func pages(under folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var pages: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".html") { pages.append(path) }
        }
        return pages.sorted()
    }
}
