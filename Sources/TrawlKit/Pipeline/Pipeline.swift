import Foundation

/// The nightly job: every source scraped (concurrently, each on its own), a run record
/// saved, and the site generated from the cache.
public struct Pipeline: Sendable {
    public let configuration: Configuration
    public let clock: WallClock
    public let fetcher: Fetcher
    public let report: @Sendable (RunEvent) -> Void
    /// One store for the whole run, so every moved-aside file is reported once.
    public let store: CacheStore

    public init(
        configuration: Configuration, clock: WallClock = .system, fetcher: Fetcher? = nil,
        report: @escaping @Sendable (RunEvent) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.fetcher = fetcher ?? Fetcher(settings: configuration.fetch)
        self.report = report
        self.store = CacheStore(root: configuration.cacheDirectory, clock: clock)
    }

    /// Scrapes the chosen sources, saves a run record, and prunes old ones.
    public func scrape(_ options: RunOptions = RunOptions()) async throws -> RunRecord {
        let sources = try chosenSources(options)
        let lock = try store.lock()
        defer { lock.unlock() }
        return try await scrapeHoldingLock(sources, accepting: options.accept)
    }

    /// Scrape, then generate: what cron runs. Holds the cache lock throughout.
    public func run(_ options: RunOptions = RunOptions()) async throws -> RunRecord? {
        let sources = try chosenSources(options)
        let lock = try store.lock()
        defer { lock.unlock() }
        let record = options.offline ? nil : try await scrapeHoldingLock(sources, accepting: options.accept)
        let generated = try SiteGenerator(configuration: configuration).generateReport()
        reportCacheProblems()
        for problem in generated.problems { report(.cacheProblem(problem.description)) }
        report(.generated(files: generated.files))
        return record
    }

    private func scrapeHoldingLock(
        _ sources: [SourceConfiguration], accepting accepted: [String]
    ) async throws
        -> RunRecord
    {
        let started = clock.now
        try store.prepareRunTimes()
        let results = await withTaskGroup(of: (Int, SourceRun.Result).self) { group in
            for (index, source) in sources.enumerated() {
                let run = SourceRun(
                    source: source, store: store, fetcher: fetcher, clock: clock,
                    accept: accepted.contains(source.id), report: report)
                group.addTask { (index, await run.run()) }
            }
            var results: [(Int, SourceRun.Result)] = []
            for await result in group { results.append(result) }
            // Configuration order, whatever order the sources finished in.
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let record = RunRecord(
            id: store.newRunID(at: started), started: started, finished: clock.now,
            outcomes: results.map(\.outcome), changes: results.flatMap(\.changes))
        try store.save(record)
        await NotificationDispatcher(configuration: configuration, store: store, clock: clock, report: report)
            .deliver(after: record)
        do {
            _ = try store.pruneRuns(RetentionPolicy(configuration.retention), now: clock.now)
        } catch {
            report(.cacheProblem("cannot prune old run records: \(error)"))
        }
        reportCacheProblems()
        return record
    }

    /// Files the store moved aside are always told: each is data a person may want back.
    private func reportCacheProblems() {
        for problem in store.problems.drain() {
            report(.cacheProblem(problem.description))
        }
    }

    func chosenSources(_ options: RunOptions) throws -> [SourceConfiguration] {
        let known = configuration.sources.map(\.id)
        for id in options.only + options.accept where !known.contains(id) {
            let hint = Suggestion.closest(to: id, in: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("no source '\(id)' in \(configuration.file.path)\(hint)")
        }
        guard !options.only.isEmpty else { return configuration.sources }
        return configuration.sources.filter { options.only.contains($0.id) }
    }
}
