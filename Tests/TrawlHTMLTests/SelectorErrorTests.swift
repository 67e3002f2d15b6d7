import Testing
import TrawlHTML

/// An invalid selector is an error that says what was expected, and where.
@Suite struct SelectorErrorTests {
    @Test(arguments: [
        ("li:nth-child(2", #"expected ')' at column 15 in "li:nth-child(2""#),
        ("div >", #"expected a selector at column 6 in "div >""#),
        ("div,", #"expected a selector after ',' at column 5 in "div,""#),
        ("a[href", #"expected ']' or an attribute operator (=, ~=, |=, ^=, $=, *=) at column 7 in "a[href""#),
        ("p:nth-child(x)", #"expected An+B, 'odd' or 'even' at column 13 in "p:nth-child(x)""#),
        ("p:hovering", #"expected a supported pseudo-class, found 'hovering' at column 3 in "p:hovering""#),
        ("a::text b", #"expected nothing after a pseudo-element, found 'b' at column 9 in "a::text b""#),
        (
            "svg|", #"expected an element name or '*' after '|' at column 5 in "svg|""#
        ),
    ])
    func saysWhatWasExpectedAndWhere(_ selector: String, _ message: String) {
        #expect(throws: SelectorError.self) { try Selector(parsing: selector) }
        do {
            _ = try Selector(parsing: selector)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aStringBrokenByANewLineIsAnError() {
        #expect(
            throws: SelectorError(
                source: "a [title=\"x\ny\"]", column: 10, expected: "closing \" before the end of the line")
        ) {
            try Selector(parsing: "a [title=\"x\ny\"]")
        }
    }

    @Test func documentSelectThrowsTheSameError() {
        let document = Document.parseHTML("<p>x</p>")
        #expect(throws: SelectorError(source: "p:is(a", column: 7, expected: "')'")) {
            try document.select("p:is(a")
        }
    }

    @Test(arguments: [
        String(repeating: ":is(", count: 10_000) + "a" + String(repeating: ")", count: 10_000),
        Array(repeating: "a", count: 100_000).joined(separator: " "),
        Array(repeating: "a", count: 100_000).joined(separator: ","),
        String(repeating: ":nth-child(2n+3 of ", count: 30) + "a" + String(repeating: ")", count: 30),
    ])
    func hugeSelectorsAreErrorsNotCrashes(_ selector: String) {
        #expect(throws: SelectorError.self) { try Selector(parsing: selector) }
    }

    @Test(arguments: [":before", "::first-line", "a:after"])
    func rejectsPseudoElementsThatCannotBeSelected(_ selector: String) {
        #expect(throws: SelectorError.self) { try Selector(parsing: selector) }
    }
}
