import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `output` must be a folder of its own: the site is written there and its stale files
/// removed, so `/`, the configuration's folder, the cache and any folder above them are refused.
@Suite struct ConfigurationFoldersTests {
    static let file = URL(fileURLWithPath: "/srv/trawl/site/trawl.json")

    func problems(_ members: String) -> [String] {
        let json = #"{\#(members), "sources": []}"#
        do {
            _ = try ConfigurationLoader.load(Data(json.utf8), file: Self.file, environment: [:])
            return []
        } catch let error as ConfigurationError {
            return error.problems.map(\.description)
        } catch {
            return ["not a ConfigurationError: \(error)"]
        }
    }

    @Test(arguments: [
        (#""output": "/""#, "output: '/' holds the configuration's folder (/srv/trawl/site)"),
        (#""output": ".""#, "output: '/srv/trawl/site' is the configuration's own folder (/srv/trawl/site)"),
        (#""output": "..""#, "output: '/srv/trawl' holds the configuration's folder (/srv/trawl/site)"),
        (#""output": "Cache""#, "output: '/srv/trawl/site/Cache' is the cache folder (/srv/trawl/site/Cache)"),
        (
            #""output": "/var/www", "cache": "/var/www/state/Cache""#,
            "output: '/var/www' holds the cache folder (/var/www/state/Cache)"
        ),
        (#""output": "Cache/site""#, "output: '/srv/trawl/site/Cache/site' is inside the cache folder"),
        (#""cache": "Output/Cache""#, "cache: '/srv/trawl/site/Output' holds the cache folder"),
    ])
    func anOutputThatIsNotAFolderOfItsOwnIsAConfigurationError(members: String, problem: String) {
        let found = problems(members)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix(problem) == true, "\(found)")
        #expect(found.first?.hasSuffix("name a folder of its own, such as \"Output\"") == true)
    }

    @Test(arguments: [#""output": "Output""#, #""output": "../public""#, #""output": "/var/www/site""#])
    func aFolderOfItsOwnIsAccepted(members: String) {
        #expect(problems(members).isEmpty)
    }

    @Test func theOutputOptionIsCheckedToo() async throws {
        let project = try TemporaryDirectory("project")
        try Data(#"{"sources": []}"#.utf8).write(to: project.file("trawl.json"))
        let console = CapturingConsole()
        let status = await CommandLineTool.main(
            ["generate", "--config", project.file("trawl.json").path, "--output", "/"], console: console.console)
        #expect(status == .usage)
        #expect(console.errors.contains("option '--output': '/' holds the configuration's folder"), "\(console.errors)")
        #expect(!FileManager.default.fileExists(atPath: "/index.html"))
    }
}
