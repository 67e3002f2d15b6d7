import Foundation

/// Politeness towards one host: at most `concurrency` requests at once, and request
/// starts spaced at least `delay` apart.
actor HostGate {
    private let limiter: AsyncLimiter
    private let delay: Duration
    private let clock = ContinuousClock()
    private var nextStart: ContinuousClock.Instant?

    init(delay: Duration, concurrency: Int) {
        self.delay = delay
        self.limiter = AsyncLimiter(limit: concurrency)
    }

    /// Waits for a place and for this host's turn; call `leave()` when the request is done.
    func enter() async throws {
        await limiter.acquire()
        let now = clock.now
        let start = max(now, nextStart ?? now)
        // Reserving the slot before sleeping keeps the order fair for those queued behind.
        nextStart = start + delay
        if start > now {
            do {
                try await clock.sleep(until: start)
            } catch {
                limiter.release()
                throw error
            }
        }
    }

    /// Frees the host's place; from any task, with no hop onto the gate.
    nonisolated func leave() {
        limiter.release()
    }
}

/// One politeness gate per host.
actor HostGates {
    private let delay: Duration
    private let concurrency: Int
    private var gates: [String: HostGate] = [:]

    init(delay: Duration, concurrency: Int) {
        self.delay = delay
        self.concurrency = concurrency
    }

    func gate(for url: URL) -> HostGate {
        let key = Fetcher.origin(of: url) ?? url.absoluteString
        if let gate = gates[key] { return gate }
        let gate = HostGate(delay: delay, concurrency: concurrency)
        gates[key] = gate
        return gate
    }
}
