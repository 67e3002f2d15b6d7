import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on POSIX sockets: one thread accepts, one thread serves each
/// connection (keep-alive, pipelining), and an async handler answers each request.
///
/// It serves `trawl serve` and drives the tests' fixture server. It listens on one IPv4
/// address, 127.0.0.1 unless told otherwise, on the port given or one the OS picks.
public final class HTTPServer: @unchecked Sendable {
    /// Answers one request; runs on the async pool, one call per request.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// Where the server listens and the limits it keeps.
    public struct Configuration: Sendable {
        /// The IPv4 address to listen on (`localhost` means 127.0.0.1).
        public var host: String
        /// 0 lets the operating system choose a free port; read it back from `port`.
        public var port: UInt16
        /// Connections served at once; more wait in the listen backlog.
        public var maxConnections: Int
        /// How long a read may wait for a byte.
        public var idleTimeout: Duration
        /// How long a whole request head may take to arrive (a slow client's deadline); also
        /// how long an idle keep-alive connection is kept.
        public var headerTimeout: Duration
        /// Slow connections one client address may hold; past it, its longest-waiting slow one
        /// is ended. Only slow ones count: every client behind one proxy or NAT shares an address.
        public var maxConnectionsPerClient: Int
        /// How long a connection may wait for a request head with nothing arriving before it
        /// counts as slow, and may be ended to make room. A connection whose bytes are arriving
        /// or waiting to be read is busy, however long it has waited.
        public var slowClientPatience: Duration
        /// The longest request head read, in bytes; past it the answer is 431.
        public var maxHeaderBytes: Int
        /// The longest request body read, in bytes; past it the answer is 413.
        public var maxBodyBytes: Int
        /// The `Server` field of every response that sets none itself (`Trawl/0.1.0`, say);
        /// nil sends none. The caller names itself: the server knows no product.
        public var serverName: String?

        /// The defaults suit tests and a local preview: 127.0.0.1, a free port, 64 connections.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, maxConnections: Int = 64,
            idleTimeout: Duration = .seconds(10), headerTimeout: Duration = .seconds(10),
            maxConnectionsPerClient: Int = 16, slowClientPatience: Duration = .seconds(1),
            maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1024 * 1024, serverName: String? = nil
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.idleTimeout = idleTimeout
            self.headerTimeout = headerTimeout
            self.maxConnectionsPerClient = maxConnectionsPerClient
            self.slowClientPatience = slowClientPatience
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.serverName = serverName
        }
    }

    /// Where it listens and its limits, as given.
    public let configuration: Configuration
    let handler: Handler
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var boundPort: UInt16 = 0
    private var stopping = false
    private var connections: [Int: HTTPConnection] = [:]
    private var nextConnectionID = 0
    private let slots: DispatchSemaphore
    private let running = DispatchGroup()

    /// A server that will answer with `handler` once started.
    public init(configuration: Configuration = Configuration(), handler: @escaping Handler) {
        self.configuration = configuration
        self.handler = handler
        self.slots = DispatchSemaphore(value: max(1, configuration.maxConnections))
    }

    /// The port the server listens on (the one the OS chose when configured with 0).
    public var port: UInt16 { lock.withLock { boundPort } }

    /// `http://host:port`, for building URLs to the server.
    public var baseURL: URL {
        URL(string: "http://\(configuration.host == "localhost" ? "127.0.0.1" : configuration.host):\(port)")!
    }

    /// Binds, listens and starts accepting connections on a thread of its own.
    public func start() throws {
        let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        lock.withLock {
            listener = fd
            boundPort = port
        }
        running.enter()
        let thread = Thread { [self] in
            acceptLoop(fd)
            close(fd)
            running.leave()
        }
        thread.name = "trawl.http.accept"
        thread.start()
    }

    /// Stops accepting and ends every connection (streams are cancelled), without waiting:
    /// a thread of the async pool must never block on work that needs the pool.
    /// `waitUntilStopped()` waits for the connections to finish.
    public func stop() {
        let (fd, open) = lock.withLock { () -> (Int32, [HTTPConnection]) in
            guard !stopping else { return (-1, []) }
            stopping = true
            return (listener, Array(connections.values))
        }
        guard fd >= 0 else { return }
        // Wakes the accept loop, which closes the socket on its way out.
        shutdown(fd, Int32(SHUT_RDWR))
        slots.signal()
        for connection in open { connection.interrupt() }
    }

    /// Waits until the accept loop and every connection have ended, without blocking a
    /// thread of the async pool.
    public func waitUntilStopped() async {
        // A thread of its own: Dispatch's global queues are as narrow as the CPU count on
        // Linux, and one blocked there starves the async pool.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [running] in
                running.wait()
                continuation.resume()
            }.start()
        }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop(_ listener: Int32) {
        while true {
            waitForSlot(listener)
            if isStopping { break }
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            if fd < 0 {
                slots.signal()
                if isStopping { break }
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            Socket.setTimeouts(fd, receive: configuration.idleTimeout, send: .seconds(30))
            let peer = String(address.sin_addr.s_addr)
            let connection = HTTPConnection(fd: fd, server: self, peer: peer)
            let id: Int? = lock.withLock {
                guard !stopping else { return nil }
                // One address may not fill the server with heads it never finishes; its busy
                // connections (a proxy's, a NAT's) are never counted.
                let slowFromPeer = slowConnections().filter { $0.connection.peer == peer }
                if slowFromPeer.count >= configuration.maxConnectionsPerClient {
                    Self.longestWaiting(slowFromPeer)?.endIfSlow(patience: configuration.slowClientPatience)
                }
                nextConnectionID += 1
                connections[nextConnectionID] = connection
                return nextConnectionID
            }
            guard let id else {
                close(fd)
                slots.signal()
                break
            }
            running.enter()
            let thread = Thread { [self] in
                connection.serve()
                lock.withLock {
                    connections[id] = nil
                    connection.close()
                }
                slots.signal()
                running.leave()
            }
            thread.name = "trawl.http.connection"
            thread.start()
        }
    }

    /// Waits for a free slot. While every slot is taken and a new client waits to be accepted,
    /// the slow connection that has waited longest for a request head is ended to make room:
    /// slow or idle clients cannot lock others out, and busy ones (a request being read or
    /// served) are never cut; with none slow, the new client waits in the listen backlog.
    private func waitForSlot(_ listener: Int32) {
        if slots.wait(timeout: .now()) == .success { return }
        while !isStopping {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                let slowest = Self.longestWaiting(lock.withLock { slowConnections() })
                slowest?.endIfSlow(patience: configuration.slowClientPatience)
            }
            if slots.wait(timeout: .now() + .milliseconds(100)) == .success { return }
        }
    }

    /// The connections that have waited at least `slowClientPatience` for a request head with
    /// nothing arriving, with since when; called with `lock` held.
    private func slowConnections() -> [(connection: HTTPConnection, since: ContinuousClock.Instant)] {
        connections.values.compactMap { connection in
            connection.slowSince(patience: configuration.slowClientPatience).map { (connection, $0) }
        }
    }

    private static func longestWaiting(
        _ connections: [(connection: HTTPConnection, since: ContinuousClock.Instant)]
    ) -> HTTPConnection? {
        connections.min { $0.since < $1.since }?.connection
    }
}
