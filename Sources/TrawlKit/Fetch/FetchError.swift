import Foundation

/// Why a fetch failed, with the URL, in words a person can act on.
public enum FetchError: Error, CustomStringConvertible, Sendable {
    case unreachable(URL, reason: String)
    case timedOut(URL)
    case notFound(URL, status: Int)
    case serverError(URL, status: Int)
    case requestFailed(URL, status: Int)
    case tooLarge(URL, limit: Int)
    case disallowedByRobots(URL)
    case tooManyRedirects(URL, limit: Int)
    case unsupportedScheme(URL)
    case unreadableFile(URL, reason: String)

    public var url: URL {
        switch self {
        case .unreachable(let url, _), .timedOut(let url), .notFound(let url, _), .serverError(let url, _),
            .requestFailed(let url, _), .tooLarge(let url, _), .disallowedByRobots(let url),
            .tooManyRedirects(let url, _), .unsupportedScheme(let url), .unreadableFile(let url, _):
            return url
        }
    }

    public var description: String {
        let location = url.isFileURL ? url.path : url.absoluteString
        switch self {
        case .unreachable(_, let reason): return "\(location): network unreachable (\(reason))"
        case .timedOut: return "\(location): timed out"
        case .notFound(_, let status): return "\(location): not found (HTTP \(status))"
        case .serverError(_, let status): return "\(location): server error (HTTP \(status))"
        case .requestFailed(_, let status): return "\(location): request failed (HTTP \(status))"
        case .tooLarge(_, let limit): return "\(location): response larger than \(limit) bytes"
        case .disallowedByRobots: return "\(location): disallowed by robots.txt"
        case .tooManyRedirects(_, let limit): return "\(location): more than \(limit) redirects"
        case .unsupportedScheme: return "\(location): only http, https and file URLs can be fetched"
        case .unreadableFile(_, let reason): return "\(location): cannot read file (\(reason))"
        }
    }
}
