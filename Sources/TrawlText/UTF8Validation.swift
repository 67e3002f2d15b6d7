import Foundation

/// Whether bytes are well-formed UTF-8 (Unicode §3.9, Table 3-7), and where they stop being:
/// the one check the HTML transcoder, the JSON reader, the configuration and the cache share.
package enum UTF8Validation {
    /// The offset of the first byte that is not part of well-formed UTF-8; nil when all are.
    package static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            // Most text is ASCII: skip it eight bytes at a time.
            if index + 8 <= count,
                bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// The offset of the first byte that is not part of well-formed UTF-8; nil when all are.
    package static func firstInvalidByte(in bytes: some ContiguousBytes) -> Int? {
        bytes.withUnsafeBytes { firstInvalidByte(in: $0) }
    }

    /// Whether all the bytes are well-formed UTF-8.
    package static func isValid(_ bytes: some ContiguousBytes) -> Bool {
        firstInvalidByte(in: bytes) == nil
    }

    /// The length of the well-formed UTF-8 sequence at `index`, within the buffer; 0 if none.
    package static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }
}
