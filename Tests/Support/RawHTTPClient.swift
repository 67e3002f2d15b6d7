import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare TCP client for tests that need to send exactly the bytes they mean:
/// pipelined requests, malformed heads, HTTP/1.0.
public final class RawHTTPClient: @unchecked Sendable {
    private let fd: Int32

    public struct ConnectionFailed: Error, CustomStringConvertible {
        public let port: UInt16
        public var description: String { "cannot connect to 127.0.0.1:\(port)" }
    }

    public init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard fd >= 0, connected == 0 else {
            close(fd)
            throw ConnectionFailed(port: port)
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(fd)
    }

    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the server has sent something (or closed) within `milliseconds`.
    public func hasSomethingToRead(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// What one read brings (up to 64 KB): at least the start of a response.
    public func readOnce() -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    /// Whether the last read ended because the server closed the connection (not a timeout).
    public private(set) var closedByServer = false

    /// Everything the server sends until it closes the connection (or five seconds pass).
    public func readToEnd() -> String {
        read { _ in false }
    }

    /// What the server sends until the text received ends with `suffix`.
    public func read(until suffix: String) -> String {
        read { $0.hasSuffix(suffix) }
    }

    private func read(until done: (String) -> Bool) -> String {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(String(decoding: received, as: UTF8.self)) {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else {
                closedByServer = count == 0 || errno == ECONNRESET
                break
            }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// Runs blocking work (a raw socket conversation) on a thread of its own, never on a thread
/// of Dispatch's global queues, which the async pool needs.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            do {
                continuation.resume(returning: try work())
            } catch {
                continuation.resume(throwing: error)
            }
        }.start()
    }
}
