extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `text`.
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }

    /// Appends the UTF-8 of `text` with `&`, `<`, `>`, `"` and `'` replaced by character
    /// references.
    ///
    /// The spec requires the first four ("HTML Escaping"); `'` is escaped too so a value
    /// is safe inside a single-quoted attribute. Runs with nothing to escape are copied
    /// whole, which is the common case.
    mutating func appendEscapingHTML(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                start = index + 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Appends `text` without the part of `prefix` it starts with (blanks, in practice).
    mutating func append(_ text: String, removingCommonPrefix prefix: String) {
        var common = 0
        for (byte, prefixByte) in zip(text.utf8, prefix.utf8) {
            guard byte == prefixByte else { break }
            common += 1
        }
        append(contentsOf: text.utf8.dropFirst(common))
    }
}

extension String {
    /// The string without the part of `prefix` it starts with (blanks, in practice).
    func removingCommonPrefix(_ prefix: String) -> String {
        var bytes: [UInt8] = []
        bytes.append(self, removingCommonPrefix: prefix)
        return String(decoding: bytes, as: UTF8.self)
    }
}
