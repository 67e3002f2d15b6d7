import Foundation
import TrawlServe

@testable import TrawlKit

/// A small HTTP forward proxy on 127.0.0.1 (RFC 9112 §3.2.2's absolute form): each request
/// is noted with the target it named and forwarded to that origin, without a proxy of its
/// own. With `credentials`, a request without the matching `Proxy-Authorization` gets a
/// 407 and a Basic challenge (RFC 9110 §11.7.1), as a real proxy answers.
public final class ForwardProxy: @unchecked Sendable {
    public struct Request: Sendable {
        /// `http://host:port/path`, as the client asked.
        public var target: String
        public var proxyAuthorization: String?
    }

    public let server: HTTPServer
    private let log = Log()

    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Request] = []
        func note(_ request: Request) { lock.withLock { seen.append(request) } }
        var all: [Request] { lock.withLock { seen } }
    }

    public init(credentials: (user: String, password: String)? = nil) throws {
        let expected = credentials.map { "Basic " + Data("\($0.user):\($0.password)".utf8).base64EncodedString() }
        let fetcher = Fetcher(settings: .testing(attempts: 1))
        let log = log
        server = HTTPServer { request in
            let target = "http://\(request.headers["Host"] ?? "")\(request.target)"
            log.note(Request(target: target, proxyAuthorization: request.headers["Proxy-Authorization"]))
            if let expected, request.headers["Proxy-Authorization"] != expected {
                return HTTPResponse(
                    status: 407, headers: ["Proxy-Authenticate": "Basic realm=\"trawl-test\""], text: "who are you?")
            }
            guard let url = URL(string: target),
                let response = try? await fetcher.exchange(url, requested: url, validators: nil)
            else { return .plain(502, "cannot reach \(target)") }
            var headers = HTTPHeaders()
            if let type = response.headers["Content-Type"] { headers["Content-Type"] = type }
            return HTTPResponse(status: response.status, headers: headers, body: .data(response.body))
        }
        try server.start()
    }

    deinit { server.stop() }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.all }

    /// `http://127.0.0.1:PORT`, the address to give as `proxy`.
    public var address: String {
        let base = server.baseURL.absoluteString
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }
}
