import Foundation

/// Why a page could not be rendered in the browser, with its URL: a struct over a private
/// code, as AsyncHTTPClient's `HTTPClientError` is, so a new kind breaks no embedder's `switch`.
public struct RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong; compare with `==` (`error.code == .timedOut`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case launchFailed, browserExited, navigationFailed, timedOut, selectorNeverAppeared, neverSettled
            case tooLarge, protocolFailure
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// Chromium could not be started (`reason`).
        public static let launchFailed = Code(.launchFailed)
        /// The browser went away before the page was read (killed, crashed, out of memory).
        public static let browserExited = Code(.browserExited)
        /// The browser could not load the page (DNS, TLS, refused; `reason`).
        public static let navigationFailed = Code(.navigationFailed)
        /// The render took longer than the source's `renderTimeout` (`seconds`).
        public static let timedOut = Code(.timedOut)
        /// The `waitFor` selector (`selector`) matched nothing in time (`seconds`).
        public static let selectorNeverAppeared = Code(.selectorNeverAppeared)
        /// Requests kept coming and no `waitFor` said when the page was ready (`seconds`).
        public static let neverSettled = Code(.neverSettled)
        /// The rendered document is larger than `fetch.maxBytes` (`limit`).
        public static let tooLarge = Code(.tooLarge)
        /// The browser refused a DevTools command (`method`, `reason`: its message).
        public static let protocolFailure = Code(.protocolFailure)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// The page the render was of.
    public let url: URL
    /// What the browser or the system said, when it said something.
    public let reason: String?
    /// The `waitFor` selector (`selectorNeverAppeared`).
    public let selector: String?
    /// The DevTools method refused (`protocolFailure`).
    public let method: String?
    /// How long the render was given (`timedOut`, `selectorNeverAppeared`, `neverSettled`).
    public let seconds: Double?
    /// The byte limit passed (`tooLarge`).
    public let limit: Int?

    private init(
        _ code: Code, _ url: URL, reason: String? = nil, selector: String? = nil, method: String? = nil,
        seconds: Double? = nil, limit: Int? = nil
    ) {
        self.code = code
        self.url = url
        self.reason = reason
        self.selector = selector
        self.method = method
        self.seconds = seconds
        self.limit = limit
    }

    static func launchFailed(_ url: URL, reason: String) -> RenderError { .init(.launchFailed, url, reason: reason) }
    static func browserExited(_ url: URL) -> RenderError { .init(.browserExited, url) }
    static func navigationFailed(_ url: URL, reason: String) -> RenderError {
        .init(.navigationFailed, url, reason: reason)
    }
    static func timedOut(_ url: URL, seconds: Double) -> RenderError { .init(.timedOut, url, seconds: seconds) }
    static func selectorNeverAppeared(_ url: URL, selector: String, seconds: Double) -> RenderError {
        .init(.selectorNeverAppeared, url, selector: selector, seconds: seconds)
    }
    static func neverSettled(_ url: URL, seconds: Double) -> RenderError { .init(.neverSettled, url, seconds: seconds) }
    static func tooLarge(_ url: URL, limit: Int) -> RenderError { .init(.tooLarge, url, limit: limit) }
    static func protocolFailure(_ url: URL, method: String, message: String) -> RenderError {
        .init(.protocolFailure, url, reason: message, method: method)
    }

    public var description: String {
        let location = url.absoluteString
        let seconds = Self.format(self.seconds ?? 0)
        switch code {
        case .launchFailed: return "\(location): cannot start Chromium (\(reason ?? ""))"
        case .browserExited:
            return "\(location): the browser exited before the page was read (crashed or killed)"
        case .navigationFailed: return "\(location): the browser could not load the page (\(reason ?? ""))"
        case .timedOut:
            return "\(location): rendering timed out after \(seconds) s (raise renderTimeout)"
        case .selectorNeverAppeared:
            return "\(location): waitFor '\(selector ?? "")' matched nothing within \(seconds) s"
        case .neverSettled:
            return "\(location): the page kept loading for \(seconds) s and never settled "
                + "(set waitFor to the selector of its items)"
        case .tooLarge:
            return "\(location): the rendered page passed \(limit ?? 0) bytes (raise fetch.maxBytes)"
        default:
            return "\(location): the browser refused \(method ?? "a command") (\(reason ?? ""))"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
