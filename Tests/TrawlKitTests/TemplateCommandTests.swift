import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl template TEMPLATE [--data FILE.json] [--partials DIR]`.
@Suite struct TemplateCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("template-command")
        try FileManager.default.createDirectory(at: directory.file("parts"), withIntermediateDirectories: true)
        try write("page.mustache", "<h1>{{title}}</h1>\n{{#items}}\n{{>item}}\n{{/items}}\n")
        try write("item.mustache", "<li>{{name}}</li>\n")
        try write("parts/item.mustache", "* {{name}}\n")
        try write("data.json", #"{"title": "News & more", "items": [{"name": "a"}, {"name": "b"}]}"#)
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.file(path))
    }

    private func path(_ name: String) -> String { directory.file(name).path }

    private func run(_ arguments: [String]) async throws -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        do {
            let parsed = try TemplateCommand.parse(arguments)
            return (try await TemplateCommand.run(parsed, console: capture.console), capture)
        } catch {
            capture.console.error("\(error)")
            return (CommandLineTool.status(for: error), capture)
        }
    }

    @Test func rendersTheTemplateWithItsDataToStandardOutput() async throws {
        let (status, console) = try await run([path("page.mustache"), "--data", path("data.json")])
        #expect(status == .success)
        #expect(console.output == "<h1>News &amp; more</h1>\n<li>a</li>\n<li>b</li>\n")
        #expect(console.errors.isEmpty)
    }

    @Test func partialsComeFromTheGivenDirectory() async throws {
        let (status, console) = try await run([
            path("page.mustache"), "--data", path("data.json"), "--partials", path("parts"),
        ])
        #expect(status == .success)
        #expect(console.output == "<h1>News &amp; more</h1>\n* a\n* b\n")
    }

    @Test func withoutDataTheContextIsEmpty() async throws {
        let (status, console) = try await run([path("page.mustache")])
        #expect(status == .success)
        #expect(console.output == "<h1></h1>\n")
    }

    @Test func missingPartialIsNotedOnStandardError() async throws {
        try write("lonely.mustache", "[{{>nowhere}}]")
        let (status, console) = try await run([path("lonely.mustache")])
        #expect(status == .success)
        #expect(console.output == "[]")
        #expect(console.errors == "note: no partial 'nowhere' at \(path("nowhere.mustache")); it rendered as nothing\n")
    }

    @Test func badTemplateIsReportedWithFileLineAndColumnAndExitsWithTwo() async throws {
        try write("broken.mustache", "<ul>\n  {{#items}}\n")
        let (status, console) = try await run([path("broken.mustache")])
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.errors == "error: \(path("broken.mustache")):2:3: unclosed section 'items'\n")
    }

    @Test func badDataIsReportedWithLineAndColumnAndExitsWithTwo() async throws {
        try write("bad.json", "{\"title\": \"x\",\n  \"items\": ]\n}")
        let (status, console) = try await run([path("page.mustache"), "--data", path("bad.json")])
        #expect(status == .usage)
        #expect(console.errors.hasPrefix("error: \(path("bad.json")):2:12: "))
    }

    @Test func missingTemplateExitsWithTwo() async throws {
        let (status, console) = try await run([path("absent.mustache")])
        #expect(status == .usage)
        #expect(console.errors == "error: no such file: \(path("absent.mustache"))\n")
    }

    @Test func missingDataFileExitsWithTwo() async throws {
        let (status, console) = try await run([path("page.mustache"), "--data", path("absent.json")])
        #expect(status == .usage)
        #expect(console.errors == "error: no such file: \(path("absent.json"))\n")
    }

    @Test func templateIsRequired() async throws {
        #expect(throws: UsageError("missing TEMPLATE")) { try TemplateCommand.parse([]) }
    }
}
