import Foundation

/// Tells JSON from XML from HTML by the document's first bytes, before any parsing.
struct DocumentSniffer {
    enum Kind { case empty, json, xml, html }

    let kind: Kind

    init(_ data: Data) {
        var bytes = ArraySlice(data.prefix(4096))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let start = bytes.firstIndex { !(Self.isSpace($0)) }
        guard let start else {
            // A UTF-16 document has NULs among its first bytes; let libxml2 decode it.
            kind =
                data.isEmpty
                ? .empty
                : (data.prefix(4).contains(0) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
                    ? .xml : .empty)
            return
        }
        if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") {
            kind = .json
            return
        }
        // Skip an XML declaration, processing instructions and comments, then look at the first tag.
        var index = start
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: "<") {
            if Self.hasPrefix(bytes[index...], "<?") {
                guard let end = Self.find(bytes[index...], "?>") else { break }
                index = end
            } else if Self.hasPrefix(bytes[index...], "<!--") {
                guard let end = Self.find(bytes[index...], "-->") else { break }
                index = end
            } else {
                let tag = bytes[index...]
                kind = Self.hasPrefix(tag, "<!doctype html") || Self.hasPrefix(tag, "<html") ? .html : .xml
                return
            }
            while index < bytes.endIndex, Self.isSpace(bytes[index]) { index += 1 }
        }
        kind = .xml
    }

    /// A case-insensitive ASCII prefix test.
    private static func hasPrefix(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        guard bytes.count >= prefix.utf8.count else { return false }
        return zip(bytes, prefix.utf8).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
    }

    /// The index just past the first occurrence of `needle`.
    private static func find(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Int? {
        let pattern = Array(needle.utf8)
        var index = bytes.startIndex
        while index + pattern.count <= bytes.endIndex {
            if bytes[index..<index + pattern.count].elementsEqual(pattern) { return index + pattern.count }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The `charset` parameter of a Content-Type header, if any: `text/xml; charset="utf-8"` → `utf-8`.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
