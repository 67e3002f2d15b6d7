import Foundation

/// What the page has been doing, from the browser's events: whether it loaded, which
/// requests are in flight, how many bytes arrived, and when the network last moved.
final class PageActivity: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded = false
    private var inFlight = Set<String>()
    private var received = 0
    private var lastActivity = ContinuousClock.now

    var hasLoaded: Bool { lock.withLock { loaded } }
    var bytesReceived: Int { lock.withLock { received } }

    /// True when no request has been in flight for `quiet`.
    func isIdle(for quiet: Duration) -> Bool {
        lock.withLock { inFlight.isEmpty && ContinuousClock.now - lastActivity >= quiet }
    }

    func record(_ method: String, _ params: DevToolsMessage) {
        lock.withLock {
            switch method {
            case "Page.loadEventFired":
                loaded = true
            case "Network.requestWillBeSent":
                if let id = params.string("requestId") { inFlight.insert(id) }
                lastActivity = .now
            case "Network.loadingFinished", "Network.loadingFailed":
                if let id = params.string("requestId") { inFlight.remove(id) }
                lastActivity = .now
            case "Network.dataReceived":
                received += params.int("dataLength") ?? 0
                lastActivity = .now
            default:
                break
            }
        }
    }
}
