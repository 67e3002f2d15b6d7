import Foundation
import TrawlServe

@testable import TrawlKit

/// A folder served over HTTP on 127.0.0.1 by Trawl's own static file handler (ETag and
/// Last-Modified with 304s, byte ranges), noting every request it answered.
public final class RecordingFileServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var path: String
        public var range: String?
        public var status: Int
    }

    public let folder: URL
    public let server: HTTPServer
    private let log = Log()

    public init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let handler = try StaticFileHandler(root: folder)
        let log = self.log
        server = HTTPServer { request in
            let response = handler.respond(to: request)
            log.append(Request(path: request.path, range: request.headers["Range"], status: response.status))
            return response
        }
        try server.start()
    }

    deinit { server.stop() }

    public func url(_ name: String) -> URL { server.baseURL.appendingPathComponent(name) }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.all }

    /// The requests since the last call, which forgets them.
    public func drainRequests() -> [Request] { log.drain() }

    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Request] = []

        func append(_ entry: Request) { lock.withLock { entries.append(entry) } }
        var all: [Request] { lock.withLock { entries } }

        func drain() -> [Request] {
            lock.withLock {
                defer { entries = [] }
                return entries
            }
        }
    }
}
