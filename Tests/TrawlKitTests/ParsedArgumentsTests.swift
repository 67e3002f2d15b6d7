import Testing

@testable import TrawlKit

@Suite struct ParsedArgumentsTests {
    @Test(arguments: [
        (["--quiet=yes"], "option '--quiet' takes no value"),
        (["--confg", "x"], "unknown option '--confg' (did you mean '--config'?)"),
        (["--config"], "option '--config' needs a value"),
    ])
    func mistakesSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try ParsedArguments(arguments, flags: ["--quiet"], options: ["--config", "--only"])
        }
    }

    @Test func anEmptyListNeverMeansEverything() throws {
        let parsed = try ParsedArguments(["--only", ""], flags: [], options: ["--only"])
        #expect(throws: UsageError("option '--only' needs at least one name")) { try parsed.list("--only") }
        let two = try ParsedArguments(["--only", "a, b", "--only=c"], flags: [], options: ["--only"])
        #expect(try two.list("--only") == ["a", "b", "c"])
    }
}
