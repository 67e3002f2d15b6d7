/// What a host's robots.txt came to.
enum RobotsVerdict: Sendable {
    case rules(RobotsTxt)
    /// robots.txt answered with a server error: disallow all.
    case unreachable(String)
    /// The host could not be reached at all: every request to it fails the same way.
    case failed(FetchError)
}

/// Each host's robots.txt, fetched once however many requests ask for it at once.
actor RobotsCache {
    private var verdicts: [String: Task<RobotsVerdict, Never>] = [:]

    func verdict(for origin: String, load: @escaping @Sendable () async -> RobotsVerdict) async -> RobotsVerdict {
        if let pending = verdicts[origin] { return await pending.value }
        let task = Task { await load() }
        verdicts[origin] = task
        return await task.value
    }
}
