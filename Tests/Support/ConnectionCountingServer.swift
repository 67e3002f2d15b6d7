import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare keep-alive HTTP/1.1 server on 127.0.0.1 that counts the connections it accepts,
/// for tests of connection reuse (the fixture server does not say which connection a
/// request came on). Every request, whatever its path, gets the same `200` answer, `delay`
/// late (long enough that a client allowed two requests at once to a host would open a
/// second connection).
public final class ConnectionCountingServer: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var answered = 0
    private let answer: [UInt8]
    private let delay: TimeInterval

    public struct ListenFailed: Error, CustomStringConvertible {
        public var description: String { "cannot listen on 127.0.0.1" }
    }

    /// A server answering every request with `body` of `contentType`, `delay` late.
    public init(body: String = "ok", contentType: String = "text/plain", delay: Duration = .zero) throws {
        answer = Array(
            "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        self.delay = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            close(fd)
            throw ListenFailed()
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in acceptLoop() }.start()
    }

    /// Connections accepted so far.
    public var connections: Int { lock.withLock { accepted } }
    /// Requests answered so far.
    public var requests: Int { lock.withLock { answered } }

    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting; connections already open end when their clients close them.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { accepted += 1 }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            pending.append(contentsOf: buffer[0..<count])
            // Each whole head is one request (the tests send no bodies).
            while let end = Self.endOfHead(in: pending) {
                pending.removeFirst(end)
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                guard write(connection, answer, answer.count) == answer.count else { return }
                lock.withLock { answered += 1 }
            }
        }
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }
}
