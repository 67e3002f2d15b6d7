import Foundation

extension Fetcher {
    /// Runs `work` against `url` with the manners of the fetcher's own requests: only if
    /// robots.txt allows it (when obeyed), in turn with the other requests to its host
    /// (delay and per-host concurrency), and within the global limit.
    ///
    /// For work that streams elsewhere than memory, such as mirroring files to disk.
    public func politely<T: Sendable>(_ url: URL, _ work: @Sendable () async throws -> T) async throws -> T {
        guard !url.isFileURL else { return try await work() }
        if settings.obeysRobots { try await checkRobots(url, requested: url) }
        let gate = await hosts.gate(for: url)
        try await gate.enter()
        await global.acquire()
        let outcome: Result<T, Error>
        do {
            outcome = .success(try await work())
        } catch {
            outcome = .failure(error)
        }
        global.release()
        gate.leave()
        return try outcome.get()
    }
}
