import Foundation

/// The nightly job: every source scraped (concurrently, each on its own), a run record
/// saved, and the site generated from the cache.
public struct Pipeline: Sendable {
    /// The configuration the run follows.
    public let configuration: Configuration
    /// The clock the run's times and ids come from.
    public let clock: WallClock
    /// The one fetcher of the run: robots.txt, per-host delays and limits are shared by every source.
    public let fetcher: Fetcher
    /// Told of each event as it happens (a source fetched, finished, warned of); from any task.
    public let report: @Sendable (RunEvent) -> Void
    /// One store for the whole run, so every moved-aside file is reported once.
    public let store: CacheStore
    /// Set by SIGTERM/SIGINT (`StopRequest.trappingSignals(exitingOnSecondWith:)`): no new source starts.
    public let stop: StopRequest

    /// A pipeline for `configuration`; `fetcher` defaults to one built from its `fetch` settings.
    public init(
        configuration: Configuration, clock: WallClock = .system, fetcher: Fetcher? = nil,
        stop: StopRequest = StopRequest(), report: @escaping @Sendable (RunEvent) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.fetcher = fetcher ?? Fetcher(settings: configuration.fetch)
        self.stop = stop
        self.report = report
        self.store = CacheStore(root: configuration.cacheDirectory, clock: clock)
    }

    /// Scrapes the chosen sources, saves a run record, and prunes old ones. A shard saves
    /// its part of the run (`runs/<id>.shard-I-of-N.json`) and prunes nothing: `generate`,
    /// holding the cache lock, prunes whole runs.
    public func scrape(_ options: RunOptions = RunOptions()) async throws -> RunRecord {
        _ = try chosenSources(options)
        let lock = try store.lock(shard: options.shard)
        defer { lock.unlock() }
        if let shard = options.shard, let id = options.runID { try store.checkShardCount(shard, runID: id) }
        try recoverUnfinishedRun(shard: options.shard)
        return try await scrapeHoldingLock(options)
    }

    /// Scrape, then generate: what cron runs. Holds the cache lock throughout.
    public func run(_ options: RunOptions = RunOptions()) async throws -> RunRecord? {
        guard options.shard == nil else { throw RunOptionsError(.shardOfWholeRun) }
        _ = try chosenSources(options)
        let lock = try store.lock()
        defer { lock.unlock() }
        try recoverUnfinishedRun()
        let record = options.offline ? nil : try await scrapeHoldingLock(options)
        let generated = try SiteGenerator(configuration: configuration).generateReport()
        reportCacheProblems()
        for problem in generated.problems { report(.cacheProblem(problem.description)) }
        report(.generated(files: generated.files))
        return record
    }

    private func scrapeHoldingLock(_ options: RunOptions) async throws -> RunRecord {
        let started = clock.now
        // Read once the lock is held and a cut-short run recovered, so its attempts count.
        let (sources, waiting) = try dueSources(options, at: started)
        reportWaiting(waiting)
        let id = options.runID ?? store.newRunID(at: started)
        // Every source's changes reach this journal before its snapshot moves on (docs/CACHE.md).
        let journal = try store.startJournal(runID: id, started: started, shard: options.shard)
        // Journaled by their place in the configuration, so shards' records merge in its order.
        let positions = Dictionary(
            configuration.sources.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        if fetcher.settings.obeysRobots { await fetcher.recallRobots(try store.keptRobots(), night: started) }
        let results = await SourceRun.runAll(
            sources.map { source in
                SourceRun(
                    source: source, index: positions[source.id] ?? 0, store: store, fetcher: fetcher, clock: clock,
                    accept: options.accept.contains(source.id), journal: journal, stop: stop, report: report)
            })
        // The record is what the journal holds; a source the journal could not take has
        // its old snapshot still, so only its outcome is added.
        var entries = journal.sources
        for case (let index, let result?) in results where !journal.hasJournaled(index) {
            entries.append(
                .init(index: index, outcome: result.outcome, changes: [], snapshotDigest: nil, finished: clock.now))
        }
        let record = try store.saveRecord(
            from: entries, id: id, started: started, finished: clock.now, shard: options.shard)
        await keepRobots(night: started)
        try journal.remove()
        if let signal = stop.requestedBy {
            let skipped = results.filter { $0.1 == nil }.map { configuration.sources[$0.0].id }.sorted()
            throw RunInterruptedError(signal: signal, record: record, skipped: skipped)
        }
        guard options.shard == nil else {
            reportCacheProblems()
            return record
        }
        // Told once the record is safe; a receiver that is down hears of it on a later run.
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

    /// Keeps tonight's robots.txt for the next nights; a cache that cannot take it costs only
    /// the next night's requests for it, so the run goes on.
    private func keepRobots(night: Date) async {
        guard let robots = await fetcher.robotsToKeep() else { return }
        do {
            try store.keep(robots: robots, night: night)
        } catch {
            report(.cacheProblem("cannot keep robots.txt for the next night: \(error)"))
        }
    }

    /// Completes the record of a run that was killed or ran out of disk, and says so once.
    private func recoverUnfinishedRun(shard: Shard? = nil) throws {
        if let recovered = try store.recoverUnfinishedRun(shard: shard) {
            report(.note(recovered.description))
        }
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
            var error = RunOptionsError(.unknownSource)
            error.sourceID = id
            error.suggestion = Suggestion.closest(to: id, in: known)
            error.configurationFile = configuration.file.path
            throw error
        }
        if let shard = options.shard, shard.count > 1, options.runID == nil {
            var error = RunOptionsError(.shardWithoutRunID)
            error.exampleRunID = RunRecord.id(for: clock.now)
            throw error
        }
        if let id = options.runID, !CacheStore.isValidRunID(id) {
            var error = RunOptionsError(.invalidRunID)
            error.runID = id
            error.exampleRunID = RunRecord.id(for: clock.now)
            throw error
        }
        return configuration.sources.filter { source in
            (options.only.isEmpty || options.only.contains(source.id)) && (options.shard?.contains(source.id) ?? true)
        }
    }

    /// The chosen sources that are due at `now` (all of them under `--force`), and, for the
    /// others, when each is next due. A source not due is left alone: no fetch, no outcome
    /// in the record, its snapshot and health untouched — so the site shows it as it was.
    func dueSources(
        _ options: RunOptions, at now: Date
    ) throws -> (
        due: [SourceConfiguration], waiting: [(source: SourceConfiguration, due: Date)]
    ) {
        var due: [SourceConfiguration] = []
        var waiting: [(source: SourceConfiguration, due: Date)] = []
        for source in try chosenSources(options) {
            let lastAttempt = source.every == nil ? nil : try store.health(of: source.id).lastAttempt
            if let next = source.nextDue(lastAttempt: lastAttempt), !options.force, now < next {
                waiting.append((source, next))
            } else {
                due.append(source)
            }
        }
        return (due, waiting)
    }

    /// Reports which sources wait for their `every` (the commands show it when asked to be verbose).
    private func reportWaiting(_ waiting: [(source: SourceConfiguration, due: Date)]) {
        for (source, due) in waiting {
            let every = source.every.map(IntervalText.text) ?? ""
            report(.waiting(sourceID: source.id, due: due, every: every))
        }
    }
}
