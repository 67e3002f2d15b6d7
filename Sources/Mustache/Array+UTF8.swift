extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `text`.
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
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
