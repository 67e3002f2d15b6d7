import Foundation

/// A command's usage text, laid out from its declarations.
enum CommandUsage {
    /// Lines are folded before this width.
    static let width = 100
    /// Help starts in this column unless every option is shorter.
    static let helpColumn = 18

    /// `trawl NAME POSITIONALS [OPTION VALUE]...`, folded under the name.
    static func synopsis(name: String, positionals: [CommandPositional], options: [CommandOption]) -> String {
        let words = positionals.map(\.synopsis) + options.map { "[\($0.synopsis)]" }
        let head = "trawl \(name)"
        let indent = String(repeating: " ", count: head.count + 1)
        var lines: [String] = [head]
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > width {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    static func text(
        synopsis: [String], about: String, positionals: [CommandPositional], options: [CommandOption],
        epilogue: String
    ) -> String {
        var blocks = [synopsis.joined(separator: "\n")]
        if !about.isEmpty { blocks.append(about) }
        let entries =
            positionals.filter { !$0.help.isEmpty }.map { ($0.name, $0.help) }
            + options.map { ($0.synopsis, $0.help) }
        if !entries.isEmpty { blocks.append(list(entries)) }
        if !epilogue.isEmpty { blocks.append(epilogue) }
        return blocks.joined(separator: "\n\n")
    }

    /// `  --name VALUE  help`, the help in one column, its continuation lines under it.
    private static func list(_ entries: [(term: String, help: String)]) -> String {
        let column = min(entries.map { $0.term.count + 4 }.max() ?? 0, helpColumn)
        let hanging = String(repeating: " ", count: column)
        return entries.map { term, help in
            let lead = "  " + term
            let padded =
                lead.count + 2 <= column ? lead.padding(toLength: column, withPad: " ", startingAt: 0) : lead + "  "
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            return ([padded + (lines.first ?? "")] + lines.dropFirst().map { hanging + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
