import Foundation
import TrawlJSON

/// The JSON a page's script holds: the whole text (`<script id="__NEXT_DATA__"
/// type="application/json">`, JSON-LD), or the value of a JavaScript assignment
/// (`window.__INITIAL_STATE__ = {...};`).
///
/// JSON is read strictly first; what is not JSON is read as the JavaScript object literal
/// such state is often written as (unquoted keys, single quotes, trailing commas,
/// `undefined`: `JavaScriptLiteralReader`). Code (a call, `new Date(…)`, a variable) is a
/// `JSONError` with the line and column in the script's text, never a guess; so is text
/// after the value that ends no statement (`x = trueS`; see `EmbeddedJSON+End`).
enum EmbeddedJSON {
    static func value(in text: String) throws(JSONError) -> JSONValue {
        let bytes = Array(text.utf8)
        let start = bytes.withUnsafeBytes { Self.opening(in: $0).value }
        let strict = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) -> (value: JSONValue, end: Int) in
                try JSONParser.parseValue(in: buffer, from: start, maximumValues: JSONScraper.maximumValues)
            }
        }
        let read: (value: JSONValue, end: Int)
        if case .success(let value) = strict {
            read = value
        } else {
            read = try JavaScriptLiteralReader.parseValue(
                in: bytes, from: start, maximumValues: JSONScraper.maximumValues)
        }
        try checkEnd(of: bytes, valueStart: start, valueEnd: read.end)
        return read.value
    }

    /// What a script that assigns its value names as written (`window.__APOLLO_STATE__`,
    /// `var state`), or nil when the script is no assignment.
    static func assignmentTarget(in text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let target = bytes.withUnsafeBytes({ Self.opening(in: $0).target }) else { return nil }
        var end = target.upperBound
        while end > target.lowerBound, isBlank(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[target.lowerBound..<end], as: UTF8.self)
    }

    /// Where the JSON starts: the first byte that is not white space (or the opening of an
    /// HTML comment, or a CDATA section's as XHTML-era pages and saved copies wrap scripts:
    /// `<![CDATA[`, `/* <![CDATA[ */`, `//<![CDATA[`), or just after the `=` of a leading
    /// assignment such as `window["__STATE__"] = ` or `var state = `, whose target is given.
    static func opening(in bytes: UnsafeRawBufferPointer) -> (target: Range<Int>?, value: Int) {
        var index = skipBlank(bytes, from: 0)
        for opener in openers where hasPrefix(opener, bytes, at: index) {
            index = skipBlank(bytes, from: index + opener.count)
            break
        }
        // JSON itself starts with a bracket or a quote; an assignment with a name.
        guard index < bytes.count, isTargetByte(bytes[index]),
            ![UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[index])
        else { return (nil, index) }
        var scan = index
        while scan < bytes.count, isTargetByte(bytes[scan]) || isBlank(bytes[scan]) { scan += 1 }
        // `=` but not `==` or `=>`: an assignment, whose value follows.
        guard scan < bytes.count, bytes[scan] == UInt8(ascii: "="),
            scan + 1 >= bytes.count || (bytes[scan + 1] != UInt8(ascii: "=") && bytes[scan + 1] != UInt8(ascii: ">"))
        else { return (nil, index) }
        return (index..<scan, skipBlank(bytes, from: scan + 1))
    }

    /// Bytes of an assignment's target: names, `.`, `$`, and `["quoted"]` subscripts.
    private static func isTargetByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default: return byte >= 0x80
        }
    }

    /// What may stand before the value and is no part of it, longest first.
    private static let openers: [[UInt8]] = ["/* <![CDATA[ */", "/*<![CDATA[*/", "//<![CDATA[", "<![CDATA[", "<!--"].map
    {
        Array($0.utf8)
    }

    private static func hasPrefix(_ prefix: [UInt8], _ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        index + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[index + $0] == prefix[$0] }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func skipBlank(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        return index
    }
}
