import Foundation

/// The `trawl` command line: finds the subcommand, parses its arguments, runs it, and
/// turns every error into one `error: …` line and an exit status.
public enum CommandLineTool {
    /// Every subcommand, in the order `trawl help` lists them.
    static var commands: [any TrawlCommand.Type] {
        [
            RunCommand.self,
            ScrapeCommand.self,
            GenerateCommand.self,
            StatusCommand.self,
            DiffCommand.self,
            ServeCommand.self,
            DownloadCommand.self,
            SelectCommand.self,
            ExtractCommand.self,
            TryCommand.self,
            FeedCommand.self,
            OPMLCommand.self,
            SchemaCommand.self,
            TemplateCommand.self,
            InitCommand.self,
            ImportCommand.self,
        ]
    }

    static func main(_ arguments: [String], console: Console) async -> ExitStatus {
        guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
            if arguments.count > 1, let command = command(named: arguments[1]) {
                console.print(command.usage)
            } else {
                console.print(overview)
            }
            return .success
        }
        if name == "--version" || name == "version" {
            console.print("trawl \(TrawlVersion.current)")
            return .success
        }
        guard let command = command(named: name) else {
            let hint =
                Suggestion.hint(for: name, in: commands.map { $0.name })
            console.error("unknown command '\(name)'\(hint); see 'trawl help'")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.print(command.usage)
            return .success
        }
        do {
            let parsed = try command.parse(rest)
            return try await command.run(parsed, console: console)
        } catch let error where Self.usageError(for: error) != nil {
            console.error("\(Self.usageError(for: error)!)")
            console.note("usage: \(command.usage.split(separator: "\n").first ?? "")")
            return .usage
        } catch {
            // Foundation's own errors print as "NSCocoaErrorDomain error 512": say the path and cause.
            let nsError = error as NSError
            let foundation = nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain
            console.error(foundation ? FileErrorText.describe(error) : "\(error)")
            return status(for: error)
        }
    }

    static func command(named name: String) -> (any TrawlCommand.Type)? {
        commands.first { $0.name == name }
    }

    /// The exit status an error earns: the library's errors by their type (they know no exit
    /// status), the command line's own by `ClassifiedError`; anything else is a failure.
    static func status(for error: Error) -> ExitStatus {
        switch error {
        case let classified as ClassifiedError: return classified.exitStatus
        case is ConfigurationError, is RunOptionsError, is ShardError, is ShardMismatchError: return .usage
        case is CacheLockedError: return .locked
        case is RunInterruptedError: return .interrupted
        default: return .failure
        }
    }

    /// A finished run's status: failed sources first (1), then news a notifier was not
    /// given (5: it waits for the next run, or was refused for good), else 0.
    static func status(forRun record: RunRecord?, undelivered: Int) -> ExitStatus {
        if record?.hasFailures == true { return .failure }
        return undelivered > 0 ? .undelivered : .success
    }

    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return """
            trawl turns web pages and feeds into a static site and an Atom feed.

            usage: trawl COMMAND [OPTIONS]

            commands:
            \(lines.joined(separator: "\n"))

            'trawl help COMMAND' shows a command's options.
            """
    }
}
