import Testing
import TrawlJSON

@Suite struct JSONParserTests {
    @Test func valuesKeepTheirLineColumnAndOffset() throws {
        let value = try JSONParser.parse("{\n  \"a\": [1,\n    true]\n}")
        #expect(value.position == JSONPosition(offset: 0, line: 1, column: 1))
        let list = try #require(value["a"])
        #expect(list.position == JSONPosition(offset: 9, line: 2, column: 8))
        let second = try #require(list.arrayValue?[1])
        #expect(second.position == JSONPosition(offset: 17, line: 3, column: 5))
        #expect(second.boolValue == true)
    }

    @Test func numbersKeepTheirText() throws {
        let value = try JSONParser.parse("[9007199254740993, -0.50, 1E+3, 0]")
        let numbers = try #require(value.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.text) == ["9007199254740993", "-0.50", "1E+3", "0"])
        #expect(numbers[0].int == 9_007_199_254_740_993)
        #expect(numbers[1].double == -0.5)
        #expect(numbers[2].int == nil)
        #expect(numbers[2].double == 1000)
    }

    @Test(arguments: ["01", "-", "1.", "1.e3", "+1", ".5", "1e", "0x10", "1.2.3"])
    func malformedNumbersAreRejected(text: String) {
        #expect(throws: JSONError.self) { try JSONParser.parse("[\(text)]") }
    }

    @Test func escapesAreDecoded() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t\u00e9\u0001\ud83d\ude00""#)
        #expect(value.stringValue == "a\"b\\c/d\u{8}\u{c}\n\r\té\u{1}😀")
    }

    @Test(arguments: [#""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#])
    func loneSurrogatesBecomeTheReplacementCharacter(text: String) throws {
        let value = try JSONParser.parse(text)
        #expect(value.stringValue?.unicodeScalars.first == "\u{FFFD}")
    }

    @Test func aSurrogateFollowedByALetterKeepsTheLetter() throws {
        #expect(try JSONParser.parse(#""\ud800\u0041""#).stringValue == "\u{FFFD}A")
    }

    @Test func rawControlCharactersInStringsAreErrors() {
        #expect(throws: JSONError.self) { try JSONParser.parse("\"a\u{1}b\"") }
        do {
            _ = try JSONParser.parse("{\"a\": \"two\nlines\"}")
            Issue.record("parsed")
        } catch {
            #expect(error.message == "line break inside a string (write \\n)")
            #expect(error.position == JSONPosition(offset: 10, line: 1, column: 11))
            #expect(!error.isTruncated)
        }
    }

    @Test func invalidUTF8IsAnErrorAtTheBadByte() {
        do {
            _ = try JSONParser.parse([0x22, 0x61, 0xFF, 0x22])
            Issue.record("parsed")
        } catch {
            #expect(error.found == 0xFF)
            #expect(error.position.offset == 2)
        }
    }

    @Test func nestingIsBoundedWithoutOverflowingTheStack() throws {
        let fine = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
        let deep = String(repeating: "[", count: 100_000)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("parsed")
        } catch {
            #expect(error.message == "nested more than 512 levels deep")
            #expect(error.position.offset == 512)
            #expect(!error.isTruncated)
        }
    }

    @Test(arguments: [
        "{\"a\": [1, 2", "{\"a\": \"tex", "[tru", "{\"a\"", "[1.", "[\"\\u00", "{\"a\": 1,", "[-",
    ])
    func aTextThatEndsTooEarlyIsTruncated(text: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(error.isTruncated)
            #expect(error.found == nil)
            #expect(error.position.offset == text.utf8.count)
        }
    }

    @Test(arguments: [
        ("{\"a\" = 1}", 5, "':'"), ("[1 2]", 3, "',' or ']'"), ("\u{0}", 0, "a value"), ("[trux]", 4, "'true'"),
        ("{\"a\": 1} x", 9, "the end of the file"), ("{,}", 1, "a quoted key or '}'"),
    ])
    func aWrongByteIsCorruptWithWhatWasExpected(text: String, offset: Int, expected: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(!error.isTruncated)
            #expect(error.position.offset == offset)
            #expect(error.expected == expected)
        }
    }

    /// Long strings are scanned eight bytes at a time: an escape, a quote or a control
    /// character is found wherever it falls in a word.
    @Test(arguments: ["\\n", "\\\"", "\\u00e9", "\u{1}", "é", "😀"])
    func aSpecialCharacterIsFoundAtEveryPlaceInAWord(special: String) throws {
        for offset in 0..<20 {
            let prefix = String(repeating: "a", count: offset)
            let text = "\"\(prefix)\(special)\(String(repeating: "b", count: 19 - offset))\""
            if special == "\u{1}" {
                #expect(throws: JSONError.self) { try JSONParser.parse(text) }
                continue
            }
            let decoded = try #require(try JSONParser.parse(text).stringValue)
            #expect(decoded.hasPrefix(prefix))
            #expect(decoded.hasSuffix(String(repeating: "b", count: 19 - offset)))
            #expect(decoded.count == 20)
        }
    }

    @Test func membersKeepTheirOrderAndRepeatedKeys() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": 2, "b": 3}"#)
        #expect(value.keys == ["b", "a", "b"])
        #expect(value["b"]?.numberValue?.int == 3)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).arrayValue?.count == 1)
    }
}
