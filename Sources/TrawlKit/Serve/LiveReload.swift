import Foundation
import TrawlServe

/// Tells open pages to reload, over server-sent events (HTML Living Standard §9.2).
///
/// Each page served in watch mode carries `script`, which listens on `path`; `reload()`
/// sends every listener a `reload` event.
actor LiveReload {
    /// The event stream's path, out of the way of any file a site would have.
    static let path = "/__trawl/reload"

    /// The script put into every HTML page served in watch mode.
    static let script = """
        <script>new EventSource("\(path)").addEventListener("reload", () => location.reload());</script>

        """

    enum Event: Sendable {
        case reload
        case ping
    }

    private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
    private let heartbeat: Duration
    /// Streams open at once; each holds a connection, so more would lock pages out.
    nonisolated let maxListeners: Int
    private nonisolated let open = StreamCount()

    /// - Parameters:
    ///   - heartbeat: how often idle listeners get a comment line, so a closed page is noticed.
    ///   - maxListeners: streams open at once; past it a page is told to retry (503).
    init(heartbeat: Duration = .seconds(15), maxListeners: Int = 16) {
        self.heartbeat = heartbeat
        self.maxListeners = maxListeners
    }

    /// Sends every listening page a `reload` event.
    func reload() {
        for listener in listeners.values { listener.yield(.reload) }
    }

    /// The streamed response for a page that starts listening.
    nonisolated func response() -> HTTPResponse {
        guard open.enter(limit: maxListeners) else {
            var busy = HTTPResponse.plain(503, "too many live-reload streams are open; reload the page by hand")
            busy.headers["Retry-After"] = "10"
            return busy
        }
        let open = self.open
        return HTTPResponse(
            status: 200, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
            body: .stream(length: nil) { writer in
                defer { open.leave() }
                let id = UUID()
                let events = await self.listen(id)
                defer { Task { await self.forget(id) } }
                // A first comment line lets the client see the stream is open.
                try writer.write("retry: 1000\n: listening\n\n")
                for await event in events {
                    switch event {
                    case .reload: try writer.write("event: reload\ndata: reload\n\n")
                    case .ping: try writer.write(": ping\n\n")
                    }
                }
            })
    }

    private func listen(_ id: UUID) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let heartbeat = self.heartbeat
        let pinger = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                continuation.yield(.ping)
            }
        }
        continuation.onTermination = { _ in pinger.cancel() }
        listeners[id] = continuation
        return stream
    }

    private func forget(_ id: UUID) {
        listeners.removeValue(forKey: id)?.finish()
    }
}

/// How many live-reload streams are open, counted before a stream starts.
private final class StreamCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func enter(limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        lock.withLock { count -= 1 }
    }
}
