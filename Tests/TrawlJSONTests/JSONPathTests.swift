import Testing

@testable import TrawlJSON

/// What the compliance suite does not pin down: error columns and wording, the bounds on
/// hostile queries, I-Regexp's translation, and the public API's shape.
@Suite struct JSONPathTests {
    @Test(arguments: [
        ("$.a[0", 6, "',' or ']'"),
        ("$[?@.a ==]", 10, "a filter expression (a query, a literal, a function, '!' or '(')"),
        ("$[?@.*==1]", 4, "a singular query (names and indices only) to compare"),
        ("$[?length(@)]", 4, "a test, not length(), which gives a value (compare it)"),
        ("$[?foo(@)]", 4, "a known function (length, count, match, search, value), not \"foo\""),
        ("$[01]", 3, "no leading zero"),
        ("$[9007199254740992]", 3, "an integer between -9007199254740991 and 9007199254740991"),
        ("a.b", 1, "'$' at the start of the query"),
        ("$.a ", 4, "'.', '..' or '[' (or the end of the query)"),
        ("$[?@[ 'a' ]==1]", 4, "a singular query (names and indices only) to compare"),
        ("$['é\\x']", 6, "b, f, n, r, t, /, \\, a quote or u after '\\'"),
    ])
    func anInvalidQuerySaysWhereAndWhatWasExpected(_ query: String, _ column: Int, _ expected: String) {
        #expect(throws: JSONPathError(source: query, column: column, expected: expected)) { try JSONPath(query) }
    }

    @Test func theErrorReadsAsACSSSelectorErrorDoes() {
        let error = JSONPathError(source: "$.a[0", column: 6, expected: "']'")
        #expect(error.description == "expected ']' at column 6 in \"$.a[0\"")
    }

    @Test func filtersNestOnlySoDeep() {
        let deep = "$" + String(repeating: "[?@", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONPathError.self) { try JSONPath(deep) }
        let fine = "$" + String(repeating: "[?@", count: 20) + String(repeating: "]", count: 20)
        #expect(throws: Never.self) { try JSONPath(fine) }
    }

    @Test func aQueryThatMultipliesNodesStopsAtTheBound() throws {
        // 200 arrays nested in each other: `..*` three times over visits about 200^3 / 6
        // nodes, past a bound of a million (the real one is 20 million).
        var document = JSONValue.int(1)
        for _ in 0..<200 { document = .array([document]) }
        let query = try JSONPath("$..*..*..*")
        #expect(throws: JSONPathLimitError.self) { try query.select(document, maximumVisits: 1_000_000) }
        #expect(try JSONPath("$..*..*").select(document, maximumVisits: 1_000_000).count == 19_900)
    }

    @Test func normalizedPathsEscapeNamesAsTheRFCSays() throws {
        let document: JSONValue = ["it's": ["a\u{1}b": 1], "list": [true, false]]
        let nodes = try JSONPath("$..*").nodes(document)
        #expect(
            nodes.map(\.path) == [
                "$['it\\'s']", "$['list']", "$['it\\'s']['a\\u0001b']", "$['list'][0]", "$['list'][1]",
            ])
    }

    @Test(arguments: [
        ("a.c", "a\u{2028}c", true),
        ("a.c", "a\nc", false),
        ("[a-c]+", "abc", true),
        ("\\p{Lu}\\p{Ll}*", "Émile", true),
        ("\\P{L}", "x", false),
        ("a{2,3}", "aaa", true),
        ("a{2,3}", "aaaa", false),
        ("[^ab]", "c", true),
        ("a|b(c)", "bc", true),
        ("x#y", "x#y", true),
        ("[a&&b]", "&", true),
    ])
    func iRegexpMatchesAsTheRFCSays(_ pattern: String, _ text: String, _ expected: Bool) {
        var budget = CompiledRegex.tickBudget
        #expect(CompiledRegex(iRegexp: pattern, whole: true).matches(text, budget: &budget) == expected)
    }

    /// ICU backtracks: `(a+)+b` on 40 `a`s would take hours. The query stops with an error
    /// once its regular-expression budget is spent, for `match` and `search`, with a literal
    /// pattern or one from the document.
    @Test(arguments: [
        "$[?match(@.t, '(a+)+b')]", "$[?search(@.t, '(a|aa)+c')]", "$[?match(@.t, $[0].p)]",
    ])
    func aCatastrophicPatternStopsTheQueryWithAnError(_ path: String) throws {
        let document: JSONValue = [["t": .string(String(repeating: "a", count: 40)), "p": "(a*)*b"]]
        let query = try JSONPath(path)
        #expect {
            try query.select(document)
        } throws: { error in
            "\(error)".contains("goes past 20000000 regular-expression steps (a pattern that backtracks)")
        }
    }

    /// The budget is not spent by work that ends: many quick matches on long strings pass.
    @Test func ordinaryPatternsOnLongStringsAreNotStopped() throws {
        let long = String(repeating: "word ", count: 20_000) + "swift"
        let document: JSONValue = .array((0..<50).map { _ in ["t": .string(long)] })
        let matched = try JSONPath("$[?search(@.t, 'sw[a-z]ft')]").select(document)
        #expect(matched.count == 50)
    }

    @Test(arguments: ["\\d", "(?:a)", "a{3,2}", "[]", "a**", "\\p{IsBasicLatin}", "(a", "a)", "\\w"])
    func whatIsNoIRegexpMatchesNothing(_ pattern: String) {
        #expect(IRegexp.translate(pattern) == nil)
    }

    @Test func aRegexFromTheDocumentIsCompiledWhereItIsMet() throws {
        let document: JSONValue = ["pattern": "b.*", "values": ["abc", "bcd", "cb"]]
        let query = try JSONPath("$.values[?match(@, $.pattern)]")
        #expect(try query.select(document) == ["bcd"])
        #expect(try JSONPath("$.values[?search(@, $.pattern)]").select(document) == ["abc", "bcd", "cb"])
    }

    @Test func numbersCompareByValueAndIntegersExactly() throws {
        let document = try JSONParser.parse("[9007199254740993, 9007199254740992, 1.0, 1]")
        #expect(
            try JSONPath("$[?@ == 9007199254740993]").select(document).map { $0.numberValue?.text } == [
                "9007199254740993"
            ])
        #expect(try JSONPath("$[?@ == 1]").select(document).count == 2)
    }
}
