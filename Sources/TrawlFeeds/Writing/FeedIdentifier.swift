import Foundation

/// Turns the identifiers, media types and addresses a caller gives into ones the
/// W3C feed validator accepts, deterministically.
enum FeedIdentifier {
    /// An Atom id (RFC 4287 §4.2.6): an absolute IRI in canonical form (RFC 3986 §6).
    ///
    /// `http(s)` ids are normalised (lower-case scheme and host, no default port or empty
    /// user info, dot segments removed, percent-encodings in upper case and unreserved
    /// characters decoded); valid `urn:`, `tag:` (RFC 4151) and `mailto:` ids are kept;
    /// anything else becomes `urn:trawl:` plus the string percent-encoded, so the same
    /// input always gives the same valid id.
    static func atom(_ id: String) -> String {
        let trimmed = id.trimmed
        guard let colon = trimmed.firstIndex(of: ":"), isPrintableASCII(trimmed) else { return opaque(trimmed) }
        let scheme = trimmed[..<colon].lowercased()
        let rest = String(trimmed[trimmed.index(after: colon)...])
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return opaque(trimmed) }
        switch scheme {
        case "http", "https": return canonicalHTTP(trimmed) ?? opaque(trimmed)
        case "urn": return isURN(rest) ? "urn:" + rest : opaque(trimmed)
        case "tag": return isTag(rest) ? "tag:" + rest : opaque(trimmed)
        case "mailto": return rest.contains("@") ? "mailto:" + rest : opaque(trimmed)
        default: return opaque(trimmed)
        }
    }

    private static func opaque(_ id: String) -> String {
        // RFC 2141 §2.2: letters, digits and a few marks stand as they are; the rest is %-encoded.
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._")
        return "urn:trawl:" + (id.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    private static func isPrintableASCII(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0.value < 0x7F && !"<>\"{}|\\^`".unicodeScalars.contains($0)
        }
    }

    private static func canonicalHTTP(_ text: String) -> String? {
        guard var components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            return nil
        }
        components.scheme = components.scheme?.lowercased()
        components.host = host.lowercased()
        if components.user?.isEmpty == true { components.user = nil }
        if components.password?.isEmpty == true { components.password = nil }
        if (components.scheme == "http" && components.port == 80)
            || (components.scheme == "https" && components.port == 443)
        {
            components.port = nil
        }
        var path = removingDotSegments(components.percentEncodedPath)
        if path.isEmpty { path = "/" }
        components.percentEncodedPath = normalizedPercentEncoding(path)
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = normalizedPercentEncoding(query)
        }
        if let fragment = components.percentEncodedFragment {
            components.percentEncodedFragment = normalizedPercentEncoding(fragment)
        }
        return components.string
    }

    /// RFC 3986 §5.2.4, for an absolute path.
    private static func removingDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".": if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default: output.append(segment)
            }
        }
        return path.hasPrefix("/") || !output.isEmpty ? "/" + output.joined(separator: "/") : ""
    }

    /// Upper-case hex in percent-encodings, and unreserved characters decoded (RFC 3986 §6.2.2).
    private static func normalizedPercentEncoding(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                let scalar = Unicode.Scalar(value)
                if scalar.isASCII
                    && (Character(scalar).isLetter || Character(scalar).isNumber
                        || "-._~".unicodeScalars.contains(scalar))
                {
                    out.append(value)
                } else {
                    out.append(contentsOf: Array(String(format: "%%%02X", value).utf8))
                }
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 2141: `urn:<NID>:<NSS>`.
    private static func isURN(_ rest: String) -> Bool {
        guard let colon = rest.firstIndex(of: ":") else { return false }
        let nid = rest[..<colon], nss = rest[rest.index(after: colon)...]
        let nidOK =
            (2...32).contains(nid.count) && nid.first != "-"
            && nid.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        let allowed = "()+,-.:=@;$_!*'%/?#"
        return nidOK && !nss.isEmpty
            && nss.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0)) }
    }

    /// RFC 4151: `tag:<authority>,<YYYY[-MM[-DD]]>:<specific>`.
    private static func isTag(_ rest: String) -> Bool {
        guard let comma = rest.firstIndex(of: ","), let colon = rest[comma...].firstIndex(of: ":") else { return false }
        let authority = rest[..<comma], date = rest[rest.index(after: comma)..<colon],
            specific = rest[rest.index(after: colon)...]
        let authorityOK =
            !authority.isEmpty
            && authority.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.@".contains($0)) }
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        let widths = [4, 2, 2]
        let dateOK =
            (1...3).contains(parts.count)
            && parts.enumerated().allSatisfy { index, part in
                part.count == widths[index] && part.allSatisfy(\.isNumber)
            }
        let allowed = "-._~!$&'()*+,;=:@/?#"
        let specificOK = specific.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0) || $0 == "%")
        }
        return authorityOK && dateOK && specificOK
    }

    /// A MIME type for `type="…"`: the given one when it has the `type/subtype` shape,
    /// else `application/octet-stream`.
    static func mediaType(_ type: String) -> String {
        let parts = type.trimmed.split(separator: "/", omittingEmptySubsequences: false)
        let token = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&^_.+-")
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(token.contains) })
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
