import Foundation
import TrawlServe

/// What a source adds to its requests: header fields, cookies, basic-auth credentials, a
/// method and a body. Often secret, so it never prints its values: its description names
/// only what is there, which keeps them out of logs, errors and the source's fingerprint.
public struct RequestOptions: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The request method (`GET` unless the source says `POST` and a body).
    public var method = "GET"
    /// Sent only to the source's own origin, never to a host a redirect leads to.
    public var headers = HTTPHeaders()
    /// Sent to the hosts and paths each cookie names (Netscape cookie-file rules).
    public var cookies: [Cookie] = []
    /// Basic auth (RFC 7617), sent only to the source's own origin.
    public var credentials: Credentials?
    /// The request body, for a `POST`.
    public var body: Data?
    /// The body's media type: a form or JSON.
    public var contentType: String?
    /// The source's own proxy, over the `fetch` block's.
    public var proxy: ProxyAddress?

    /// A plain GET with nothing added.
    public init() {}

    /// The fields a request to `url` carries, `origin` being the source's own.
    func headerFields(for url: URL, origin: String?, now: Date = Date()) -> HTTPHeaders {
        var fields = HTTPHeaders()
        let sameOrigin = origin != nil && Fetcher.origin(of: url) == origin
        if sameOrigin {
            for field in headers { fields[field.name] = field.value }
            if let credentials { fields["Authorization"] = credentials.authorization }
        }
        let cookie = cookies.filter { $0.matches(url, now: now) }.map { "\($0.name)=\($0.value)" }
        if !cookie.isEmpty { fields["Cookie"] = cookie.joined(separator: "; ") }
        return fields
    }

    public var description: String {
        var parts = ["method: \(method)"]
        if !headers.fields.isEmpty { parts.append("headers: [\(headers.fields.map(\.name).joined(separator: ", "))]") }
        if !cookies.isEmpty { parts.append("cookies: [\(cookies.map(\.name).joined(separator: ", "))]") }
        if credentials != nil { parts.append("credentials: (hidden)") }
        if let body { parts.append("body: \(body.count) bytes of \(contentType ?? "data")") }
        if let proxy { parts.append("proxy: \(proxy)") }
        return "RequestOptions(\(parts.joined(separator: ", ")))"
    }

    public var debugDescription: String { description }
}

/// A user and password for HTTP basic auth, from the environment.
public struct Credentials: Sendable, Hashable, CustomStringConvertible {
    /// The user name.
    public var user: String
    /// The password; never printed.
    public var password: String

    /// Basic-auth credentials.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// `Basic base64(user:password)` (RFC 7617 §2).
    var authorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    public var description: String { "Credentials(hidden)" }
}
