import Foundation
import FuzzSupport
import TrawlJSON

/// Any bytes as a page's JavaScript state literal: a `JSONError` or a value. What is read
/// must write as JSON that parses back to the same value; and JSON being a JavaScript
/// literal, a document the JSON parser reads must be the value the literal reader reads.
func fuzzJSLiteral(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = [UInt8](FuzzerDriver.data(bytes, count))
    let literal = Result { () throws(JSONError) in try JavaScriptLiteralReader.value(in: input, from: 0) }
    if case .success(let value) = literal {
        let written = JSONWriter.bytes(value, style: .compact)
        let again = Result { () throws(JSONError) in try JSONParser.parse(written) }
        guard case .success(let reread) = again, reread == value else {
            fatalError("a literal's JSON does not read back: \(String(decoding: written, as: UTF8.self)) gave \(again)")
        }
    }
    // A whole document, not a value with text after it: `trueS` is a name to JavaScript.
    // A byte order mark is JSON's alone.
    let json = Result { () throws(JSONError) in try JSONParser.parse(input) }
    if case .success(let value) = json, !input.starts(with: [0xEF, 0xBB, 0xBF]) {
        guard case .success(let read) = literal, read == value else {
            fatalError("JSON the parser reads as \(value) the literal reader reads as \(literal)")
        }
    }
    return 0
}

@main enum FuzzJSLiteral {
    static func main() {
        FuzzerDriver.run { fuzzJSLiteral($0, $1) }
    }
}
