import Foundation

/// Why a fetch failed, with the URL, in words a person can act on: a struct over a private
/// code, as AsyncHTTPClient's `HTTPClientError` is, so a new kind breaks no embedder's `switch`.
public struct FetchError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong; compare with `==` (`error.code == .timedOut`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case unreachable, timedOut, notFound, serverError, requestFailed, tooLarge, disallowedByRobots
            case robotsUnreachable, tooManyRedirects, insecureRedirect, unsupportedScheme, refusedLink
            case unreadableFile, redirectWithoutLocation, invalidResponse, unusableBody
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The host could not be reached (DNS, refused, reset, TLS; `reason`).
        public static let unreachable = Code(.unreachable)
        /// No answer within the `fetch.timeout`.
        public static let timedOut = Code(.timedOut)
        /// 404 or 410: the page is gone (`status`).
        public static let notFound = Code(.notFound)
        /// A 5xx after the retries (`status`).
        public static let serverError = Code(.serverError)
        /// Any other status that is not a success (4xx; `status`).
        public static let requestFailed = Code(.requestFailed)
        /// The body grew past `fetch.maxBytes` (`limit`).
        public static let tooLarge = Code(.tooLarge)
        /// robots.txt disallows the URL for Trawl's user agent.
        public static let disallowedByRobots = Code(.disallowedByRobots)
        /// robots.txt answered 5xx or not at all, which RFC 9309 §2.3.1.4 reads as "disallow all"
        /// (`reason`).
        public static let robotsUnreachable = Code(.robotsUnreachable)
        /// More redirects than `fetch.maxRedirects` (`limit`).
        public static let tooManyRedirects = Code(.tooManyRedirects)
        /// A redirect from https to http (`target`), refused so that a secure fetch never turns plain.
        public static let insecureRedirect = Code(.insecureRedirect)
        /// A configured address that is neither http, https nor file.
        public static let unsupportedScheme = Code(.unsupportedScheme)
        /// An address a page or a redirect led to (`target`; `via`: "a redirect", "robots.txt's
        /// redirect") that `URL.mayBeFollowed` refuses: only http and https are followed.
        public static let refusedLink = Code(.refusedLink)
        /// A `file:` URL that could not be read (`reason`).
        public static let unreadableFile = Code(.unreadableFile)
        /// A 3xx that says nowhere to go (`status`).
        public static let redirectWithoutLocation = Code(.redirectWithoutLocation)
        /// An answer that breaks HTTP: an impossible Content-Length, a body cut short (`reason`).
        public static let invalidResponse = Code(.invalidResponse)
        /// A body that arrived but could not be kept (a download's disk or range problem; `reason`).
        public static let unusableBody = Code(.unusableBody)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// The URL the failure is about.
    public let url: URL
    /// The HTTP status (`notFound`, `serverError`, `requestFailed`, `redirectWithoutLocation`).
    public let status: Int?
    /// The limit passed: bytes (`tooLarge`) or redirects (`tooManyRedirects`).
    public let limit: Int?
    /// What the network, the system or the check said (`unreachable`, `robotsUnreachable`,
    /// `unreadableFile`, `invalidResponse`, `unusableBody`).
    public let reason: String?
    /// The address led to (`insecureRedirect`, `refusedLink`).
    public let target: String?
    /// What led there (`refusedLink`): "a redirect", "robots.txt's redirect".
    public let via: String?

    private init(
        _ code: Code, _ url: URL, status: Int? = nil, limit: Int? = nil, reason: String? = nil,
        target: String? = nil, via: String? = nil
    ) {
        self.code = code
        self.url = url
        self.status = status
        self.limit = limit
        self.reason = reason
        self.target = target
        self.via = via
    }

    // The failures by kind, as FeedError's are: a program compares with them
    // (`error == .timedOut(url)`) as it would with an enum's cases.
    public static func unreachable(_ url: URL, reason: String) -> FetchError {
        .init(.unreachable, url, reason: reason)
    }
    public static func timedOut(_ url: URL) -> FetchError { .init(.timedOut, url) }
    public static func notFound(_ url: URL, status: Int) -> FetchError { .init(.notFound, url, status: status) }
    public static func serverError(_ url: URL, status: Int) -> FetchError { .init(.serverError, url, status: status) }
    public static func requestFailed(_ url: URL, status: Int) -> FetchError {
        .init(.requestFailed, url, status: status)
    }
    public static func tooLarge(_ url: URL, limit: Int) -> FetchError { .init(.tooLarge, url, limit: limit) }
    public static func disallowedByRobots(_ url: URL) -> FetchError { .init(.disallowedByRobots, url) }
    public static func robotsUnreachable(_ url: URL, reason: String) -> FetchError {
        .init(.robotsUnreachable, url, reason: reason)
    }
    public static func tooManyRedirects(_ url: URL, limit: Int) -> FetchError {
        .init(.tooManyRedirects, url, limit: limit)
    }
    public static func insecureRedirect(_ url: URL, to target: URL) -> FetchError {
        .init(.insecureRedirect, url, target: target.absoluteString)
    }
    public static func unsupportedScheme(_ url: URL) -> FetchError { .init(.unsupportedScheme, url) }
    public static func refusedLink(_ url: URL, target: String, via: String) -> FetchError {
        .init(.refusedLink, url, target: target, via: via)
    }
    public static func unreadableFile(_ url: URL, reason: String) -> FetchError {
        .init(.unreadableFile, url, reason: reason)
    }
    public static func redirectWithoutLocation(_ url: URL, status: Int) -> FetchError {
        .init(.redirectWithoutLocation, url, status: status)
    }
    public static func invalidResponse(_ url: URL, reason: String) -> FetchError {
        .init(.invalidResponse, url, reason: reason)
    }
    public static func unusableBody(_ url: URL, reason: String) -> FetchError {
        .init(.unusableBody, url, reason: reason)
    }

    public var description: String {
        // A page may name an address of any length: the message quotes a bounded excerpt.
        let location = ValueExcerpt(url.isFileURL ? url.path : url.absoluteString)
        let status = self.status ?? 0
        let limit = self.limit ?? 0
        let reason = self.reason ?? ""
        switch code {
        case .unreachable: return "\(location): network unreachable (\(reason))"
        case .timedOut: return "\(location): timed out"
        case .notFound: return "\(location): not found (HTTP \(status))"
        case .serverError: return "\(location): server error (HTTP \(status))"
        case .requestFailed:
            let hint = status == 429 ? ", too many requests: raise fetch.delay" : ""
            return "\(location): request failed (HTTP \(status)\(hint))"
        case .tooLarge: return "\(location): response larger than \(limit) bytes (raise fetch.maxBytes)"
        case .disallowedByRobots: return "\(location): disallowed by robots.txt"
        case .robotsUnreachable:
            return "\(location): robots.txt unreachable (\(reason)), so the site is treated as disallowed"
        case .tooManyRedirects:
            return "\(location): more than \(CountText.of(limit, "redirect", "redirects"))"
        case .insecureRedirect:
            return "\(location): refused a redirect from https to plain http (\(target ?? ""))"
        case .unsupportedScheme: return "\(location): only http, https and file URLs can be fetched"
        case .refusedLink:
            return "\(location): \(via ?? "a redirect") leads to \(ValueExcerpt(target ?? "")), which is not fetched"
                + " (a page or a redirect may lead only to http and https addresses)"
        case .unreadableFile: return "\(location): cannot read file (\(reason))"
        case .redirectWithoutLocation:
            return
                "\(location): the server answered HTTP \(status) (a redirect) without saying where to (no Location header)"
        case .invalidResponse: return "\(location): invalid response: \(reason)"
        default: return "\(location): \(reason)"
        }
    }
}
