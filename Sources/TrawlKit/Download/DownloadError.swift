import Foundation

/// Why one file could not be mirrored; the others go on.
enum DownloadError: Error, CustomStringConvertible, Sendable {
    case http(URL, status: Int)
    case network(URL, reason: String)
    case notEnoughSpace(URL, needed: Int64, available: Int64)
    case tooLarge(URL, limit: Int64)
    case unwritable(String, reason: String)
    /// Fewer bytes arrived than the response head promised.
    case incomplete(URL, received: Int64, expected: Int64)
    /// A scraped link to something other than http(s), such as `file:///etc/passwd`.
    case refusedScheme(URL)

    var description: String {
        switch self {
        case .http(let url, let status): return "\(url.absoluteString): HTTP \(status)"
        case .network(let url, let reason): return "\(url.absoluteString): \(reason)"
        case .notEnoughSpace(let url, let needed, let available):
            return "\(url.absoluteString): needs \(ByteCount.format(needed)), only \(ByteCount.format(available)) free"
        case .tooLarge(let url, let limit): return "\(url.absoluteString): larger than \(ByteCount.format(limit))"
        case .unwritable(let path, let reason): return "\(path): cannot write (\(reason))"
        case .incomplete(let url, let received, let expected):
            return "\(url.absoluteString): only \(received) of \(expected) bytes arrived; kept as partial"
        case .refusedScheme(let url):
            return
                "\(url.absoluteString): only http and https links are downloaded (a \(url.scheme ?? "schemeless") link from a page is never copied)"
        }
    }

    /// The description without the URL in front, for errors that already carry it.
    var reason: String {
        switch self {
        case .http(let url, _), .network(let url, _), .notEnoughSpace(let url, _, _), .tooLarge(let url, _),
            .incomplete(let url, _, _), .refusedScheme(let url):
            return String(description.dropFirst(url.absoluteString.count + 2))
        case .unwritable: return description
        }
    }
}

/// Byte counts for people: `1.4 MB`.
enum ByteCount {
    static func format(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}

/// The free space of the file system holding `path`.
enum DiskSpace {
    static func available(at path: String) -> Int64? {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }
}
