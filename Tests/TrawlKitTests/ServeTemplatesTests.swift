import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl serve --watch` with the templates a user edits: `Templates/` beside the
/// configuration, and a mistake in one shown in the browser as well as the terminal.
@Suite struct ServeTemplatesTests {
    let project: TemporaryDirectory
    var templates: URL { project.file("Templates") }

    init() throws {
        project = try TemporaryDirectory("project")
        try Data(#"{"site": {"title": "Test"}, "output": "Site", "sources": []}"#.utf8)
            .write(to: project.file("trawl.json"))
        try FileManager.default.createDirectory(at: project.file("Site"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    }

    func writeIndexTemplate(_ text: String) throws {
        try Data(text.utf8).write(to: templates.appendingPathComponent("index.mustache"))
    }

    func serveConfiguration(_ console: CapturingConsole) throws -> SiteServer.Configuration {
        let parsed = try ServeCommand.parse(["--watch", "--config", project.file("trawl.json").path])
        return try ServeCommand.configuration(from: parsed, console: console.console)
    }

    @Test func templatesBesideTheConfigurationAreUsedAndSaidSo() async throws {
        try writeIndexTemplate("<p>Mine: {{page.siteTitle}}</p>\n")
        let console = CapturingConsole()
        let configuration = try serveConfiguration(console)
        #expect(console.errors.contains("using the templates in \(templates.path)"))
        #expect(console.errors.contains("which has no \"templates\" key"))
        #expect(configuration.watchedPaths.map(\.path).contains(templates.path))
        await configuration.onChange()
        let index = try String(contentsOf: project.file("Site/index.html"), encoding: .utf8)
        #expect(index == "<p>Mine: Test</p>\n")
    }

    @Test func regenerationWaitsWhileARunHoldsTheCacheLockAndSaysSo() async throws {
        try writeIndexTemplate("<p>Regenerated</p>\n")
        let store = CacheStore(root: project.file("Cache"))
        let lock = try store.lock()
        let console = CapturingConsole()
        let configuration = try serveConfiguration(console)
        let regeneration = Task { await configuration.onChange() }
        try await Task.sleep(for: .milliseconds(1200))
        // The run holds the cache: nothing is generated from it half-written.
        #expect(!FileManager.default.fileExists(atPath: project.file("Site/index.html").path))
        #expect(console.errors.contains("(pid \(getpid())) holds the cache"), "\(console.errors)")
        #expect(console.errors.contains("the site is regenerated once it is done"))
        lock.unlock()
        await regeneration.value
        let index = try String(contentsOf: project.file("Site/index.html"), encoding: .utf8)
        #expect(index == "<p>Regenerated</p>\n")
        #expect(console.errors.contains("regenerated"))
    }

    @Test func withATemplatesKeyNothingIsAnnounced() throws {
        try Data(#"{"site": {"title": "T"}, "output": "Site", "templates": "Mine", "sources": []}"#.utf8)
            .write(to: project.file("trawl.json"))
        let console = CapturingConsole()
        let configuration = try serveConfiguration(console)
        #expect(!console.errors.contains("using the templates"))
        #expect(configuration.watchedPaths.map(\.lastPathComponent) == ["trawl.json", "Mine"])
    }

    @Test func aTemplateErrorIsServedAsAPageThatReloadsUntilItIsFixed() async throws {
        guard let curl = try ExternalTool.find("curl", package: "curl") else { return }
        try writeIndexTemplate("<p>\n{{#broken}}\n")
        let console = CapturingConsole()
        var configuration = try serveConfiguration(console)
        configuration.port = 0
        await configuration.onChange()
        #expect(console.errors.contains("index.mustache:2:1:"))
        let server = try SiteServer(configuration: configuration)
        try server.start()
        defer { server.stop() }
        let base = server.url.absoluteString
        let broken = try await curl.run(["-sS", "-w", "\n%{http_code}", base + "/"])
        #expect(broken.standardOutput.hasSuffix("\n500"))
        #expect(broken.standardOutput.contains("The site could not be regenerated"))
        #expect(broken.standardOutput.contains("index.mustache:2:1:"))
        #expect(broken.standardOutput.contains(LiveReload.path))
        // Assets still load, so the error page is styled.
        let style = try await curl.run(["-sS", "-o", "/dev/null", "-w", "%{http_code}", base + "/assets/style.css"])
        #expect(style.standardOutput != "500")

        try writeIndexTemplate("<p>Fixed</p>\n")
        await configuration.onChange()
        let fixed = try await curl.run(["-sS", base + "/"])
        #expect(fixed.standardOutput.contains("<p>Fixed</p>"))
    }
}
