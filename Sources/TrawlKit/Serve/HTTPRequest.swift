import Foundation

/// One HTTP/1.1 request as the server read it (RFC 9112 §3).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The request target exactly as sent, e.g. `/a%20b/?q=1`.
    public var target: String
    public var version: String
    public var headers: HTTPHeaders
    public var body: Data

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
