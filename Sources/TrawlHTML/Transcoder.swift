import Foundation
import TrawlText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns bytes in a sniffed encoding into UTF-8 for libxml2, as the Encoding Standard
/// decodes: every invalid byte sequence becomes U+FFFD, and so does every NUL, so the
/// parser never sees a byte it could stop at.
enum Transcoder {
    static func utf8(_ data: Data, encoding: String) -> [UInt8] {
        var bytes: [UInt8]
        switch encoding {
        case "UTF-8":
            let body = data.dropBOM(3, if: [0xEF, 0xBB, 0xBF])
            // Valid input (nearly every page) is used as it is; only broken input is rebuilt.
            bytes = isValidUTF8(body) ? Array(body) : Array(String(decoding: body, as: UTF8.self).utf8)
        case "UTF-16LE", "UTF-16BE":
            bytes = utf16(data, bigEndian: encoding == "UTF-16BE")
        case "windows-1252":
            bytes = windows1252(data)
        default:
            bytes = convertWithIconv(data, from: encoding) ?? windows1252(data)
        }
        return replacingNUL(bytes)
    }

    private static func utf16(_ data: Data, bigEndian: Bool) -> [UInt8] {
        let body = bigEndian ? data.dropBOM(2, if: [0xFE, 0xFF]) : data.dropBOM(2, if: [0xFF, 0xFE])
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let (first, second) = (UInt16(body[index]), UInt16(body[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if index < body.endIndex { units.append(0xFFFD) }  // a lone trailing byte
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Encoding Standard index-windows-1252: bytes 0x80–0x9F; the rest are Latin-1.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
        0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func windows1252(_ data: Data) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count + data.count / 8)
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            for byte in input {
                if byte < 0x80 {
                    output.append(byte)
                    continue
                }
                let value = byte <= 0x9F ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
                if value < 0x800 {
                    output.append(UInt8(0xC0 | value >> 6))
                    output.append(UInt8(0x80 | value & 0x3F))
                } else {
                    output.append(UInt8(0xE0 | value >> 12))
                    output.append(UInt8(0x80 | (value >> 6) & 0x3F))
                    output.append(UInt8(0x80 | value & 0x3F))
                }
            }
        }
        return output
    }

    /// Whether the bytes are well-formed UTF-8 (Unicode §3.9, Table 3-7).
    static func isValidUTF8(_ data: Data) -> Bool { UTF8Validation.isValid(data) }

    /// Any other encoding through the C library's iconv; nil when it does not know the name.
    private static func convertWithIconv(_ data: Data, from encoding: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", encoding)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = Array(data)
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        input.withUnsafeMutableBufferPointer { source in
            var inPointer = source.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
            var inLeft = source.count
            while inLeft > 0 {
                let produced = chunk.withUnsafeMutableBufferPointer { target -> (Int, Int32) in
                    var outPointer = target.baseAddress.map {
                        UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                    }
                    var outLeft = target.count
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (target.count - outLeft, result == -1 ? errno : 0)
                }
                output.append(contentsOf: chunk[0..<produced.0])
                switch produced.1 {
                case 0, E2BIG:
                    continue
                default:
                    // EILSEQ or a truncated sequence at the end: one U+FFFD, skip one byte.
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                }
            }
        }
        return output
    }

    private static func replacingNUL(_ bytes: [UInt8]) -> [UInt8] {
        let hasNUL = bytes.withUnsafeBytes { buffer in buffer.baseAddress.flatMap { memchr($0, 0, buffer.count) } != nil
        }
        guard hasNUL else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        for byte in bytes {
            if byte == 0 { result.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { result.append(byte) }
        }
        return result
    }
}

extension Data {
    fileprivate func dropBOM(_ length: Int, if mark: [UInt8]) -> Data {
        starts(with: mark) ? dropFirst(length) : self
    }
}
