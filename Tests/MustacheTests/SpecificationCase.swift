import Foundation
import Mustache
import TestSupport
import Testing

/// One case of the Mustache specification (../shared/testdata/mustache-spec), as JSON.
struct SpecificationCase: Decodable, Sendable, CustomTestStringConvertible {
    /// The spec file, without `.json`: `sections`, `~inheritance`, …
    var module = ""
    let name: String
    let desc: String
    let data: MustacheValue
    let template: String
    let partials: [String: String]?
    let expected: String

    var testDescription: String { "\(module): \(name)" }

    private enum CodingKeys: String, CodingKey {
        case name, desc, data, template, partials, expected
    }

    private struct File: Decodable {
        let tests: [SpecificationCase]
    }

    /// Every module the engine implements in full with data alone; `~lambdas` holds code
    /// in other languages and is covered by `LambdaTests` with Swift closures.
    static let modules = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names",
    ]

    /// The cases of `modules`, or none (with a note) when the shared test data is absent.
    static func all() throws -> [SpecificationCase] {
        try modules.flatMap { try cases(of: $0) }
    }

    static func cases(of module: String) throws -> [SpecificationCase] {
        guard let folder = try SharedTestData.folder("mustache-spec") else { return [] }
        let data = try Data(contentsOf: folder.appendingPathComponent(module + ".json"))
        return try JSONDecoder().decode(File.self, from: data).tests.map { test in
            var test = test
            test.module = module
            return test
        }
    }
}
