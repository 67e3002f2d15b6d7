import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl serve`'s command line, up to the point where it would start serving.
@Suite struct ServeCommandTests {
    func configuration(_ arguments: [String]) throws -> SiteServer.Configuration {
        let parsed = try ServeCommand.parse(arguments)
        return try ServeCommand.configuration(from: parsed, console: CapturingConsole().console)
    }

    @Test func defaultsAreLoopbackPort8000AndNoWatching() throws {
        let site = try TemporaryDirectory("site")
        let configuration = try configuration([site.url.path])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8000)
        #expect(!configuration.watches)
    }

    @Test func optionsSetThePortAndTheHost() throws {
        let site = try TemporaryDirectory("site")
        let configuration = try configuration([site.url.path, "--port", "8123", "--host=127.0.0.2"])
        #expect(configuration.port == 8123)
        #expect(configuration.host == "127.0.0.2")
    }

    @Test func watchingFollowsTheConfigurationAndItsTemplates() throws {
        let project = try TemporaryDirectory("project")
        try Data(#"{"site": {"title": "Test"}, "output": "Site", "sources": []}"#.utf8)
            .write(to: project.file("trawl.json"))
        try FileManager.default.createDirectory(at: project.file("Site"), withIntermediateDirectories: true)
        let configuration = try configuration(["--watch", "--config", project.file("trawl.json").path])
        #expect(configuration.watches)
        #expect(configuration.watchedPaths.map(\.lastPathComponent) == ["trawl.json", "Templates"])
        #expect(configuration.root.lastPathComponent == "Site")
    }

    @Test func watchingWithoutAConfigurationIsAUsageError() throws {
        let site = try TemporaryDirectory("site")
        #expect(throws: UsageError.self) {
            try configuration([site.url.path, "--watch", "--config", site.file("none.json").path])
        }
    }

    @Test(arguments: ["70000", "-1", "eighty"])
    func aBadPortIsAUsageError(port: String) throws {
        let site = try TemporaryDirectory("site")
        #expect(throws: UsageError.self) { try configuration([site.url.path, "--port", port]) }
    }

    @Test func aMissingFolderIsNamed() async throws {
        let console = CapturingConsole()
        let status = await CommandLineTool.main(["serve", "/no/such/folder"], console: console.console)
        #expect(status == .failure)
        #expect(console.errors.contains("/no/such/folder: not a folder"))
    }

    @Test func aHostThatIsNotAnIPv4AddressIsRefused() throws {
        let site = try TemporaryDirectory("site")
        let server = try SiteServer(configuration: SiteServer.Configuration(root: site.url, host: "::1", port: 0))
        #expect(throws: HTTPServerError.self) { try server.start() }
    }
}
