import Foundation
import Testing
import TrawlText

@Suite struct UTF8ValidationTests {
    /// Bytes and the offset of the first bad one (nil: well-formed).
    static let cases: [([UInt8], Int?)] = [
        ([], nil),
        (Array("plain ASCII, longer than eight bytes".utf8), nil),
        (Array("café – 日本 😀".utf8), nil),
        ([0x61, 0x80], 1),  // a lone continuation byte
        ([0xC0, 0xAF], 0),  // overlong
        ([0xE0, 0x80, 0x80], 0),  // overlong three-byte form
        ([0xED, 0xA0, 0x80], 0),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
        (Array("12345678".utf8) + [0xE2, 0x82], 8),  // cut short after an ASCII run
        (Array("abc".utf8) + [0xFF] + Array("defghijk".utf8), 3),
    ]

    @Test(arguments: cases)
    func theFirstBadByteIsFound(bytes: [UInt8], expected: Int?) {
        #expect(UTF8Validation.firstInvalidByte(in: bytes) == expected)
        #expect(UTF8Validation.isValid(Data(bytes)) == (expected == nil))
    }

    @Test func aSequenceLengthIsThatOfTheWellFormedSequenceOrZero() {
        let bytes: [UInt8] = Array("a€😀".utf8) + [0xC3]
        bytes.withUnsafeBytes { buffer in
            #expect(UTF8Validation.sequenceLength(buffer, at: 0) == 1)
            #expect(UTF8Validation.sequenceLength(buffer, at: 1) == 3)
            #expect(UTF8Validation.sequenceLength(buffer, at: 4) == 4)
            #expect(UTF8Validation.sequenceLength(buffer, at: 8) == 0)
        }
    }

    /// Every one- and two-byte input agrees with the standard library's own validation.
    @Test func agreesWithTheStandardLibraryOnEveryShortInput() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            for second in 0...255 {
                let bytes = [UInt8(first), UInt8(second)]
                if UTF8Validation.isValid(bytes) != (String(validating: bytes, as: UTF8.self) != nil) {
                    disagreements.append(bytes)
                }
            }
        }
        #expect(disagreements.isEmpty)
    }
}
