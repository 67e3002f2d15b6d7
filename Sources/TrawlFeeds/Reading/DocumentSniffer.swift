import Foundation

/// Tells JSON from XML from HTML by the document's first bytes, before any parsing.
struct DocumentSniffer {
    enum Kind { case empty, json, xml, html }

    let kind: Kind

    init(_ data: Data) {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let start = bytes.firstIndex { !(Self.isSpace($0)) }
        guard let start else {
            // A UTF-16 document has NULs among its first bytes; let libxml2 decode it.
            kind = data.isEmpty ? .empty : (data.prefix(4).contains(0) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) ? .xml : .empty)
            return
        }
        if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") {
            kind = .json
            return
        }
        let head = String(decoding: bytes[start...].prefix(1024), as: UTF8.self).lowercased()
        // Skip an XML declaration and comments, then look at the first tag.
        var rest = head[...]
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[open...]
            if tag.hasPrefix("<?") || tag.hasPrefix("<!--") {
                let closer = tag.hasPrefix("<?") ? "?>" : "-->"
                guard let end = tag.range(of: closer) else { break }
                rest = tag[end.upperBound...]
                continue
            }
            kind = tag.hasPrefix("<!doctype html") || tag.hasPrefix("<html") ? .html : .xml
            return
        }
        kind = .xml
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
