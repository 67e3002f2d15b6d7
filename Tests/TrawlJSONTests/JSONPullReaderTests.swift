import TestSupport
import Testing
import TrawlJSON

/// The pull reader reads what the parser reads: the same values, and the same errors at
/// the same places, for good texts, broken ones and random mutations of both.
@Suite struct JSONPullReaderTests {
    /// A whole value rebuilt through the token calls alone (not `value()`).
    static func walk(_ reader: inout JSONPullReader) throws(JSONError) -> JSONValue {
        let kind = try reader.peek()
        let start = reader.position
        switch kind {
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            if try reader.beginObject() {
                repeat {
                    let key = try reader.key()
                    members.append((key, try walk(&reader)))
                } while try reader.nextMember()
            }
            return JSONValue(.object(members), at: start)
        case .array:
            var elements: [JSONValue] = []
            if try reader.beginArray() {
                repeat {
                    elements.append(try walk(&reader))
                } while try reader.nextElement()
            }
            return JSONValue(.array(elements), at: start)
        case .string:
            if let ascii = try reader.asciiString() {
                return JSONValue(.string(String(decoding: ascii, as: UTF8.self)), at: start)
            }
            return JSONValue(.string(try reader.string()), at: start)
        case .number:
            return JSONValue(.number(try reader.number()), at: start)
        case .bool:
            return JSONValue(.bool(try reader.bool()), at: start)
        case .null:
            try reader.null()
            return JSONValue(.null, at: start)
        }
    }

    static func read(_ text: [UInt8]) -> Result<JSONValue, JSONError> {
        text.withUnsafeBytes { bytes in
            Result { () throws(JSONError) in
                var reader = JSONPullReader(bytes)
                let value = try walk(&reader)
                try reader.end()
                return value
            }
        }
    }

    static func parse(_ text: [UInt8]) -> Result<JSONValue, JSONError> {
        Result { () throws(JSONError) in try JSONParser.parse(text) }
    }

    static let texts = [
        #"{"a": [1, -0.5e+3, true, false, null, "x\"y\u00e9😀"], "b": {}, "c": [], "é": {"d": [[]]}}"#,
        "\u{FEFF}  [1 , 2 ]\n", "{\"k\"\n:\n\"v\"\n}", "\"plain\"", "0", "-0", "[\"\\ud800\"]",
        "{", "{\"a\"", "{\"a\":", "{\"a\":1,}", "{,}", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "[1,]", "[,1]", "[1 2]",
        "[tru]", "[nul]", "[fals]", "[01]", "[1.]", "[-]", "[\"\u{1}\"]", "[\"a\nb\"]", "[\"\\x\"]", "[\"\\u12\"]",
        "[1] x", "", "   ", "{\"a\":1}}", "[\"unterminated", "{1:2}", "[+1]", "[.5]",
    ]

    @Test(arguments: texts)
    func readsWhatTheParserReads(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.read(bytes) == Self.parse(bytes))
    }

    @Test func invalidUTF8IsFoundWhereTheParserFindsIt() {
        for bytes: [UInt8] in [
            [0x22, 0xC3, 0x28, 0x22], [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D], [0x22, 0xED, 0xA0, 0x80, 0x22],
        ] {
            #expect(Self.read(bytes) == Self.parse(bytes))
        }
    }

    @Test func nestingIsBoundedAsInTheParser() {
        for depth in [JSONParser.maximumDepth, JSONParser.maximumDepth + 1] {
            let bytes =
                Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
            #expect(Self.read(bytes) == Self.parse(bytes))
        }
    }

    /// Random mutations (bytes replaced, dropped, repeated; the text cut short) of the texts above.
    @Test(arguments: Array(UInt64(1)...40))
    func mutatedTextsReadAsTheParserReadsThem(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("{}[],:\"\\ u0123456789.-+eEtrufalsn\n\u{1}".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<50 {
            var bytes = Array(Self.texts[Int(random.next() % UInt64(Self.texts.count))].utf8)
            for _ in 0..<(1 + random.next() % 3) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(bytes[at], at: at)
                default: bytes.removeLast(bytes.count - at)
                }
            }
            #expect(Self.read(bytes) == Self.parse(bytes), "\(bytes)")
        }
    }

    @Test(arguments: [
        "0", "-0", "7", "-7", "80000", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "-9223372036854775809", "99999999999999999999", "1.0", "1e3", "-1.5", "0.0",
    ])
    func intsAreWhatTheNumberTextSays(text: String) throws {
        try Array(text.utf8).withUnsafeBytes { bytes throws in
            var reader = JSONPullReader(bytes)
            #expect(try reader.int() == Int(text))
        }
        #expect(try JSONParser.parse(text).numberValue?.int == Int(text))
    }

    @Test func asciiStringsAreReadInPlaceAndOthersLeftForString() throws {
        let text = Array(#"["2026-11-30T04:00:00Z", "a\nb", "é", "x"]"#.utf8)
        try text.withUnsafeBytes { bytes throws in
            var reader = JSONPullReader(bytes)
            #expect(try reader.beginArray())
            let ascii = try #require(try reader.asciiString())
            #expect(String(decoding: ascii, as: UTF8.self) == "2026-11-30T04:00:00Z")
            #expect(try reader.nextElement())
            #expect(try reader.asciiString() == nil)
            #expect(try reader.string() == "a\nb")
            #expect(try reader.nextElement())
            #expect(try reader.asciiString() == nil)
            #expect(try reader.string() == "é")
            #expect(try reader.nextElement())
            try reader.skipValue()
            #expect(try !reader.nextElement())
            try reader.end()
        }
    }

    @Test func aValueOfAnotherKindIsAnErrorAtIt() throws {
        try Array("{\"a\": 1}".utf8).withUnsafeBytes { bytes throws in
            var reader = JSONPullReader(bytes)
            #expect(try reader.beginObject())
            #expect(try reader.key() == "a")
            let error = try #require(throws: JSONError.self) { try reader.string() }
            #expect(error.position == JSONPosition(offset: 6, line: 1, column: 7))
            #expect(error.message == "expected a string, found '1'")
        }
    }
}
