import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct InitCommandTests {
    @Test func starterConfigurationLoadsAsWritten() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("trawl.json")
        let configuration = try ConfigurationLoader.load(Data(InitCommand.starter.utf8), file: file)
        #expect(configuration.sources.map(\.id) == ["articles", "charts", "releases"])
        #expect(configuration.outputDirectory == directory.file("Output").standardizedFileURL)
    }

    @Test func refusesToOverwriteWithoutForce() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("trawl.json")
        try Data("{}".utf8).write(to: file)
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(["init", file.path], console: capture.console)
        #expect(status == .usage)
        #expect(capture.errors.contains("exists; pass --force"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "{}")
    }
}
