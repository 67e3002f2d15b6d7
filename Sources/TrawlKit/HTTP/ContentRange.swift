/// A `Content-Range: bytes first-last/complete` field of a 206 (RFC 9110 §14.4).
struct ContentRange: Equatable, Sendable {
    var first: Int64
    var last: Int64
    /// The whole representation's length; nil for `*`.
    var complete: Int64?

    var length: Int64 { last - first + 1 }

    /// Parses the field; nil for anything else (other units, overflowing or reversed numbers).
    init?(_ field: String) {
        let text = field.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]), first <= last
        else { return nil }
        let complete: Int64?
        if halves[1] == "*" {
            complete = nil
        } else {
            guard let total = Self.number(halves[1]), last < total else { return nil }
            complete = total
        }
        self.init(first: first, last: last, complete: complete)
    }

    init(first: Int64, last: Int64, complete: Int64?) {
        self.first = first
        self.last = last
        self.complete = complete
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(text)
    }
}
