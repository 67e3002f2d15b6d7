import Foundation

extension URLReference {
    /// The absolute address of an escaped `reference` against `base`, merged on bytes as
    /// RFC 3986 §5.2 does, for the links pages hold most — a path from the site's root
    /// (`/blog/post.html`) or from the base's folder (`post.html`) against a plain
    /// `scheme://host/path` base. Nil for anything else (a scheme, `//host`, `?` or `#`
    /// alone, dot segments, a base with a query or user info), which Foundation resolves.
    /// A scrape resolves a link per item: Foundation's relative parse, then its absolute
    /// string, then the parse of that, were most of a field's cost.
    package static func merged(_ reference: String, onto base: URL) -> String? {
        var reference = reference
        return reference.withUTF8 { reference -> String? in
            guard isPlainPath(reference) else { return nil }
            var base = base.absoluteString
            return base.withUTF8 { base -> String? in
                guard let path = plainPathStart(base) else { return nil }
                // From the root: the base's scheme and authority; else its path up to its last `/`.
                let kept = reference[0] == UInt8(ascii: "/") ? path : base.lastIndex(of: UInt8(ascii: "/"))! + 1
                var merged: [UInt8] = []
                merged.reserveCapacity(kept + reference.count)
                merged.append(contentsOf: base[..<kept])
                merged.append(contentsOf: reference)
                return String(decoding: merged, as: UTF8.self)
            }
        }
    }

    /// A path (`/a/b`, `a/b`, with a query or fragment) with no scheme, no authority, no dot
    /// segment and no backslash.
    private static func isPlainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "#"),
            first != UInt8(ascii: ".")
        else { return false }
        if bytes.count >= 2, first == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/") { return false }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: ":"), UInt8(ascii: "\\"): return false
            case UInt8(ascii: ".") where bytes[index - 1] == UInt8(ascii: "/"): return false
            default: continue
            }
        }
        return true
    }

    /// Where the path of `scheme://host/path` starts; nil for a base with no host, no path,
    /// user info, a query, a fragment, a dot segment or a backslash.
    private static func plainPathStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/"),
            let path = bytes[(colon + 3)...].firstIndex(of: UInt8(ascii: "/")), path > colon + 3
        else { return nil }
        for index in (colon + 3)..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "\\"): return nil
            case UInt8(ascii: ".") where bytes[index - 1] == UInt8(ascii: "/"): return nil
            default: continue
            }
        }
        return path
    }
}
