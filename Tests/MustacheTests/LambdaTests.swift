import Foundation
import Mustache
import TestSupport
import Testing

/// Spec `~lambdas`, whose data is code in other languages: each case's template and
/// expected output come from the spec file, and its lambda is a Swift closure here.
@Suite struct LambdaTests {
    /// The Swift closure standing in for each spec case's `lambda`, by case name.
    static let lambdas: [String: @Sendable () -> MustacheLambda] = [
        "Interpolation": { .interpolation { "world" } },
        "Interpolation - Expansion": { .interpolation { "{{planet}}" } },
        "Interpolation - Alternate Delimiters": { .interpolation { "|planet| => {{planet}}" } },
        "Interpolation - Multiple Calls": {
            let calls = Counter()
            return .interpolation { String(calls.next()) }
        },
        "Escaping": { .interpolation { ">" } },
        "Section": { .section { text in text == "{{x}}" ? "yes" : "no" } },
        "Section - Expansion": { .section { text in "\(text){{planet}}\(text)" } },
        "Section - Alternate Delimiters": { .section { text in "\(text){{planet}} => |planet|\(text)" } },
        "Section - Multiple Calls": { .section { text in "__\(text)__" } },
        "Inverted Section": { .section { _ in "" } },
    ]

    static func specificationCases() throws -> [SpecificationCase] {
        try SpecificationCase.cases(of: "~lambdas")
    }

    @Test(arguments: try specificationCases())
    func swiftClosurePassesTheSpecCase(_ spec: SpecificationCase) throws {
        let makeLambda = try #require(Self.lambdas[spec.name], "no Swift lambda for '\(spec.name)'")
        guard case .object(var data) = spec.data else {
            Issue.record("\(spec.name): the data is not an object")
            return
        }
        data["lambda"] = .lambda(makeLambda())
        let output = try Template(string: spec.template, name: spec.name).render(.object(data))
        #expect(output == spec.expected, "~lambdas: \(spec.name) — \(spec.desc)")
    }

    @Test func everySpecCaseHasASwiftLambda() throws {
        let names = try Self.specificationCases().map(\.name)
        #expect(names.allSatisfy { Self.lambdas[$0] != nil })
        if !names.isEmpty { #expect(names.count == Self.lambdas.count) }
    }

    @Test func sectionLambdaReceivesRawTextAndItsResultIsRendered() throws {
        let template = try Template(string: "{{#bold}}Hi {{name}}.{{/bold}}")
        let data: MustacheValue = [
            "name": "Ann",
            "bold": .lambda(.section { text in "<b>\(text)</b>" }),
        ]
        #expect(try template.render(data) == "<b>Hi Ann.</b>")
    }

    @Test func interpolationLambdaResultIsEscapedUnlessTripled() throws {
        let template = try Template(string: "{{tag}} {{{tag}}}")
        let data: MustacheValue = ["tag": .lambda(.interpolation { "<br>" })]
        #expect(try template.render(data) == "&lt;br&gt; <br>")
    }

    @Test func sectionLambdaNamedInAnInterpolationReceivesTheEmptyString() throws {
        let data: MustacheValue = ["wrap": .lambda(.section { text in "[\(text)]" })]
        #expect(try Template(string: "{{wrap}}").render(data) == "[]")
    }

    @Test func lambdaThatThrowsIsReportedAtItsTag() throws {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "no, thanks" }
        }
        let template = try Template(string: "line one\n  {{#fail}}x{{/fail}}", name: "page.mustache")
        let data: MustacheValue = ["fail": .lambda(.section { _ in throw Refusal() })]
        #expect(
            throws: TemplateError(
                name: "page.mustache", line: 2, column: 3, message: "lambda 'fail' failed: no, thanks")
        ) {
            try template.render(data)
        }
    }

    @Test func lambdaReturningABadTemplateIsReportedAtItsTag() throws {
        let template = try Template(string: "{{broken}}", name: "page.mustache")
        let data: MustacheValue = ["broken": .lambda(.interpolation { "{{#open}}" })]
        let expected = TemplateError(
            name: "page.mustache", line: 1, column: 1,
            message: "lambda 'broken' returned a bad template: 1:1: unclosed section 'open'")
        #expect(throws: expected) { try template.render(data) }
    }

    @Test func lambdaThatExpandsToItselfStopsWithAnError() throws {
        let template = try Template(string: "{{#again}}x{{/again}}", name: "loop.mustache")
        let data: MustacheValue = ["again": .lambda(.section { _ in "{{#again}}x{{/again}}" })]
        #expect(throws: TemplateError.self) { try template.render(data) }
    }
}

/// A thread-safe call counter, for lambdas that must not be cached.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
