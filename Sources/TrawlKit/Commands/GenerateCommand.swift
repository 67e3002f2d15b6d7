import Foundation

/// `trawl generate`: render the site from the cache alone; fetches nothing.
struct GenerateCommand: TrawlCommand {
    static let name = "generate"
    static let summary = "render Output/ from the cache only"
    static let about = """
        Takes the cache lock, so it waits for no one: while a run or a shard
        ('trawl scrape --shard') holds its lock in the cache, it exits 3. A run made by
        shards is shown as one run; a shard that did not report is named on the site.
        Completes the records of runs that were cut short, and prunes old run records
        as 'trawl run' does.
        """
    static let options = ConfigurationOptions.all + [RunCommand.quiet]

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try ConfigurationOptions.load(arguments)
        let clock = WallClock.fromEnvironment()
        let store = CacheStore(root: configuration.cacheDirectory, clock: clock)
        // A site made while shards write would show them as missing: wait for all of them.
        if let lock = try lockUnlessReadOnly(store, console: console) {
            defer { lock.unlock() }
            for recovered in try recoverUnfinishedRuns(in: store) { console.note(recovered.description) }
            do {
                try store.pruneRuns(RetentionPolicy(configuration.retention), now: clock.now)
            } catch {
                console.warning("cannot prune old run records: \(error)")
            }
            for problem in store.problems.drain() { console.warning(problem.description) }
        }
        let report = try SiteGenerator(configuration: configuration).generateReport()
        for problem in report.problems { console.warning(problem.description) }
        if !arguments.has(RunCommand.quiet) {
            console.note(
                "generated \(CountText.of(report.files, "file", "files")) (\(report.rewritten) rewritten) in \(configuration.outputDirectory.path)"
            )
        }
        return .success
    }

    /// The cache lock; nil when there is no cache yet (nothing to guard, and none is made) or
    /// it cannot be written (a read-only copy: then the site is made without recovering or pruning).
    static func lockUnlessReadOnly(_ store: CacheStore, console: Console) throws -> CacheLock? {
        guard FileManager.default.fileExists(atPath: store.root.path) else { return nil }
        do {
            return try store.lock()
        } catch let error as CacheError {
            console.warning("\(error); generating without completing cut-short runs or pruning old ones")
            return nil
        }
    }

    /// A killed run's changes belong in the site: its journal, and those of killed shards
    /// (copied in with their caches), are completed first. Call holding the cache lock.
    static func recoverUnfinishedRuns(in store: CacheStore) throws -> [CacheStore.RecoveredRun] {
        var recovered: [CacheStore.RecoveredRun] = []
        if let run = try store.recoverUnfinishedRun() { recovered.append(run) }
        for shard in store.shardJournals() {
            if let run = try store.recoverUnfinishedRun(shard: shard) { recovered.append(run) }
        }
        return recovered
    }
}
