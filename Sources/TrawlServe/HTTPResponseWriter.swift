import Foundation

/// Writes the body of a streamed response, a piece at a time, to the client's socket.
public final class HTTPResponseWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()

    init(fd: Int32) {
        self.fd = fd
    }

    /// Sends `data` now; throws when the client has gone.
    public func write(_ data: Data) throws {
        try lock.withLock {
            try Socket.send(fd, data)
        }
    }

    /// Sends `text` in UTF-8 now; throws when the client has gone.
    public func write(_ text: String) throws {
        try write(Data(text.utf8))
    }
}
