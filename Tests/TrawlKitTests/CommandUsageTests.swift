import Foundation
import Testing

@testable import TrawlKit

/// Every command's usage text, made from its declarations, against Fixtures/Usage/NAME.txt:
/// a change in wording is a reviewed diff (`TRAWL_RECORD_GOLDEN=1` re-records).
@Suite struct CommandUsageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Usage", isDirectory: true)

    static var names: [String] { CommandLineTool.commands.map { $0.name } }

    @Test(arguments: names)
    func usageMatchesItsGoldenFile(_ name: String) throws {
        let command = try #require(CommandLineTool.command(named: name))
        let file = Self.folder.appendingPathComponent("\(name).txt")
        if SiteGoldenTests.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try (command.usage + "\n").write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(command.usage + "\n" == expected, "\(name)'s usage differs from \(file.lastPathComponent)")
    }

    @Test(arguments: names)
    func everyOptionIsNamedOnceAndInTheSynopsis(_ name: String) throws {
        let command = try #require(CommandLineTool.command(named: name))
        let names = command.options.map(\.name)
        #expect(Set(names).count == names.count, "\(name) declares an option twice")
        let synopsis = command.synopsis.joined(separator: " ")
        for option in command.options {
            #expect(synopsis.contains(option.name), "\(name)'s synopsis does not show \(option.name)")
        }
        for positional in command.positionals {
            #expect(synopsis.contains(positional.name), "\(name)'s synopsis does not show \(positional.name)")
        }
    }

    @Test func noUsageLineRunsPastTheWidth() {
        for command in CommandLineTool.commands {
            for line in command.usage.split(separator: "\n") {
                #expect(line.count <= CommandUsage.width + 10, "\(command.name): \(line)")
            }
        }
    }

    @Test func aTypoInAnOptionIsNamedWithTheNearestOne() async {
        let console = CapturingConsole()
        let status = await CommandLineTool.main(["diff", "--exit-cod"], console: console.console)
        #expect(status == .usage)
        #expect(console.errors.contains("unknown option '--exit-cod' (did you mean '--exit-code'?)"))
        #expect(console.errors.contains("usage: trawl diff [--run ID]"))
    }
}
