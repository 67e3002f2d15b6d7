/// White space collapsed on UTF-8 bytes: runs folded to one space, the ends trimmed — the
/// text a reader sees. Done once, where text leaves the tree, without going through
/// `Character` (grapheme breaking made it a tenth of a scrape's time).
///
/// White space is what `Character.isWhitespace` calls so: ASCII tab, line feed, vertical
/// tab, form feed, carriage return and space, and U+0085, U+00A0, U+1680, U+2000–U+200A,
/// U+2028, U+2029, U+202F, U+205F, U+3000.
public enum CollapsedText {
    /// The collapsed text of `bytes` (valid UTF-8).
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var collapser = Collapser()
            collapser.append(bytes, to: output)
            return collapser.count
        }
    }

    /// Collapses pieces of text (valid UTF-8 each) as if they were one, into one buffer:
    /// an element's text nodes, without joining them first.
    struct Collapser {
        /// The bytes written so far.
        private(set) var count = 0
        private var pendingSpace = false

        /// Appends the collapsed `bytes` to `output`, which has room for them.
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutableBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                let length = whitespaceLength(bytes, at: index)
                if length > 0 {
                    pendingSpace = count > 0
                    index += length
                    continue
                }
                if pendingSpace {
                    output[count] = 0x20
                    count += 1
                    pendingSpace = false
                }
                output[count] = bytes[index]
                count += 1
                index += 1
            }
        }

        /// Parts the words on either side, as white space would: a `<br>`, a block's edge.
        mutating func breakWords() {
            if count > 0 { pendingSpace = true }
        }
    }

    /// Whether `bytes` is already collapsed: no white space but single spaces between words.
    public static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        guard first != 0x20, last != 0x20 else { return false }
        var previousSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 {
                if previousSpace { return false }
                previousSpace = true
            } else {
                if whitespaceLength(bytes, at: index) > 0 { return false }
                previousSpace = false
            }
            index += 1
        }
        return true
    }

    /// The length in bytes of the white space character at `index`, or 0.
    @inline(__always)
    static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) ? 1 : 0 }
        switch byte {
        case 0xC2:
            guard index + 1 < bytes.count else { return 0 }
            return bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 ? 2 : 0
        case 0xE1:
            guard index + 2 < bytes.count else { return 0 }
            return bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard index + 2 < bytes.count else { return 0 }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if second == 0x80 {
                return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
            }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3:
            guard index + 2 < bytes.count else { return 0 }
            return bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }
}

extension String {
    /// White space runs folded to one space, ends trimmed (what a reader sees); `self` when
    /// it already is.
    public var collapsingWhitespace: String {
        var copy = self
        return copy.withUTF8 { bytes in
            CollapsedText.isCollapsed(bytes) ? nil : CollapsedText.string(bytes)
        } ?? self
    }
}
