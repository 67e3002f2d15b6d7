/// The one HTML and XML escaper: Mustache's `{{ }}`, the Atom writer and the markup the
/// site writes in code (feed entries, diffs, the sitemap) all go through it.
///
/// It works on UTF-8 bytes and copies runs with nothing to escape whole, the common case;
/// `escaped(_:as:)` returns a string with nothing to escape as it is, without a copy.
public enum MarkupEscaper {
    /// The rules to escape by. Each keeps the exact bytes its outputs have always had.
    public enum Dialect: Sendable {
        /// HTML text, or an attribute value in either quote: `&`, `<`, `>`, `"`, and `'` as
        /// `&#39;` (Mustache's spec asks for the first four; `'` keeps a single-quoted
        /// attribute closed). Every other byte is copied.
        case html
        /// XML 1.0 character data or a double-quoted attribute value: `&`, `<`, `>` and `"`
        /// (so `]]>` can never end anything), `'` copied, and the characters XML 1.0 forbids
        /// (§2.2: C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF)
        /// dropped.
        case xml
    }

    /// Appends the UTF-8 of `text`, escaped, to `bytes`.
    public static func append(_ text: String, as dialect: Dialect = .html, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            switch dialect {
            case .html: write(utf8, from: 0, to: &bytes, html: true)
            case .xml: write(utf8, from: 0, to: &bytes, html: false)
            }
        }
    }

    /// `text` escaped; `text` itself when nothing in it needs escaping.
    public static func escaped(_ text: String, as dialect: Dialect = .html) -> String {
        var text = text
        let escaped = text.withUTF8 { utf8 -> [UInt8]? in
            let html = dialect == .html
            var index = 0
            while index < utf8.count, replacement(in: utf8, at: index, html: html) == nil { index += 1 }
            guard index < utf8.count else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 16)
            if html {
                write(utf8, from: index, to: &bytes, html: true)
            } else {
                write(utf8, from: index, to: &bytes, html: false)
            }
            return bytes
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Writes `utf8` escaped into `bytes`, given that nothing before `first` needs escaping.
    @inline(__always)
    private static func write(_ utf8: UnsafeBufferPointer<UInt8>, from first: Int, to bytes: inout [UInt8], html: Bool)
    {
        var start = 0
        var index = first
        while index < utf8.count {
            guard let (text, length) = replacement(in: utf8, at: index, html: html) else {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            if text.utf8CodeUnitCount > 0 {
                bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            }
            index += length
            start = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }

    /// What replaces the character at `index` (empty: dropped) and its length in bytes, or
    /// nil when it is copied.
    @inline(__always)
    private static func replacement(
        in utf8: UnsafeBufferPointer<UInt8>, at index: Int, html: Bool
    ) -> (StaticString, Int)? {
        let byte = utf8[index]
        // Nothing at or above `>` but `'` (below it) and the XML noncharacters' lead byte is
        // special: one comparison for almost every byte of text.
        if byte > UInt8(ascii: ">") {
            guard !html, byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE
            else { return nil }
            return ("", 3)  // U+FFFE or U+FFFF
        }
        switch byte {
        case UInt8(ascii: "&"): return ("&amp;", 1)
        case UInt8(ascii: "<"): return ("&lt;", 1)
        case UInt8(ascii: ">"): return ("&gt;", 1)
        case UInt8(ascii: "\""): return ("&quot;", 1)
        case UInt8(ascii: "'"): return html ? ("&#39;", 1) : nil
        case 0x09, 0x0A, 0x0D: return nil
        case 0x00..<0x20: return html ? nil : ("", 1)
        default: return nil
        }
    }
}
