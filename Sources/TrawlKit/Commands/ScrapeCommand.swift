import Foundation

/// `trawl scrape`: fetch and snapshot only; the site is left as it is.
struct ScrapeCommand: TrawlCommand {
    static let name = "scrape"
    static let summary = "fetch and snapshot every source, without generating the site"
    static let shard = CommandOption.option(
        "--shard", "I/N",
        """
        scrape only shard I of N (1 to N): the sources whose id hashes
        there, so N processes, each with its own --shard, scrape every
        source once; their caches merge by copying folders (docs/SCALING.md)
        """)
    static let runID = RunCommand.runID.helped(
        """
        the run's id, the same for every shard of a run, as the cache names
        runs (its start in UTC: 20261130T040000.000Z); needed with --shard
        (unless N is 1), otherwise default: now
        """)
    static let options = [
        ConfigurationOptions.config, ConfigurationOptions.cache, RunCommand.only, RunCommand.accept, shard, runID,
        RunCommand.force, RunCommand.quiet, RunCommand.verbose,
    ]
    static let epilogue = "exit status as for 'trawl run'"

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try ConfigurationOptions.load(arguments)
        let reporter = RunReporter(
            console: console, quiet: arguments.has(RunCommand.quiet), verbose: arguments.has(RunCommand.verbose))
        let pipeline = Pipeline(
            configuration: configuration, clock: .fromEnvironment(),
            stop: .trappingSignals(exitingOnSecondWith: ExitStatus.interrupted.code),
            report: { reporter.handle($0) })
        let record = try await pipeline.scrape(
            RunOptions(
                only: try arguments.list(RunCommand.only), accept: try arguments.list(RunCommand.accept),
                shard: try arguments.value(shard).map(Shard.init(parsing:)), runID: arguments.value(runID),
                force: arguments.has(RunCommand.force)))
        reporter.summarize(record, output: nil)
        return record.hasFailures ? .failure : .success
    }
}
