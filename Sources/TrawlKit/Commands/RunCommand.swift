import Foundation

/// `trawl run`: scrape every source, then generate the site. The nightly job.
struct RunCommand: TrawlCommand {
    static let name = "run"
    static let summary = "scrape every source, then generate the site (the nightly job)"
    static let only = CommandOption.option("--only", "ID,...", "scrape only these sources")
    static let accept = CommandOption.option(
        "--accept", "ID,...", "take these sources' new layout even if it looks broken")
    static let runID = CommandOption.option(
        "--run-id", "ID", "the run's id, as the cache names runs (default: its start, 20261130T040000.000Z)")
    static let force = CommandOption.flag(
        "--force", "fetch every source now, even one whose \"every\" says it is not due")
    static let offline = CommandOption.flag("--offline", "fetch nothing; generate the site from the cache")
    static let quiet = CommandOption.flag("--quiet", "print nothing unless something failed")
    static let verbose = CommandOption.flag("--verbose", "print warnings about individual fields and rows")
    static let options = ConfigurationOptions.all + [only, accept, runID, force, offline, quiet, verbose]
    static let epilogue = """
        exit status: 0 all sources fine, all news delivered; 1 some sources failed (site still
                     generated); 2 configuration or usage error; 3 another run holds the lock;
                     4 stopped by SIGTERM/SIGINT (finished sources recorded, site not generated);
                     5 sources fine, but a notifier's news waits for the next run or was refused
        """

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try ConfigurationOptions.load(arguments)
        let options = RunOptions(
            only: try arguments.list(only), accept: try arguments.list(accept),
            offline: arguments.has(offline), runID: arguments.value(runID), force: arguments.has(force))
        let clock = WallClock.fromEnvironment()
        // The count line counts what this run fetches: not the sources waiting for their `every`.
        let scraped =
            options.offline
            ? 0 : try Pipeline(configuration: configuration, clock: clock).dueSources(options, at: clock.now).due.count
        let reporter = RunReporter(
            console: console, quiet: arguments.has(quiet), verbose: arguments.has(verbose), total: scraped)
        let pipeline = Pipeline(
            configuration: configuration, clock: clock,
            stop: .trappingSignals(exitingOnSecondWith: ExitStatus.interrupted.code),
            report: { reporter.handle($0) })
        // On a terminal, the elapsed times move on while sources are fetched.
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                reporter.tick()
            }
        }
        defer { ticker.cancel() }
        let record = try await pipeline.run(options)
        reporter.summarize(record, output: configuration.outputDirectory)
        return CommandLineTool.status(forRun: record, undelivered: reporter.undeliveredCount)
    }
}
