import Foundation
import TrawlDates

#if canImport(Glibc)
    import Glibc
#endif

/// One client connection: reads requests, asks the handler, writes responses, until the
/// client or the server is done with it.
final class HTTPConnection: @unchecked Sendable {
    private let fd: Int32
    private unowned let server: HTTPServer
    /// The client's address, for the per-client cap on slow connections.
    let peer: String
    private let lock = NSLock()
    private var closed = false
    private var interrupted = false
    private var currentTask: Task<Void, Never>?
    /// Since when the connection has been waiting for a request head; nil while one is served.
    private var waiting: ContinuousClock.Instant? = .now
    /// Whether bytes that arrived are being read and parsed: the client is busy, not slow.
    private var reading = false

    init(fd: Int32, server: HTTPServer, peer: String) {
        self.fd = fd
        self.server = server
        self.peer = peer
    }

    /// Since when the connection has waited for a request head, if it is slow: it has waited
    /// at least `patience` and no byte is arriving (none being read, none unread in the
    /// socket). A client whose request is on its way is busy however long it waited; one that
    /// dribbles a byte now and then, or sits idle, is slow.
    func slowSince(patience: Duration) -> ContinuousClock.Instant? {
        lock.withLock { isSlow(patience: patience) ? waiting : nil }
    }

    /// Ends the connection if it is still slow (checked again under the lock, so a request
    /// that has just begun to arrive is never cut).
    func endIfSlow(patience: Duration) {
        lock.withLock {
            guard isSlow(patience: patience) else { return }
            interrupted = true
            if !closed { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Called with `lock` held.
    private func isSlow(patience: Duration) -> Bool {
        guard !interrupted, !closed, !reading, let waiting, ContinuousClock.now - waiting >= patience else {
            return false
        }
        return !Socket.isReadable(fd)
    }

    /// Wakes a blocked read or write and cancels a running handler; used by `stop()`.
    func interrupt() {
        lock.withLock {
            interrupted = true
            currentTask?.cancel()
            if !closed { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            Glibc.close(fd)
        }
    }

    func serve() {
        let configuration = server.configuration
        var parser = HTTPRequestParser(
            maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
        // Whether bytes of a request head not yet complete have arrived.
        var partial = false
        while !lock.withLock({ interrupted }) {
            let request: HTTPRequest?
            do {
                request = try parser.nextRequest()
            } catch {
                var response = HTTPResponse.plain(error.status)
                response.headers["Connection"] = "close"
                _ = try? send(response, method: "GET", keepAlive: false)
                return
            }
            if let request {
                partial = false
                lock.withLock {
                    waiting = nil
                    reading = false
                }
                let handler = server.handler
                let response = run { await handler(request) } ?? .plain(503)
                let keepAlive = request.keepsAlive && !lock.withLock({ interrupted })
                guard (try? send(response, method: request.method, keepAlive: keepAlive)) == true else { return }
                lock.withLock { waiting = .now }
                continue
            }
            lock.withLock { reading = false }
            // A deadline for the whole head, not each read: a client sending a byte every
            // two seconds must not hold its slot for ever.
            let started = lock.withLock { waiting } ?? .now
            let remaining = configuration.headerTimeout - (ContinuousClock.now - started)
            guard remaining > .zero else {
                var response = HTTPResponse.plain(408)
                response.headers["Connection"] = "close"
                _ = try? send(response, method: "GET", keepAlive: false)
                return
            }
            // Wait for bytes first, then say they are being read: the server never ends a
            // connection between a request arriving and its being parsed.
            let readable = Socket.waitUntilReadable(fd, within: min(remaining, configuration.idleTimeout))
            let proceed = lock.withLock {
                reading = readable && !interrupted
                return reading
            }
            guard proceed, let bytes = Socket.receive(fd) else {
                // Out of time halfway through a head: say so before closing.
                if partial, ContinuousClock.now - started >= configuration.headerTimeout {
                    var response = HTTPResponse.plain(408)
                    response.headers["Connection"] = "close"
                    _ = try? send(response, method: "GET", keepAlive: false)
                }
                return
            }
            partial = true
            parser.append(bytes)
        }
    }

    /// Writes `response`; true when the connection may serve another request.
    private func send(_ response: HTTPResponse, method: String, keepAlive: Bool) throws -> Bool {
        if case .reset = response.body {
            Socket.reset(fd)
            return false
        }
        let bodyless = method == "HEAD" || response.status == 304 || response.status == 204
        let length = response.contentLength
        let keepAlive = keepAlive && (length != nil || bodyless)
        var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(response.status))\r\n"
        var headers = response.headers
        if headers["Date"] == nil { headers["Date"] = DateCodec.httpDate(Date()) }
        if headers["Server"] == nil, let name = server.configuration.serverName { headers["Server"] = name }
        if let length, response.status != 304, response.status != 204, headers["Content-Length"] == nil {
            headers["Content-Length"] = String(length)
        }
        headers["Connection"] = keepAlive ? "keep-alive" : "close"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if bodyless {
            try Socket.send(fd, bytes)
            return keepAlive
        }
        switch response.body {
        case .data(let body):
            bytes.append(body)
            try Socket.send(fd, bytes)
        case .file(let path, let offset, let length):
            try Socket.send(fd, bytes)
            try sendFile(path, offset: offset, length: length)
        case .stream(_, let write):
            try Socket.send(fd, bytes)
            let writer = HTTPResponseWriter(fd: fd)
            let failed = run { () async -> Bool in
                do {
                    try await write(writer)
                    return false
                } catch {
                    return true
                }
            }
            if failed != false {
                Socket.reset(fd)
                return false
            }
        case .reset:
            return false
        }
        return keepAlive
    }

    private func sendFile(_ path: String, offset: UInt64, length: Int) throws {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw HTTPServerError.connectionClosed(reason: "\(path) vanished while being sent")
        }
        defer { try? file.close() }
        try file.seek(toOffset: offset)
        var remaining = length
        while remaining > 0 {
            guard let chunk = try file.read(upToCount: min(remaining, 64 * 1024)), !chunk.isEmpty else {
                throw HTTPServerError.connectionClosed(reason: "\(path) shrank while being sent")
            }
            try Socket.send(fd, chunk)
            remaining -= chunk.count
        }
    }

    /// Runs async work to its end from this connection's thread; nil if the task was cancelled early.
    private func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T? {
        let result = ResultSlot<T>()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            result.value = await operation()
            done.signal()
        }
        lock.withLock {
            currentTask = task
            if interrupted { task.cancel() }
        }
        done.wait()
        lock.withLock { currentTask = nil }
        return result.value
    }
}

/// A value handed from a task back to the thread that waits for it.
private final class ResultSlot<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?

    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
