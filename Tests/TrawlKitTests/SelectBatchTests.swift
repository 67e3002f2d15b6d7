import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl select` over many files works on every core but prints as if one by one: lines
/// in input order, an unreadable file reported in its place, the others still printed.
@Suite struct SelectBatchTests {
    @Test func manyFilesPrintInTheOrderGiven() async throws {
        let directory = try TemporaryDirectory()
        var arguments = ["li", "--count"]
        var expected = ""
        for index in 0..<(SelectBatch.size * 2 + 3) {
            let file = directory.file("page-\(index).html")
            let items = String(repeating: "<li>x</li>", count: index % 7)
            try Data("<ul>\(items)</ul>".utf8).write(to: file)
            arguments.append(file.path)
            expected += "\(index % 7)\t\(file.path)\n"
            if index == 5 {
                arguments.append(directory.file("missing.html").path)
            }
        }
        let capture = CapturingConsole()
        let parsed = try SelectCommand.parse(arguments)
        let status = try await SelectCommand.run(parsed, console: capture.console)
        #expect(capture.output == expected)
        #expect(capture.errors.contains("missing.html: cannot read the file"))
        #expect(status == .usage)
    }

    @Test func filesAndStandardInputKeepTheirOrder() async throws {
        let directory = try TemporaryDirectory()
        let first = directory.file("a.html")
        let second = directory.file("b.html")
        try Data("<p>one</p><p>two</p>".utf8).write(to: first)
        try Data("<p>three</p>".utf8).write(to: second)
        let capture = CapturingConsole()
        let parsed = try SelectCommand.parse(["p", first.path, "file://" + second.path, first.path])
        let status = try await SelectCommand.run(parsed, console: capture.console)
        #expect(capture.output == "one\ntwo\nthree\none\ntwo\n")
        #expect(status == .success)
    }
}
