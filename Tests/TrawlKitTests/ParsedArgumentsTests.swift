import Foundation
import Testing

@testable import TrawlKit

@Suite struct ParsedArgumentsTests {
    static let quiet = CommandOption.flag("--quiet", "say nothing")
    static let config = CommandOption.option("--config", "FILE", "the configuration")
    static let only = CommandOption.option("--only", "ID,...", "only these")
    static let port = CommandOption.option("--port", "N", "the port")
    static let base = CommandOption.option("--base", "URL", "the base")
    static let options = [quiet, config, only, port, base]

    @Test(arguments: [
        (["--quiet=yes"], "option '--quiet' takes no value"),
        (["--confg", "x"], "unknown option '--confg' (did you mean '--config'?)"),
        (["--config"], "option '--config' needs a value"),
    ])
    func mistakesSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try ParsedArguments(arguments, options: Self.options)
        }
    }

    @Test func anEmptyListNeverMeansEverything() throws {
        let parsed = try ParsedArguments(["--only", ""], options: Self.options)
        #expect(throws: UsageError("option '--only' needs at least one name")) { try parsed.list(Self.only) }
        let two = try ParsedArguments(["--only", "a, b", "--only=c"], options: Self.options)
        #expect(try two.list(Self.only) == ["a", "b", "c"])
    }

    @Test(arguments: [
        ([CommandPositional("ID")], [String](), "missing ID"),
        ([CommandPositional("ID")], ["a", "b"], "unexpected argument 'b'"),
        ([CommandPositional("SELECTOR"), CommandPositional("FILE", .oneOrMore)], ["p"], "missing FILE"),
        ([CommandPositional("DIR", .optional)], ["a", "b"], "unexpected argument 'b'"),
        ([], ["stray"], "unexpected argument 'stray'"),
    ])
    func wordsAfterTheNameAreCountedByTheirDeclaration(
        positionals: [CommandPositional], arguments: [String], message: String
    ) {
        #expect(throws: UsageError(message)) {
            try ParsedArguments(arguments, options: Self.options, positionals: positionals)
        }
    }

    @Test func manyPositionalsTakeEveryWordAndDashDashEndsTheOptions() throws {
        let parsed = try ParsedArguments(
            ["p", "a.html", "--", "--quiet"], options: Self.options,
            positionals: [CommandPositional("SELECTOR"), CommandPositional("FILE", .oneOrMore)])
        #expect(parsed.positionals == ["p", "a.html", "--quiet"])
        #expect(!parsed.has(Self.quiet))
    }

    @Test func numbersAndURLsAreCheckedWithTheOptionNamed() throws {
        let parsed = try ParsedArguments(["--port", "70000", "--base", "example.org/x"], options: Self.options)
        #expect(throws: UsageError("option '--port' takes a whole number from 0 to 65535, not '70000'")) {
            try parsed.integer(Self.port, in: 0...65535)
        }
        #expect(throws: UsageError("option '--base' needs an absolute URL, not 'example.org/x'")) {
            try parsed.absoluteURL(Self.base)
        }
        let pick = try ParsedArguments(["--port", "0"], options: Self.options)
        #expect(throws: UsageError("option '--port' takes a whole number from 1, not '0'")) {
            try pick.integer(Self.port, in: 1...Int.max)
        }
    }

    @Test func choosingTwoOfOneChoiceNamesThemAll() throws {
        let parsed = try ParsedArguments(["--quiet", "--config", "x"], options: Self.options)
        #expect(throws: UsageError("choose one of --quiet, --config and --base")) {
            try parsed.choice(among: [Self.quiet, Self.config, Self.base])
        }
        #expect(try parsed.choice(among: [Self.quiet, Self.base]) == Self.quiet)
    }
}
