import Foundation

/// Why a fetch failed, with the URL, in words a person can act on.
public enum FetchError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The host could not be reached (DNS, refused, reset, TLS).
    case unreachable(URL, reason: String)
    /// No answer within the `fetch.timeout`.
    case timedOut(URL)
    /// 404 or 410: the page is gone.
    case notFound(URL, status: Int)
    /// A 5xx after the retries.
    case serverError(URL, status: Int)
    /// Any other status that is not a success (4xx).
    case requestFailed(URL, status: Int)
    /// The body grew past `fetch.maxBytes`.
    case tooLarge(URL, limit: Int)
    /// robots.txt disallows the URL for Trawl's user agent.
    case disallowedByRobots(URL)
    /// robots.txt answered 5xx or not at all, which RFC 9309 §2.3.1.4 reads as "disallow all".
    case robotsUnreachable(URL, reason: String)
    /// More redirects than `fetch.maxRedirects`.
    case tooManyRedirects(URL, limit: Int)
    /// A redirect from https to http, refused so that a secure fetch never turns plain.
    case insecureRedirect(URL, to: URL)
    /// A configured address that is neither http, https nor file.
    case unsupportedScheme(URL)
    /// An address a page or a redirect led to (`via`: "a redirect", "robots.txt's redirect")
    /// that `URL.mayBeFollowed` refuses: only http and https are followed.
    case refusedLink(URL, target: String, via: String)
    /// A `file:` URL that could not be read.
    case unreadableFile(URL, reason: String)
    /// A 3xx that says nowhere to go.
    case redirectWithoutLocation(URL, status: Int)
    /// An answer that breaks HTTP: an impossible Content-Length, a body cut short.
    case invalidResponse(URL, reason: String)
    /// A body that arrived but could not be kept (a download's disk or range problem).
    case unusableBody(URL, reason: String)

    /// The URL the failure is about.
    public var url: URL {
        switch self {
        case .unreachable(let url, _), .timedOut(let url), .notFound(let url, _), .serverError(let url, _),
            .requestFailed(let url, _), .tooLarge(let url, _), .disallowedByRobots(let url),
            .robotsUnreachable(let url, _), .tooManyRedirects(let url, _), .insecureRedirect(let url, _),
            .unsupportedScheme(let url), .refusedLink(let url, _, _), .unreadableFile(let url, _),
            .redirectWithoutLocation(let url, _),
            .invalidResponse(let url, _), .unusableBody(let url, _):
            return url
        }
    }

    public var description: String {
        // A page may name an address of any length: the message quotes a bounded excerpt.
        let location = ValueExcerpt(url.isFileURL ? url.path : url.absoluteString)
        switch self {
        case .unreachable(_, let reason): return "\(location): network unreachable (\(reason))"
        case .timedOut: return "\(location): timed out"
        case .notFound(_, let status): return "\(location): not found (HTTP \(status))"
        case .serverError(_, let status): return "\(location): server error (HTTP \(status))"
        case .requestFailed(_, let status):
            let hint = status == 429 ? ", too many requests: raise fetch.delay" : ""
            return "\(location): request failed (HTTP \(status)\(hint))"
        case .tooLarge(_, let limit): return "\(location): response larger than \(limit) bytes (raise fetch.maxBytes)"
        case .disallowedByRobots: return "\(location): disallowed by robots.txt"
        case .robotsUnreachable(_, let reason):
            return "\(location): robots.txt unreachable (\(reason)), so the site is treated as disallowed"
        case .tooManyRedirects(_, let limit):
            return "\(location): more than \(CountText.of(limit, "redirect", "redirects"))"
        case .insecureRedirect(_, let target):
            return "\(location): refused a redirect from https to plain http (\(target.absoluteString))"
        case .unsupportedScheme: return "\(location): only http, https and file URLs can be fetched"
        case .refusedLink(_, let target, let via):
            return "\(location): \(via) leads to \(ValueExcerpt(target)), which is not fetched"
                + " (a page or a redirect may lead only to http and https addresses)"
        case .unreadableFile(_, let reason): return "\(location): cannot read file (\(reason))"
        case .redirectWithoutLocation(_, let status):
            return
                "\(location): the server answered HTTP \(status) (a redirect) without saying where to (no Location header)"
        case .invalidResponse(_, let reason): return "\(location): invalid response: \(reason)"
        case .unusableBody(_, let reason): return "\(location): \(reason)"
        }
    }
}
