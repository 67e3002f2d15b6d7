import Foundation
import TrawlServe

/// Why the last regeneration in watch mode failed (a template that does not parse, a
/// configuration mistake), shown in place of every page until the next one succeeds.
///
/// The page carries the live-reload script, so fixing the template brings the site back
/// without touching the browser.
final class BuildProblem: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    init() {}

    /// The message, or nil when the last regeneration worked.
    var message: String? { lock.withLock { text } }

    func report(_ message: String) { lock.withLock { text = message } }

    func clear() { lock.withLock { text = nil } }

    /// The error page for `path`, or nil when there is no problem or `path` is not a page.
    func response(for path: String) -> HTTPResponse? {
        guard let message, Self.isPage(path) else { return nil }
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Template error · Trawl</title>
            <link rel="stylesheet" href="/assets/style.css">
            </head>
            <body>
            <main class="template-error">
            <h1>The site could not be regenerated</h1>
            <p>Fix the problem below: this page reloads by itself once the site regenerates.</p>
            <pre>\(SafeText.html(message))</pre>
            </main>
            \(LiveReload.script)</body>
            </html>

            """
        return HTTPResponse(
            status: 500, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
            text: page)
    }

    /// `/`, `/sources/x/` and `*.html`: what a browser navigates to.
    static func isPage(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return path.hasSuffix("/") || name.hasSuffix(".html") || !name.contains(".")
    }
}
