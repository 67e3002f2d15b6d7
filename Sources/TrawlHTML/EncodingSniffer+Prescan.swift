import Foundation

extension EncodingSniffer {
    /// HTML Standard §13.2.3.2 "prescan a byte stream to determine its encoding", for the
    /// `<meta charset>` and `<meta http-equiv="content-type" content="…charset=…">` forms.
    static func prescan(_ data: Data) -> String? {
        let bytes = Array(data)
        var index = 0
        while index < bytes.count {
            if matches(bytes, at: index, "<!--") {
                index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
            } else if matches(bytes, at: index, "<meta"), index + 5 < bytes.count,
                isSpaceOrSlash(bytes[index + 5])
            {
                index += 5
                var attributes: [String: String] = [:]
                while let (name, value, next) = attribute(bytes, from: index) {
                    index = next
                    if attributes[name] == nil { attributes[name] = value }
                }
                if let charset = attributes["charset"] { return charset }
                if attributes["http-equiv"]?.lowercased() == "content-type", let content = attributes["content"],
                    let charset = charset(inMetaContent: content)
                {
                    return charset
                }
            } else if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count,
                isASCIILetter(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: "/")
            {
                // Another tag: skip its attributes so a quoted '>' cannot end it early.
                index += 1
                while index < bytes.count, !isSpaceOrSlash(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                    index += 1
                }
                while let (_, _, next) = attribute(bytes, from: index) { index = next }
            } else if matches(bytes, at: index, "<!") || matches(bytes, at: index, "</")
                || matches(bytes, at: index, "<?")
            {
                index = find(bytes, ">", from: index + 2).map { $0 + 1 } ?? bytes.count
            } else {
                index += 1
            }
        }
        return nil
    }

    /// §13.2.3.3 "get an attribute": the next attribute's lower-cased name and its value,
    /// and where reading stopped; nil at `>` or the end.
    private static func attribute(_ bytes: [UInt8], from start: Int) -> (String, String, Int)? {
        var index = start
        while index < bytes.count, isSpaceOrSlash(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { return nil }
        var name: [UInt8] = []
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
            bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=") || name.isEmpty
        {
            name.append(lowercased(bytes[index]))
            index += 1
        }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            return (String(decoding: name, as: UTF8.self), "", index)
        }
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var value: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            index += 1
            while index < bytes.count, bytes[index] != quote {
                value.append(bytes[index])
                index += 1
            }
            index += 1
        } else {
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                value.append(bytes[index])
                index += 1
            }
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self), index)
    }

    /// §2.6.3 "extracting character encodings from meta elements": `text/html; charset=x`.
    static func charset(inMetaContent content: String) -> String? {
        let lowered = content.lowercased()
        guard let range = lowered.range(of: "charset") else { return nil }
        var rest = lowered[range.upperBound...].drop(while: { $0.isWhitespace })
        guard rest.first == "=" else { return charset(inMetaContent: String(lowered[range.upperBound...])) }
        rest = rest.dropFirst().drop(while: { $0.isWhitespace })
        if let quote = rest.first, quote == "\"" || quote == "'" {
            let value = rest.dropFirst().prefix(while: { $0 != quote })
            return value.count < rest.count - 1 ? String(value) : nil
        }
        let value = rest.prefix(while: { !$0.isWhitespace && $0 != ";" })
        return value.isEmpty ? nil : String(value)
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where lowercased(bytes[index + offset]) != pattern[offset] { return false }
        return true
    }

    private static func find(_ bytes: [UInt8], _ literal: String, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if matches(bytes, at: index, literal) { return index }
            index += 1
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
    }

    private static func isSpaceOrSlash(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/")
    }
}
