import Foundation
import TrawlKit
@_exported import TrawlServe

/// A scriptable HTTP server on 127.0.0.1 for tests: each path answers with a scripted
/// sequence of responses (the last one repeats), and every request is recorded.
///
/// ```swift
/// let server = try FixtureServer()
/// server.route("/page", .status(503, headers: ["Retry-After": "1"]), .ok("<p>hi</p>"))
/// ```
public final class FixtureServer: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [String: [FixtureResponse]] = [:]
    private var served: [String: Int] = [:]
    private var log: [HTTPRequest] = []
    private var arrivals: [String: [ContinuousClock.Instant]] = [:]
    private var inFlight = 0
    private var mostInFlight = 0
    private var server: HTTPServer?

    public init() throws {
        let server = HTTPServer { [weak self] request in
            guard let self else { return .plain(503) }
            return await self.respond(to: request)
        }
        try server.start()
        self.server = server
    }

    deinit {
        server?.stop()
    }

    public var port: UInt16 { server?.port ?? 0 }

    /// The absolute URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Scripts `path`: the n-th request gets the n-th response, and the last one repeats.
    public func route(_ path: String, _ responses: FixtureResponse...) {
        lock.withLock {
            routes[path] = responses
            served[path] = 0
        }
    }

    /// Every request for `path` so far, in order of arrival.
    public func requests(to path: String) -> [HTTPRequest] {
        lock.withLock { log.filter { $0.path == path } }
    }

    public func requestCount(_ path: String) -> Int {
        requests(to: path).count
    }

    /// When each request for `path` arrived.
    public func arrivalTimes(_ path: String) -> [ContinuousClock.Instant] {
        lock.withLock { arrivals[path] ?? [] }
    }

    /// The most requests the server was answering at one time.
    public var mostConcurrentRequests: Int { lock.withLock { mostInFlight } }

    public func stop() {
        server?.stop()
    }

    private func respond(to request: HTTPRequest) async -> HTTPResponse {
        let scripted: FixtureResponse? = lock.withLock {
            log.append(request)
            arrivals[request.path, default: []].append(ContinuousClock.now)
            inFlight += 1
            mostInFlight = max(mostInFlight, inFlight)
            guard let responses = routes[request.path], !responses.isEmpty else { return nil }
            let index = min(served[request.path, default: 0], responses.count - 1)
            served[request.path, default: 0] += 1
            return responses[index]
        }
        let response = await scripted?.response(to: request) ?? .plain(404)
        lock.withLock { inFlight -= 1 }
        return response
    }
}
