import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl select '$…'`: JSONPath on JSON inputs and on the JSON in a page's scripts.
@Suite struct SelectJSONPathTests {
    static let releases =
        #"[{"name": "6.1", "assets": [{"name": "a.tgz"}, {"name": "b.zip"}]}, {"name": "6.0", "assets": []}]"#

    /// `trawl select` with `file` saved where `FILE` stands.
    static func select(_ arguments: [String], file: String = releases) async throws -> SelectCommandTests.Run {
        try await SelectCommandTests.select(arguments.map { $0 == "FILE" ? "PAGE" : $0 }, page: file)
    }

    @Test func eachValueIsALineStringsAsTheyAre() async throws {
        let run = try await Self.select(["$[*].assets[*].name", "FILE"])
        #expect(run.status == .success)
        #expect(run.output == "a.tgz\nb.zip\n")
    }

    @Test func jsonPrintsOneArrayPerInputOfTheMatchedValues() async throws {
        let run = try await Self.select(["$[*].assets", "FILE", "--json"])
        #expect(run.output == #"[[{"name":"a.tgz"},{"name":"b.zip"}],[]]"# + "\n")
    }

    @Test func pathsPrintTheNormalizedPaths() async throws {
        let run = try await Self.select(["$..name", "FILE", "--paths"])
        #expect(run.output == "$[0]['name']\n$[0]['assets'][0]['name']\n$[0]['assets'][1]['name']\n$[1]['name']\n")
    }

    @Test func anInvalidJSONPathExitsTwoWithTheColumn() async throws {
        let run = try await Self.select(["$[?@.name ==]", "FILE"])
        #expect(run.status == .usage)
        #expect(run.errors.contains("at column 13 in \"$[?@.name ==]\""))
    }

    @Test func nothingMatchedExitsOne() async throws {
        let run = try await Self.select(["$.nothing", "FILE"])
        #expect(run.status == .failure)
        #expect(run.output == "")
    }

    @Test func aPagesScriptIsReadWithScript() async throws {
        let page =
            #"<html><script id="__NEXT_DATA__" type="application/json">{"props": {"n": [1, 2.5]}}</script></html>"#
        let run = try await Self.select(
            ["$.props.n[*]", "FILE", "--script", "#__NEXT_DATA__"], file: page)
        #expect(run.status == .success)
        #expect(run.output == "1\n2.5\n")
    }

    @Test func anInputThatIsNotJSONSaysSo() async throws {
        let run = try await Self.select(["$", "FILE"], file: "<html></html>")
        #expect(run.status == .usage)
        #expect(run.errors.contains("is not JSON; it looks like an HTML page"))
    }
}
