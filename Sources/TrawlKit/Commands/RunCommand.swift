import Foundation

/// `trawl run`: scrape every source, then generate the site. The nightly job.
struct RunCommand: TrawlCommand {
    static let name = "run"
    static let summary = "scrape every source, then generate the site (the nightly job)"
    static let usage = """
        trawl run [--config FILE] [--output DIR] [--cache DIR] [--only ID,...] [--accept ID,...]
                  [--run-id ID] [--force] [--offline] [--quiet] [--verbose]

          --config FILE    the configuration (default: ./trawl.json)
          --output DIR     where the site goes (default: from the configuration, else Output/)
          --cache DIR      where snapshots and run records live (default: Cache/)
          --templates DIR  templates that override the built-in ones, file by file
          --only ID,...    scrape only these sources
          --accept ID,...  take these sources' new layout even if it looks broken
          --run-id ID      the run's id, as the cache names runs (default: its start, 20261130T040000.000Z)
          --force          fetch every source now, even one whose "every" says it is not due
          --offline        fetch nothing; generate the site from the cache
          --quiet          print nothing unless something failed
          --verbose        print warnings about individual fields and rows

        exit status: 0 all sources fine, all news delivered; 1 some sources failed (site still
                     generated); 2 configuration or usage error; 3 another run holds the lock;
                     4 stopped by SIGTERM/SIGINT (finished sources recorded, site not generated);
                     5 sources fine, but a notifier's news waits for the next run or was refused
        """
    static let flags: Set<String> = ["--offline", "--quiet", "--verbose", "--force"]
    static let options: Set<String> = [
        "--config", "--output", "--cache", "--only", "--accept", "--templates", "--run-id",
    ]

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let configuration = try ConfigurationOptions.load(arguments)
        let options = RunOptions(
            only: try arguments.list("--only"), accept: try arguments.list("--accept"),
            offline: arguments.has("--offline"), runID: arguments.value("--run-id"), force: arguments.has("--force"))
        let clock = WallClock.fromEnvironment()
        // The count line counts what this run fetches: not the sources waiting for their `every`.
        let scraped =
            options.offline
            ? 0 : try Pipeline(configuration: configuration, clock: clock).dueSources(options, at: clock.now).due.count
        let reporter = RunReporter(
            console: console, quiet: arguments.has("--quiet"), verbose: arguments.has("--verbose"), total: scraped)
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
