import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls the server makes, with errors as values a person can read.
enum Socket {
    #if os(Linux)
        static let stream = Int32(SOCK_STREAM.rawValue)
        static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        static let stream = SOCK_STREAM
        static let noSignal: Int32 = 0
    #endif

    /// A listening TCP socket on `host` (an IPv4 address) and `port` (0: any free port).
    static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, stream, 0)
        guard fd >= 0 else { throw HTTPServerError.cannotListen(host: host, port: port, reason: lastError()) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            close(fd)
            throw HTTPServerError.cannotListen(host: host, port: port, reason: "not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, backlog) == 0 else {
            let reason = lastError()
            close(fd)
            throw HTTPServerError.cannotListen(host: host, port: port, reason: reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Sets how long a receive or a send may wait before failing.
    static func setTimeouts(_ fd: Int32, receive: Duration, send: Duration) {
        for (option, duration) in [(SO_RCVTIMEO, receive), (SO_SNDTIMEO, send)] {
            let (seconds, attoseconds) = duration.components
            var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
        }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Whether a read would not block (bytes, the end of the stream or an error are waiting),
    /// waiting at most `timeout`.
    static func waitUntilReadable(_ fd: Int32, within timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        // Rounded up: a wait that ends before its deadline would not see the deadline passed.
        let milliseconds = Int32(
            clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, max(0, milliseconds))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Whether bytes (or the end of the stream) wait unread, without waiting.
    static func isReadable(_ fd: Int32) -> Bool {
        waitUntilReadable(fd, within: .zero)
    }

    /// Up to `limit` bytes, or nil at the end of the stream, on a timeout or an error.
    static func receive(_ fd: Int32, limit: Int = 64 * 1024) -> Data? {
        var bytes = [UInt8](repeating: 0, count: limit)
        while true {
            let count = recv(fd, &bytes, limit, 0)
            if count > 0 { return Data(bytes[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Sends every byte of `data`, or throws when the peer has gone.
    static func send(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let sent = Glibc.send(fd, pointer, remaining, noSignal)
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { throw HTTPServerError.connectionClosed(reason: lastError()) }
                pointer += sent
                remaining -= sent
            }
        }
    }

    /// Closes with a TCP reset instead of an orderly close, as a crashed server would.
    static func reset(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// Why the server could not start or a connection ended early: a struct over a private code,
/// as AsyncHTTPClient's `HTTPClientError` is, so a new kind breaks no embedder's `switch`.
public struct HTTPServerError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong; compare with `==` (`error.code == .cannotListen`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case cannotListen, connectionClosed
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The address could not be bound (in use, not an IPv4 address, no permission).
        public static let cannotListen = Code(.cannotListen)
        /// The client went away while a response was being sent.
        public static let connectionClosed = Code(.connectionClosed)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// What the system or the server said.
    public let reason: String
    /// The address that could not be bound (`cannotListen`).
    public let host: String?
    /// The port that could not be bound (`cannotListen`).
    public let port: UInt16?

    private init(_ code: Code, reason: String, host: String? = nil, port: UInt16? = nil) {
        self.code = code
        self.reason = reason
        self.host = host
        self.port = port
    }

    static func cannotListen(host: String, port: UInt16, reason: String) -> HTTPServerError {
        .init(.cannotListen, reason: reason, host: host, port: port)
    }

    /// The connection ended while a response was being sent: what a streaming body's writer
    /// throws to give up on its client.
    public static func connectionClosed(reason: String) -> HTTPServerError {
        .init(.connectionClosed, reason: reason)
    }

    /// The reason in words, naming the address.
    public var description: String {
        switch code {
        case .cannotListen: return "cannot listen on \(host ?? ""):\(port ?? 0) (\(reason))"
        default: return "the connection closed (\(reason))"
        }
    }
}
