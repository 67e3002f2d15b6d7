import Foundation

/// What the server sends back: a status, header fields and a body.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200 (0 for `reset`).
    public var status: Int
    /// Header fields; the server adds `Date`, `Content-Length`, `Connection` and `Server` when missing.
    public var headers: HTTPHeaders
    /// Where the body's bytes come from.
    public var body: Body

    /// Where the bytes of a response come from.
    public enum Body: Sendable {
        /// Bytes held in memory.
        case data(Data)
        /// `length` bytes of a file from `offset`, read in chunks as they are sent.
        case file(path: String, offset: UInt64, length: Int)
        /// Bytes written by a closure as they become ready. With no `length`, the
        /// connection closes at the end to mark it (RFC 9112 §6.3). A closure that
        /// throws resets the connection mid-body.
        case stream(length: Int?, @Sendable (HTTPResponseWriter) async throws -> Void)
        /// No response at all: the connection is reset at once.
        case reset
    }

    /// A response with `body` as given.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8, `text/plain` unless `headers` say otherwise.
    public init(status: Int = 200, headers: HTTPHeaders = [:], text: String) {
        var headers = headers
        if headers["Content-Type"] == nil { headers["Content-Type"] = "text/plain; charset=utf-8" }
        self.init(status: status, headers: headers, body: .data(Data(text.utf8)))
    }

    /// A short plain-text response naming the status, for errors.
    public static func plain(_ status: Int, _ message: String? = nil) -> HTTPResponse {
        HTTPResponse(status: status, text: (message ?? "\(status) \(reasonPhrase(status))") + "\n")
    }

    /// The connection closes without an answer.
    public static let reset = HTTPResponse(status: 0, body: .reset)

    /// The number of body bytes, when known before sending.
    var contentLength: Int? {
        switch body {
        case .data(let data): return data.count
        case .file(_, _, let length): return length
        case .stream(let length, _): return length
        case .reset: return nil
        }
    }

    /// The standard reason phrase for a status code (RFC 9110 §15).
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 410: return "Gone"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 416: return "Range Not Satisfiable"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status \(status)"
        }
    }
}
