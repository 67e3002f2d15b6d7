import TrawlServe

extension HTTPHeaders {
    /// The body length the head declares (RFC 9110 §8.6), or nil when absent or invalid.
    var contentLength: Int? {
        guard let value = self["Content-Length"] else { return nil }
        return Self.length(value)
    }

    /// Why the Content-Length field cannot be trusted, or nil when it is absent or sound.
    var contentLengthProblem: String? {
        guard let value = self["Content-Length"], Self.length(value) == nil else { return nil }
        return "Content-Length \"\(value.prefix(40))\" is not a byte count this side of 2^63"
    }

    /// Digits only, no sign, and no overflow: `99999999999999999999` is refused, not wrapped.
    private static func length(_ value: String) -> Int? {
        // Repeated identical values ("42, 42") are allowed by RFC 9110 §8.6.
        let parts = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, parts.allSatisfy({ $0 == first }), !first.isEmpty,
            first.utf8.allSatisfy({ (48...57).contains($0) })
        else { return nil }
        return Int(first)
    }
}
