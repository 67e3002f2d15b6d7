import Foundation

/// Turns the identifiers, media types and addresses a caller gives into ones the
/// W3C feed validator accepts, deterministically.
enum FeedIdentifier {
    /// An Atom id (RFC 4287 §4.2.6): an absolute IRI in canonical form. An `http(s)` id
    /// gets a lower-case scheme and host and loses a default port (the validator's
    /// NonCanonicalURI); anything that is not an absolute IRI becomes `urn:trawl:` plus
    /// the string percent-encoded, so the same input always gives the same id.
    static func atom(_ id: String) -> String {
        let trimmed = id.trimmed
        if let components = URLComponents(string: trimmed), let scheme = components.scheme,
           scheme.first?.isLetter == true, trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        {
            let lowered = scheme.lowercased()
            guard lowered == "http" || lowered == "https" else {
                return lowered == "urn" || lowered == "tag" || lowered == "mailto" || components.host != nil
                    ? lowered + trimmed.dropFirst(scheme.count) : opaque(trimmed)
            }
            guard let host = components.host, !host.isEmpty else { return opaque(trimmed) }
            var canonical = components
            canonical.scheme = lowered
            canonical.host = host.lowercased()
            if (lowered == "http" && canonical.port == 80) || (lowered == "https" && canonical.port == 443) {
                canonical.port = nil
            }
            if canonical.percentEncodedPath.isEmpty { canonical.percentEncodedPath = "/" }
            return canonical.string ?? opaque(trimmed)
        }
        return opaque(trimmed)
    }

    private static func opaque(_ id: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(0x80)))
        allowed.insert(charactersIn: "-._~")
        return "urn:trawl:" + (id.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// A MIME type for `type="…"`: the given one when it has the `type/subtype` shape,
    /// else `application/octet-stream`.
    static func mediaType(_ type: String) -> String {
        let parts = type.trimmed.split(separator: "/", omittingEmptySubsequences: false)
        let token = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$&^_.+-"))
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(token.contains) && $0.allSatisfy(\.isASCII) })
        else { return "application/octet-stream" }
        return type.trimmed
    }

    /// An RFC 2822 addr-spec, loosely: one `@`, something either side, no spaces.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !text.contains { $0.isWhitespace || $0 == "<" || $0 == ">" || !$0.isASCII }
    }
}
