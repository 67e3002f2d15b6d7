/// One `trawl` subcommand: what it is for, what it takes, and what it does. Its usage
/// text, its parsing and its usage errors all come from `positionals` and `options`.
protocol TrawlCommand {
    /// The word after `trawl`.
    static var name: String { get }
    /// One line: what the command is for.
    static var summary: String { get }
    /// The forms of the command line; by default one, made from `positionals` and `options`.
    static var synopsis: [String] { get }
    /// What the command does, shown between the synopsis and the options.
    static var about: String { get }
    /// The words after the name that are not options.
    static var positionals: [CommandPositional] { get }
    /// Every option, in the order the usage lists them.
    static var options: [CommandOption] { get }
    /// Shown after the options: exit statuses and notes.
    static var epilogue: String { get }

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus
}

extension TrawlCommand {
    static var synopsis: [String] { [CommandUsage.synopsis(name: name, positionals: positionals, options: options)] }
    static var about: String { "" }
    static var positionals: [CommandPositional] { [] }
    static var epilogue: String { "" }

    /// The text of `trawl help NAME`.
    static var usage: String {
        CommandUsage.text(
            synopsis: synopsis, about: about, positionals: positionals, options: options, epilogue: epilogue)
    }

    /// `arguments` checked against this command's declarations.
    static func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ParsedArguments(arguments, options: options, positionals: positionals)
    }
}
