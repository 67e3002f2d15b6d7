import Testing
import TrawlJSON

@Suite struct JSONWriterTests {
    @Test func controlCharactersQuotesAndBackslashesAreEscaped() {
        #expect(JSONEscaper.quoted("a\"b\\c/d\u{8}\u{c}\n\r\t\u{1}\u{1f}é😀") == #""a\"b\\c/d\b\f\n\r\t\u0001\u001fé😀""#)
    }

    @Test func prettyLayoutIsStable() {
        let value = JSONValue.object([
            ("b", .int(1)), ("a", .array([.string("x"), .bool(false), .null])), ("e", .object([])), ("f", .array([])),
        ])
        #expect(
            JSONWriter.string(value)
                == "{\n  \"b\": 1,\n  \"a\": [\n    \"x\",\n    false,\n    null\n  ],\n  \"e\": {},\n  \"f\": []\n}\n")
        #expect(JSONWriter.string(value, style: .compact) == #"{"b":1,"a":["x",false,null],"e":{},"f":[]}"#)
    }

    @Test func whatIsWrittenParsesBackToTheSameValue() throws {
        let strings = ["", "plain", "\u{0}\u{7f}\u{2028}", "\"quoted\"\\", "日本語", "tab\there"]
        let value = JSONValue.object(
            strings.enumerated().map { ("k\($0.offset)", .string($0.element)) } + [
                ("n", .number(JSONNumber(0.1)!)), ("big", .number(JSONNumber(1e300)!)), ("i", .int(Int.min)),
            ])
        for style in [JSONWriter.Style.pretty, .compact] {
            #expect(try JSONParser.parse(JSONWriter.bytes(value, style: style)) == value)
        }
    }

    @Test func numbersAreWrittenAsFoundationWritesThem() {
        #expect(JSONNumber(3.0)?.text == "3")
        #expect(JSONNumber(0.25)?.text == "0.25")
        #expect(JSONNumber(.infinity) == nil)
        #expect(JSONNumber(.nan) == nil)
    }
}
