import Foundation
import TrawlJSON

/// `trawl import FILE [--write]`: makes sources of another tool's watches (an OPML file,
/// urlwatch's urls.yaml, changedetection.io's backup), prints them as the JSON it would
/// add and says, watch by watch, what it could not carry over exactly.
struct ImportCommand: TrawlCommand {
    static let name = "import"
    static let summary = "make sources of an OPML file, urlwatch's urls.yaml or a changedetection.io backup"
    static let positionals = [
        CommandPositional(
            "FILE",
            help: """
                what to import, recognised by its content: an OPML subscription list
                (FreshRSS's XPath and JSON feeds included), urlwatch's urls.yaml, or
                changedetection.io's backup zip (or the url-watches.json in it)
                """)
    ]
    static let write = CommandOption.flag(
        "--write",
        """
        add the sources to the configuration's 'sources', keeping the rest
        of the file as written
        """)
    static let config = ConfigurationOptions.config.helped(
        """
        the configuration whose ids the new ones avoid, and that --write
        edits (default: ./trawl.json; made if absent)
        """)
    static let options = [write, config]
    static let epilogue = """
        Prints the sources as JSON on standard output; on standard error, each watch that
        is not an exact copy and why, and the watches left out.
        """

    /// The largest file read: a backup with every snapshot in it is still far below.
    static let maximumFileBytes = 512 << 20

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let input = URL(fileURLWithPath: arguments.positionals[0]).standardizedFileURL
        let configurationFile = URL(fileURLWithPath: arguments.value(config) ?? "trawl.json").standardizedFileURL
        let existing =
            FileManager.default.fileExists(atPath: configurationFile.path)
            ? try String(contentsOf: configurationFile, encoding: .utf8) : nil
        let report = try ImportReader.read(
            try read(input), file: input.path, existing: existing.map(Self.ids(in:)) ?? [])
        console.write(ImportReader.json(of: report))
        describe(report, file: input, console: console)
        guard arguments.has(write), !report.sources.isEmpty else { return .success }
        var text = existing ?? "{\n  \"sources\": []\n}\n"
        for source in report.sources {
            text = try ConfigurationEditor.adding(
                source.json(indent: 4), id: source.id, to: text, file: configurationFile)
        }
        // What is written must load: an import that does not is a bug, not a file to leave behind.
        _ = try ConfigurationLoader.load(Data(text.utf8), file: configurationFile)
        try Data(text.utf8).write(to: configurationFile, options: .atomic)
        console.note(
            "added \(CountText.of(report.sources.count, "source", "sources")) to \(configurationFile.path); "
                + "try one with 'trawl try ID'")
        return .success
    }

    private static func read(_ file: URL) throws -> [UInt8] {
        switch FileReader.read(file.path, limit: maximumFileBytes) {
        case .success(let data?): return Array(data)
        case .success(nil): throw UsageError("no file at \(file.path)")
        case .failure(.notRegularFile(let what)): throw UsageError("\(file.path) is \(what), not a file")
        case .failure(.tooLarge(let bytes, _)):
            throw UsageError(
                "\(file.path) holds \(bytes) bytes, more than import reads (\(maximumFileBytes >> 20) MiB)")
        case .failure(.unreadable(let reason)): throw UsageError("\(file.path): \(reason)")
        }
    }

    /// The ids of a configuration's sources, read from its text (a broken file is left for
    /// `--write`, which names the problem).
    static func ids(in text: String) -> [String] {
        guard let json = try? JSONParser.parse(Array(text.utf8)) else { return [] }
        return (json["sources"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    static func describe(_ report: ImportReport, file: URL, console: Console) {
        let inexact = report.sources.filter { !$0.notes.isEmpty || $0.isPageWatchAsList }
        var summary =
            "\(file.lastPathComponent) (\(report.format.rawValue)): "
            + CountText.of(report.sources.count, "source", "sources")
        if !inexact.isEmpty { summary += ", \(inexact.count) not an exact copy" }
        if !report.skipped.isEmpty { summary += ", \(CountText.of(report.skipped.count, "watch", "watches")) left out" }
        console.note(summary)
        for source in inexact {
            console.note("  \(source.id) from \(source.origin):")
            if source.isPageWatchAsList {
                console.note(
                    "    - a page watch 'page' cannot take (an XPath part, or edited text): a list of one item,"
                        + " the page's text in the field 'text'")
            }
            for note in source.notes { console.note("    - \(note)") }
        }
        for skipped in report.skipped { console.note("  left out: \(skipped)") }
    }
}
