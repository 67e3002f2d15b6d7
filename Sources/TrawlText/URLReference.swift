import Foundation

/// A link as a page, a feed or a server writes it (`href`, `Location`), made a `URL`
/// with every escape it holds kept byte for byte.
///
/// Foundation's `URL(string:)` accepts a string with characters RFC 3986 does not allow
/// (a space, `é`, `[` outside a host) by escaping it again whole, `%` included, so
/// `?filter[color]=red&q=caf%C3%A9` became `…&q=caf%25C3%25A9`: another address. Here
/// only what is not allowed is escaped first, so Foundation has nothing left to re-escape.
public enum URLReference {
    /// `text` with each byte RFC 3986 does not allow where it stands written as `%XX`:
    /// spaces, non-ASCII, `"<>\^`{|}`, control characters, a `%` that starts no escape,
    /// `[` and `]` outside the host (where they may only enclose an IP literal), a second `#`.
    /// Text with nothing to escape comes back as itself.
    public static func escaped(_ text: String) -> String {
        // Most links need nothing: read in place, and allocate only for one that does.
        var text = text
        return text.withUTF8 { bytes in escaped(bytes) } ?? text
    }

    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let authority = authorityRange(bytes)
        var fragment = false
        var output: [UInt8]? = nil
        for (index, byte) in bytes.enumerated() {
            let keep: Bool
            switch byte {
            case UInt8(ascii: "%"):
                keep = index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                keep = authority.contains(index)
            case UInt8(ascii: "#"):
                keep = !fragment
                fragment = true
            default:
                keep = isAllowed(byte)
            }
            if keep {
                output?.append(byte)
            } else {
                if output == nil { output = Array(bytes[..<index]) }
                output?.append(contentsOf: [UInt8(ascii: "%"), hex(byte >> 4), hex(byte & 0x0F)])
            }
        }
        return output.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Where the authority (`host:port`, after `//`) lies, if the reference has one.
    private static func authorityRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        // An optional scheme: a letter, then letters, digits, `+`, `-`, `.`, then `:`.
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) })
        {
            start = colon + 1
        }
        guard bytes.count >= start + 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/")
        else { return 0..<0 }
        let from = start + 2
        let end = bytes[from...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.count
        return from..<end
    }

    /// Unreserved, reserved (but `[`, `]`, `#`, `%`, decided above) characters of RFC 3986 §2.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || "-._~:/?@!$&'()*+,;=".utf8.contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    private static func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10 }
}

extension URL {
    /// `reference` (a link as written) resolved against `base`, its escapes kept byte for
    /// byte (`URLReference.escaped`); nil when it is no URL at all.
    public init?(reference: String, relativeTo base: URL? = nil) {
        let escaped = URLReference.escaped(reference)
        // The common links merged on bytes, to the same address, parsed once (`merged`).
        if let base, let merged = URLReference.merged(escaped, onto: base), let url = URL(string: merged) {
            self = url
            return
        }
        guard let url = URL(string: escaped, relativeTo: base) else { return nil }
        self = url.absoluteURL
    }
}
