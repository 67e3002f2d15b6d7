import Foundation

/// One HTTP/1.1 request as the server read it (RFC 9112 §3).
public struct HTTPRequest: Sendable {
    /// The method as sent, e.g. `GET` (upper-case letters only).
    public var method: String
    /// The request target exactly as sent, e.g. `/a%20b/?q=1`.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields in the order sent.
    public var headers: HTTPHeaders
    /// The body (`Content-Length` bytes; empty without one).
    public var body: Data

    /// A request as a handler would receive it; for tests and for calling a handler directly.
    public init(
        method: String = "GET", target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = [:],
        body: Data = Data()
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The path part of the target, still percent-encoded.
    public var path: String {
        let withoutQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first
        return withoutQuery.map(String.init) ?? target
    }

    /// The query part of the target, without its `?`, or nil.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// Whether the connection stays open after the response (RFC 9112 §9.3).
    public var keepsAlive: Bool {
        let connection = headers["Connection"]?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}
