/// Caps the attributes of each start tag before libxml2 sees the bytes.
///
/// libxml2 2.9 checks each attribute against every earlier one of its element, so one element
/// with 160,000 attributes takes minutes to parse. No real element has hundreds: past
/// `ParseLimits.maximumAttributes`, the rest of a tag's attributes are cut. The scan is one
/// pass; the bytes are copied only when a tag is cut.
enum AttributeLimiter {
    /// The bytes with every tag's attributes beyond `limit` removed, and how many tags were cut;
    /// nil when no tag has more than `limit`.
    static func limit(_ bytes: UnsafeBufferPointer<UInt8>, to limit: Int) -> (bytes: [UInt8], cutTags: Int)? {
        var output: [UInt8]?
        var copiedUpTo = 0
        var cutTags = 0
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                index = skipMarkupDeclaration(bytes, from: index)
                continue
            }
            guard isLetter(next) else {
                index += 1
                continue
            }
            let (end, cut, name) = scanTag(bytes, from: index + 1, limit: limit)
            if let cut {
                if output == nil {
                    output = Array(bytes[0..<cut])
                } else {
                    output!.append(contentsOf: bytes[copiedUpTo..<cut])
                }
                copiedUpTo = end
                cutTags += 1
            }
            index = end
            if isRawText(name) { index = skipRawText(bytes, from: index, name: name) }
        }
        guard var output else { return nil }
        output.append(contentsOf: bytes[copiedUpTo..<count])
        return (output, cutTags)
    }

    /// Reads a start tag from just after `<`; returns where its `>` is (or the end), where its
    /// attributes beyond `limit` start, and its lower-cased name.
    private static func scanTag(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int
    ) -> (end: Int, cut: Int?, name: [UInt8]) {
        let count = bytes.count
        var index = start
        while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        let name = bytes[start..<index].map { $0 | 0x20 }
        var attributes = 0
        var cut: Int?
        var afterEquals = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { break }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
            } else if byte == UInt8(ascii: "=") {
                afterEquals = true
                index += 1
            } else if afterEquals {
                afterEquals = false
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    index += 1
                    while index < count, bytes[index] != byte { index += 1 }
                    index = min(index + 1, count)
                } else {
                    while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                }
            } else {
                attributes += 1
                if attributes == limit + 1 { cut = index }
                while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                    bytes[index] != UInt8(ascii: "=")
                {
                    index += 1
                }
            }
        }
        return (index, cut, name)
    }

    /// Skips a comment, CDATA section or DOCTYPE starting at `<!`.
    private static func skipMarkupDeclaration(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let terminator: [UInt8]
        if matches(bytes, at: start, Array("<!--".utf8)) {
            terminator = Array("-->".utf8)
        } else if matches(bytes, at: start, Array("<![CDATA[".utf8)) {
            terminator = Array("]]>".utf8)
        } else {
            terminator = Array(">".utf8)
        }
        var index = start + 2
        while index < bytes.count, !matches(bytes, at: index, terminator) { index += 1 }
        return min(index + terminator.count, bytes.count)
    }

    /// Skips the content of `script`, `style` and the like up to their end tag: `<` in them is text.
    private static func skipRawText(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: [UInt8]) -> Int {
        let endTag = Array("</".utf8) + name
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), matches(bytes, at: index, endTag, ignoringCase: true) { return index }
            index += 1
        }
        return index
    }

    private static let rawTextElements: Set<[UInt8]> = Set(
        ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"].map {
            Array($0.utf8)
        })

    private static func isRawText(_ name: [UInt8]) -> Bool { rawTextElements.contains(name) }

    private static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ pattern: [UInt8], ignoringCase: Bool = false
    ) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count {
            let byte = bytes[index + offset]
            if byte != pattern[offset], !(ignoringCase && byte | 0x20 == pattern[offset]) { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
