import Foundation
import TrawlText

/// Checks that `trawl.json` is text a person can see: UTF-8, with no control characters but
/// tab and line breaks. Either used to be replaced or passed on silently.
enum ConfigurationText {
    struct Problem: Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// The first byte that is not valid UTF-8, or the first control character; nil when clean.
    static func firstProblem(in data: Data) -> Problem? {
        data.withUnsafeBytes { firstProblem(in: $0) }
    }

    private static func firstProblem(in bytes: UnsafeRawBufferPointer) -> Problem? {
        var index = 0
        var line = 1
        var column = 1
        while index < bytes.count {
            let byte = bytes[index]
            let length = UTF8Validation.sequenceLength(bytes, at: index)
            guard length > 0 else {
                return Problem(
                    message: "not UTF-8: byte 0x\(hex(byte)) cannot stand here (save the file as UTF-8)",
                    line: line, column: column)
            }
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                return Problem(
                    message:
                        "control character U+00\(hex(byte)) (invisible; inside a string write it as \\u00\(hex(byte)))",
                    line: line, column: column)
            }
            if byte == 0x7F {
                return Problem(message: "control character U+007F (DELETE)", line: line, column: column)
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count < 2 ? "0" + text : text
    }
}
