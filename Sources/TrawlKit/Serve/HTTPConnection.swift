import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One client connection: reads requests, asks the handler, writes responses, until the
/// client or the server is done with it.
final class HTTPConnection: @unchecked Sendable {
    private let fd: Int32
    private unowned let server: HTTPServer
    private let lock = NSLock()
    private var closed = false
    private var interrupted = false
    private var currentTask: Task<Void, Never>?

    init(fd: Int32, server: HTTPServer) {
        self.fd = fd
        self.server = server
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
                let handler = server.handler
                let response = run { await handler(request) } ?? .plain(503)
                let keepAlive = request.keepsAlive && !lock.withLock({ interrupted })
                guard (try? send(response, method: request.method, keepAlive: keepAlive)) == true else { return }
                continue
            }
            guard let bytes = Socket.receive(fd) else { return }
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
        if headers["Date"] == nil { headers["Date"] = HTTPDate.format(Date()) }
        if headers["Server"] == nil { headers["Server"] = "Trawl/\(TrawlVersion.current)" }
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
