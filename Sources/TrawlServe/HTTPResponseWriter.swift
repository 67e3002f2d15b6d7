import Foundation

/// Writes the body of a streamed response, a piece at a time, to the client's socket.
public final class HTTPResponseWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var written = 0

    init(fd: Int32) {
        self.fd = fd
    }

    /// Sends `data` now; throws when the client has gone.
    public func write(_ data: Data) throws {
        try lock.withLock {
            try Socket.send(fd, data)
            written += data.count
        }
    }

    /// Sends `text` in UTF-8 now; throws when the client has gone.
    public func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    /// Body bytes sent so far.
    public var bytesWritten: Int { lock.withLock { written } }
}
