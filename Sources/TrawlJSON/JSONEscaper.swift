/// The one JSON string escaper (RFC 8259 §7): quotes, backslashes and control characters
/// escaped (`\n`, `\t`, … or `\u001f`), everything else as raw UTF-8, `/` included.
///
/// Swift strings hold Unicode scalars only, so a lone surrogate can never reach it.
public enum JSONEscaper {
    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `string` as a JSON string literal, quotes included.
    public static func append(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var run = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                run = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `string` as a JSON string literal, quotes included.
    public static func quoted(_ string: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        append(string, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
