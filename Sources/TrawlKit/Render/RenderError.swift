import Foundation

/// Why a page could not be rendered in the browser, with its URL.
public enum RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Chromium could not be started.
    case launchFailed(URL, reason: String)
    /// The browser went away before the page was read (killed, crashed, out of memory).
    case browserExited(URL)
    /// The browser could not load the page (DNS, TLS, refused).
    case navigationFailed(URL, reason: String)
    /// The render took longer than the source's `renderTimeout`.
    case timedOut(URL, seconds: Double)
    /// The `waitFor` selector matched nothing in time.
    case selectorNeverAppeared(URL, selector: String, seconds: Double)
    /// Requests kept coming and no `waitFor` said when the page was ready.
    case neverSettled(URL, seconds: Double)
    /// The rendered document is larger than `fetch.maxBytes`.
    case tooLarge(URL, limit: Int)
    /// The browser refused a DevTools command.
    case protocolFailure(URL, method: String, message: String)

    /// The page the render was of.
    public var url: URL {
        switch self {
        case .launchFailed(let url, _), .browserExited(let url), .navigationFailed(let url, _),
            .timedOut(let url, _), .selectorNeverAppeared(let url, _, _), .neverSettled(let url, _),
            .tooLarge(let url, _), .protocolFailure(let url, _, _):
            return url
        }
    }

    public var description: String {
        let location = url.absoluteString
        switch self {
        case .launchFailed(_, let reason): return "\(location): cannot start Chromium (\(reason))"
        case .browserExited:
            return "\(location): the browser exited before the page was read (crashed or killed)"
        case .navigationFailed(_, let reason): return "\(location): the browser could not load the page (\(reason))"
        case .timedOut(_, let seconds):
            return "\(location): rendering timed out after \(Self.format(seconds)) s (raise renderTimeout)"
        case .selectorNeverAppeared(_, let selector, let seconds):
            return "\(location): waitFor '\(selector)' matched nothing within \(Self.format(seconds)) s"
        case .neverSettled(_, let seconds):
            return "\(location): the page kept loading for \(Self.format(seconds)) s and never settled "
                + "(set waitFor to the selector of its items)"
        case .tooLarge(_, let limit):
            return "\(location): the rendered page passed \(limit) bytes (raise fetch.maxBytes)"
        case .protocolFailure(_, let method, let message):
            return "\(location): the browser refused \(method) (\(message))"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
