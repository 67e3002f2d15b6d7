import Foundation
import TestSupport
import Testing

@testable import TrawlJSON

/// The JavaScript object literals pages assign their state as, read as the JSON they mean.
@Suite struct JavaScriptLiteralTests {
    static func read(_ text: String) throws(JSONError) -> JSONValue {
        try JavaScriptLiteralReader.value(in: Array(text.utf8), from: 0)
    }

    @Test(arguments: [
        ("{a: 1, 'b': \"two\", $c_3: [1, 2,],}", #"{"a":1,"b":"two","$c_3":[1,2]}"#),
        (
            "{ok: !0, no: !1, gone: undefined, nothing: void 0, n: null}",
            #"{"ok":true,"no":false,"gone":null,"nothing":null,"n":null}"#
        ),
        ("['it\\'s', 'a\\nb', '\\x41\\u0042\\u{1F600}', \"q\\\"\"]", #"["it's","a\nb","AB😀","q\""]"#),
        ("[1,,2]", "[1,null,2]"),
        ("{/* a comment */ a: // to the end of the line\n 1}", #"{"a":1}"#),
        // A carriage return alone ends a line, and a `//` comment with it (ECMA-262 §12.3).
        ("{a: 1 // to the end of the line\r}", #"{"a":1}"#),
        ("{1: 'one', 2.5: -3e2}", #"{"1":"one","2.5":-3e2}"#),
        ("[0, -0, 0.5, 0e1, 10]", "[0,-0,0.5,0e1,10]"),
        ("{ünïcode: 'é'}", #"{"ünïcode":"é"}"#),
    ])
    func aLiteralReadsAsTheJSONItMeans(_ literal: String, _ json: String) throws {
        #expect(try JSONWriter.string(Self.read(literal), style: .compact) == json)
    }

    @Test(arguments: [
        ("{a: new Date(0)}", 1, 5, "expected a value, found 'new Date(…)': code, not data"),
        ("{\n  a: someVariable}", 2, 6, "expected a value, found 'someVariable': code, not data"),
        ("{a: 1 b: 2}", 1, 7, "expected ',' or '}', found 'b'"),
        ("{a: 'open", 1, 10, "unexpected end of text"),
        // The lines of a comment left open count to the end.
        ("{a: 1 /* open\n", 2, 1, "unexpected end of text"),
        ("{a: 'line\nbreak'}", 1, 10, "a line break inside a string"),
        ("[0123]", 1, 3, "a number with a leading zero (an octal literal)"),
        ("{a: -00}", 1, 7, "a number with a leading zero (an octal literal)"),
        ("{01: 'one'}", 1, 3, "a number with a leading zero (an octal literal)"),
    ])
    func codeAndBrokenLiteralsAreErrorsWithTheirPosition(
        _ literal: String, _ line: Int, _ column: Int, _ message: String
    ) {
        #expect {
            try Self.read(literal)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.position.line == line && error.position.column == column && error.message == message
        }
    }

    /// What `fuzz-jsliteral` found (Fixtures/fuzz/PROVENANCE.md): a page's state with
    /// `0849333` in it read as that text, which written out was JSON no parser reads.
    @Test func aNumberWithALeadingZeroIsAnErrorNotATextNoJSONReads() throws {
        let file = SharedTestData.packageRoot.appendingPathComponent(
            "Tests/TrawlJSONTests/Fixtures/fuzz/jsliteral-leading-zero.js")
        let bytes = try Array(Data(contentsOf: file))
        #expect {
            try JavaScriptLiteralReader.value(in: bytes, from: 0)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.position.line == 1 && error.position.column == 693
                && error.message == "a number with a leading zero (an octal literal)"
        }
    }

    /// Nesting is bounded as in `JSONParser`: no stack overflow on a hostile page.
    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000)
        #expect {
            try Self.read(deep)
        } throws: { error in
            (error as? JSONError)?.message == "nested more than \(JSONParser.maximumDepth) levels deep"
        }
    }
}
