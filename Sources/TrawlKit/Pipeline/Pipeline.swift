import Foundation

/// The nightly job: every source scraped (concurrently, each on its own), a run record
/// saved, and the site generated from the cache.
public struct Pipeline: Sendable {
    public let configuration: Configuration
    public let clock: WallClock
    public let fetcher: Fetcher
    public let report: @Sendable (RunEvent) -> Void

    public init(
        configuration: Configuration, clock: WallClock = .system, fetcher: Fetcher? = nil,
        report: @escaping @Sendable (RunEvent) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.fetcher = fetcher ?? Fetcher(settings: configuration.fetch)
        self.report = report
    }

    public var store: CacheStore { CacheStore(root: configuration.cacheDirectory) }

    /// Scrapes the chosen sources and saves a run record; nil when nothing was scraped.
    public func scrape(_ options: RunOptions = RunOptions()) async throws -> RunRecord {
        let sources = try chosenSources(options)
        let started = clock.now
        let results = await withTaskGroup(of: (Int, SourceRun.Result).self) { group in
            for (index, source) in sources.enumerated() {
                let run = SourceRun(
                    source: source, store: store, fetcher: fetcher, clock: clock,
                    accept: options.accept.contains(source.id), report: report)
                group.addTask { (index, await run.run()) }
            }
            var results: [(Int, SourceRun.Result)] = []
            for await result in group { results.append(result) }
            // Configuration order, whatever order the sources finished in.
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let record = RunRecord(
            id: Self.runID(for: started), started: started, finished: clock.now,
            outcomes: results.map(\.outcome), changes: results.flatMap(\.changes))
        try store.save(record)
        return record
    }

    /// Scrape, then generate: what cron runs.
    public func run(_ options: RunOptions = RunOptions()) async throws -> RunRecord? {
        let record = options.offline ? nil : try await scrape(options)
        let files = try SiteGenerator(configuration: configuration).generate()
        report(.generated(files: files))
        return record
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

    /// `20261130T040000.123Z`: sorts by time, safe in a file name, distinct for runs a second apart.
    static func runID(for date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: date)
    }
}
