import Foundation

/// `trawl scrape`: fetch and snapshot only; the site is left as it is.
struct ScrapeCommand: TrawlCommand {
    static let name = "scrape"
    static let summary = "fetch and snapshot every source, without generating the site"
    static let usage = """
        trawl scrape [--config FILE] [--cache DIR] [--only ID,...] [--accept ID,...]
                     [--shard I/N] [--run-id ID] [--force] [--quiet] [--verbose]

          --shard I/N      scrape only shard I of N (1 to N): the sources whose id hashes
                           there, so N processes, each with its own --shard, scrape every
                           source once; their caches merge by copying folders (docs/SCALING.md)
          --run-id ID      the run's id, the same for every shard of a run, as the cache names
                           runs (its start in UTC: 20261130T040000.000Z); needed with --shard
                           (unless N is 1), otherwise default: now

          --force          fetch every source now, even one whose "every" says it is not due

          exit status as for 'trawl run'
        """
    static let flags: Set<String> = ["--quiet", "--verbose", "--force"]
    static let options: Set<String> = ["--config", "--cache", "--only", "--accept", "--shard", "--run-id"]

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let configuration = try ConfigurationOptions.load(arguments)
        let reporter = RunReporter(
            console: console, quiet: arguments.has("--quiet"), verbose: arguments.has("--verbose"))
        let pipeline = Pipeline(
            configuration: configuration, clock: .fromEnvironment(),
            stop: .trappingSignals(exitingOnSecondWith: ExitStatus.interrupted.code),
            report: { reporter.handle($0) })
        let record = try await pipeline.scrape(
            RunOptions(
                only: try arguments.list("--only"), accept: try arguments.list("--accept"),
                shard: try arguments.value("--shard").map(Shard.init(parsing:)), runID: arguments.value("--run-id"),
                force: arguments.has("--force")))
        reporter.summarize(record, output: nil)
        return record.hasFailures ? .failure : .success
    }
}
