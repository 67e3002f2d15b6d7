extension String {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
    ///
    /// The spec requires the first four ("HTML Escaping"); `'` is escaped too so a value
    /// is safe inside a single-quoted attribute. Text with nothing to escape is appended
    /// whole, which is the common case.
    mutating func appendEscapingHTML(_ text: String) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let replacement: String
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default:
                bytes.formIndex(after: &index)
                continue
            }
            if start != index { self += text[start..<index] }
            self += replacement
            bytes.formIndex(after: &index)
            start = index
        }
        if start == bytes.startIndex {
            self += text
        } else if start != bytes.endIndex {
            self += text[start...]
        }
    }

    /// The string without the part of `prefix` it starts with (blanks, in practice).
    func removingCommonPrefix(_ prefix: String) -> Substring {
        guard !prefix.isEmpty else { return self[...] }
        var index = startIndex
        var prefixIndex = prefix.startIndex
        while index != endIndex, prefixIndex != prefix.endIndex, self[index] == prefix[prefixIndex] {
            formIndex(after: &index)
            prefix.formIndex(after: &prefixIndex)
        }
        return self[index...]
    }
}
