import Foundation

/// `trawl generate`: render the site from the cache alone; fetches nothing.
struct GenerateCommand: TrawlCommand {
    static let name = "generate"
    static let summary = "render Output/ from the cache only"
    static let usage = """
        trawl generate [--config FILE] [--cache DIR] [--output DIR] [--templates DIR] [--quiet]
        """
    static let flags: Set<String> = ["--quiet"]
    static let options: Set<String> = ConfigurationOptions.names

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let configuration = try ConfigurationOptions.load(arguments)
        if let recovered = try Self.recoverUnfinishedRun(in: configuration) { console.note(recovered.description) }
        let report = try SiteGenerator(configuration: configuration).generateReport()
        for problem in report.problems { console.warning(problem.description) }
        if !arguments.has("--quiet") {
            console.note(
                "generated \(report.files) files (\(report.rewritten) rewritten) in \(configuration.outputDirectory.path)"
            )
        }
        return .success
    }

    /// A killed run's changes belong in the site: its journal is completed first, unless a
    /// live run holds the lock (that run completes it).
    static func recoverUnfinishedRun(in configuration: Configuration) throws -> CacheStore.RecoveredRun? {
        let store = CacheStore(root: configuration.cacheDirectory, clock: .fromEnvironment())
        guard FileManager.default.fileExists(atPath: store.journalFile.path) else { return nil }
        let lock: CacheLock
        do {
            lock = try store.lock()
        } catch is CacheLockedError {
            return nil
        }
        defer { lock.unlock() }
        return try store.recoverUnfinishedRun()
    }
}
