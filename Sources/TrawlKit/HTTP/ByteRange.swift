import Foundation

/// One range of a `Range: bytes=…` request header (RFC 9110 §14.1.2).
struct ByteRange: Equatable, Sendable {
    var first: Int
    var last: Int

    var length: Int { last - first + 1 }

    /// What a Range header asks of a representation `size` bytes long.
    enum Request: Equatable {
        /// No usable range: send the whole thing (no header, another unit, or several ranges).
        case whole
        case range(ByteRange)
        /// Nothing of the range lies within the representation: 416.
        case unsatisfiable
    }

    static func parse(_ header: String?, size: Int) -> Request {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        // Serving several ranges needs multipart/byteranges; RFC 9110 lets a server send the whole instead.
        guard !spec.contains(",") else { return .whole }
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2 else { return .whole }
        if parts[0].isEmpty {
            // A suffix range: the last N bytes.
            guard let suffix = Int(parts[1]), parts[1].allSatisfy(\.isNumber) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .range(ByteRange(first: max(0, size - suffix), last: size - 1))
        }
        guard let first = Int(parts[0]), parts[0].allSatisfy(\.isNumber) else { return .whole }
        var last = size - 1
        if !parts[1].isEmpty {
            guard let given = Int(parts[1]), parts[1].allSatisfy(\.isNumber), given >= first else { return .whole }
            last = min(given, size - 1)
        }
        guard first < size else { return .unsatisfiable }
        return .range(ByteRange(first: first, last: last))
    }
}
