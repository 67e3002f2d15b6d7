import Foundation
import TestSupport
import Testing

@testable import TrawlJSON

/// The RFC 9535 compliance test suite, every case: a valid selector gives the expected
/// values (or one of the allowed orders) and their normalized paths; an invalid one fails
/// to compile.
@Suite struct JSONPathComplianceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let selector: String
        let document: JSONValue?
        let results: [[JSONValue]]
        let paths: [[String]]
        let isInvalid: Bool

        var testDescription: String { "\(name): \(selector)" }

        static func all() throws -> [Case] {
            guard let folder = try SharedTestData.folder("jsonpath-cts") else { return [] }
            let data = try Data(contentsOf: folder.appendingPathComponent("cts.json"))
            let suite = try JSONParser.parse(data)
            return (suite["tests"]?.arrayValue ?? []).map { test in
                let results =
                    test["result"].map { [$0.arrayValue ?? []] } ?? test["results"]?.arrayValue?.map {
                        $0.arrayValue ?? []
                    } ?? []
                let paths =
                    test["result_paths"].map { [$0.arrayValue ?? []] } ?? test["results_paths"]?.arrayValue?.map {
                        $0.arrayValue ?? []
                    } ?? []
                return Case(
                    name: test["name"]?.stringValue ?? "", selector: test["selector"]?.stringValue ?? "",
                    document: test["document"], results: results,
                    paths: paths.map { $0.compactMap(\.stringValue) },
                    isInvalid: test["invalid_selector"]?.boolValue ?? false)
            }
        }
    }

    @Test(arguments: try Case.all())
    func selectsWhatTheSuiteExpects(_ test: Case) throws {
        guard !test.isInvalid else {
            #expect(throws: JSONPathError.self) { try JSONPath(test.selector) }
            return
        }
        let path = try JSONPath(test.selector)
        let nodes = try path.nodes(test.document ?? .null)
        let values = nodes.map(\.value)
        let matched = test.results.firstIndex { expected in
            expected.count == values.count && zip(expected, values).allSatisfy { JSONPathComparison.equal($0, $1) }
        }
        #expect(matched != nil, "got \(values.map { JSONWriter.string($0, style: .compact) })")
        if let matched, matched < test.paths.count {
            #expect(nodes.map(\.path) == test.paths[matched])
        }
    }

    @Test func theSuiteIsThereWhole() throws {
        guard try SharedTestData.folder("jsonpath-cts") != nil else { return }
        #expect(try Case.all().count == 703)
    }
}
