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
        let report = try SiteGenerator(configuration: configuration).generateReport()
        for problem in report.problems { console.warning(problem.description) }
        if !arguments.has("--quiet") {
            console.note(
                "generated \(report.files) files (\(report.rewritten) rewritten) in \(configuration.outputDirectory.path)"
            )
        }
        return .success
    }
}
