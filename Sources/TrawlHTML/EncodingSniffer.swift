import Foundation

/// Finds the character encoding of HTML bytes as the HTML Standard §13.2.3 does: a byte
/// order mark, then the transport's `Content-Type` charset, then a `<meta>` in the first
/// 1024 bytes, then windows-1252.
public enum EncodingSniffer {
    /// Where the encoding came from, strongest first.
    public enum Source: Sendable, Equatable {
        case byteOrderMark, transport, meta
        /// Undeclared, but the bytes are well-formed UTF-8 with some non-ASCII in them
        /// (the autodetection §13.2.3.2 step 8 allows; legacy text almost never passes it).
        case autodetected
        case fallback
    }

    /// The encoding's canonical name (an Encoding Standard name such as `UTF-8`,
    /// `windows-1252`, `Shift_JIS`) and where it was found.
    public static func sniff(_ data: Data, contentType: String? = nil) -> (name: String, source: Source) {
        if let bom = byteOrderMark(data) { return (bom.name, .byteOrderMark) }
        if let contentType, let label = charset(inContentType: contentType), let name = canonicalName(label) {
            return (name, .transport)
        }
        if let label = prescan(data.prefix(1024)), var name = canonicalName(label) {
            // §13.2.3.2: a document that can say "utf-16" in ASCII is not UTF-16.
            if name.hasPrefix("UTF-16") { name = "UTF-8" }
            return (name, .meta)
        }
        if looksLikeUTF8(data) { return ("UTF-8", .autodetected) }
        return ("windows-1252", .fallback)
    }

    private static func looksLikeUTF8(_ data: Data) -> Bool {
        let hasNonASCII = data.withUnsafeBytes { $0.contains(where: { $0 >= 0x80 }) }
        return hasNonASCII && Transcoder.isValidUTF8(data)
    }

    /// The encoding a byte order mark names, and its length.
    static func byteOrderMark(_ data: Data) -> (name: String, length: Int)? {
        let bytes = Array(data.prefix(3))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        return nil
    }

    /// The `charset` parameter of a MIME type (`text/html; charset="utf-8"`).
    static func charset(inContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            return value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return nil
    }

    /// Encoding Standard §4.2 "get an encoding", for the labels pages use; other labels pass
    /// through for iconv to try. Nil for labels that name no encoding.
    static func canonicalName(_ label: String) -> String? {
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !label.isEmpty else { return nil }
        switch label {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
            return "UTF-8"
        case "utf-16", "utf-16le", "unicode", "ucs-2", "csunicode", "iso-10646-ucs-2", "unicodefeff":
            return "UTF-16LE"
        case "utf-16be", "unicodefffe":
            return "UTF-16BE"
        // The Encoding Standard reads all of these as windows-1252.
        case "ascii", "us-ascii", "ansi_x3.4-1968", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
            "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
            "windows-1252", "x-cp1252":
            return "windows-1252"
        case "gb2312", "gbk", "chinese", "csgb2312", "csiso58gb231280", "iso-ir-58", "x-gbk", "gb_2312", "gb_2312-80":
            return "GBK"
        case "shift_jis", "shift-jis", "sjis", "ms_kanji", "csshiftjis", "ms932", "windows-31j", "x-sjis":
            return "Shift_JIS"
        case "x-user-defined", "replacement":
            return nil
        // HTML Standard §13.2.3.1: never these (UTF-7 smuggles markup past filters); the
        // label is ignored and sniffing goes on.
        case "utf-7", "utf7", "unicode-1-1-utf-7", "csunicode11utf7", "x-utf-7", "unicode-2-0-utf-7",
            "utf-32", "utf-32le", "utf-32be", "utf32", "ucs-4", "cesu-8", "cesu8", "bocu-1", "scsu":
            return nil
        default:
            return label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_:.".contains($0)) })
                ? label : nil
        }
    }
}
