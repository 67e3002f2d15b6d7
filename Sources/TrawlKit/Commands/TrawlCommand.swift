/// One `trawl` subcommand: its usage, the flags and options it accepts, and what it does.
protocol TrawlCommand {
    /// The word after `trawl`.
    static var name: String { get }
    /// One line: what the command is for.
    static var summary: String { get }
    /// The synopsis and option list shown by `trawl help NAME` and after a usage error.
    static var usage: String { get }
    /// Options that take no value, with their dashes (`--json`).
    static var flags: Set<String> { get }
    /// Options that take a value (`--config`).
    static var options: Set<String> { get }

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus
}
