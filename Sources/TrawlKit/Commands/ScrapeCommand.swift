import Foundation

/// `trawl scrape`: fetch and snapshot only; the site is left as it is.
struct ScrapeCommand: TrawlCommand {
    static let name = "scrape"
    static let summary = "fetch and snapshot every source, without generating the site"
    static let usage = """
        trawl scrape [--config FILE] [--cache DIR] [--only ID,...] [--accept ID,...] [--quiet] [--verbose]

          exit status as for 'trawl run'
        """
    static let flags: Set<String> = ["--quiet", "--verbose"]
    static let options: Set<String> = ["--config", "--cache", "--only", "--accept"]

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let configuration = try ConfigurationOptions.load(arguments)
        let reporter = RunReporter(
            console: console, quiet: arguments.has("--quiet"), verbose: arguments.has("--verbose"))
        let pipeline = Pipeline(
            configuration: configuration, clock: .fromEnvironment(), stop: .trappingSignals(),
            report: { reporter.handle($0) })
        let record = try await pipeline.scrape(
            RunOptions(only: try arguments.list("--only"), accept: try arguments.list("--accept")))
        reporter.summarize(record, output: nil)
        let failed = record.outcomes.contains { $0.status == .failed || $0.status == .guarded }
        return failed ? .failure : .success
    }
}
