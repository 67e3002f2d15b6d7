import Foundation
import TrawlJSON

/// `trawl try SOURCE_ID`: fetch and scrape one source exactly as a run would, and show
/// what it would keep, without touching the cache or the output.
struct TryCommand: TrawlCommand {
    static let name = "try"
    static let summary = "fetch and scrape one source as a run would, and show its items; nothing is saved"
    static let about = """
        Fetches the source's page (and the pages after it), scrapes it with the source's
        settings and preset, and runs the same guard and field checks as 'trawl run'.
        Prints the items as a table, then the warnings; the cache and the output are left
        untouched (the last good snapshot, if any, is only read, for the guard).
        """
    static let positionals = [CommandPositional("SOURCE_ID")]
    static let json = CommandOption.flag(
        "--json",
        """
        print {"source": ID, "items": [{"id": ..., "fields": {NAME: VALUE}}],
        "filteredOut": how many items keep and drop left out, "warnings": [...],
        "error": null or the guard's message}
        """)
    static let options = [ConfigurationOptions.config, json]
    static let epilogue = """
        exit status: 0 items were scraped and the guard passes; 1 the guard (or the fetch) fails;
        2 usage or configuration error
        """

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let id = arguments.positionals[0]
        let configuration = try ConfigurationOptions.load(arguments)
        guard let source = configuration.sources.first(where: { $0.id == id }) else {
            let known = configuration.sources.map(\.id)
            let hint = Suggestion.hint(for: id, in: known)
            throw UsageError("no source '\(id)' in \(configuration.file.path)\(hint)")
        }
        // Read-only: a file the cache cannot use is left for the next run to move aside.
        let store = CacheStore(root: configuration.cacheDirectory, access: .readOnly)
        let previous = try? store.lastGoodSnapshot(of: source.id)

        let trial = await attempt(source, fetcher: Fetcher(settings: configuration.fetch), previous: previous)
        if arguments.has(json) {
            console.write(json(trial, sourceID: source.id))
        } else {
            console.write(table(trial.items, source: source))
            if trial.filteredOut > 0 {
                let count = CountText.of(trial.filteredOut, "item was", "items were")
                console.note("[\(source.id)] \(count) left out by the source's keep and drop (not kept, not news)")
            }
            for warning in trial.warnings { console.warning("[\(source.id)] \(warning)") }
            if let error = trial.error { console.error("[\(source.id)] \(error)") }
        }
        return trial.error == nil ? .success : .failure
    }

    /// What a run would make of `source`.
    struct Trial {
        var items: [Item] = []
        var warnings: [String] = []
        /// How many items the source's `keep` and `drop` left out.
        var filteredOut = 0
        /// The guard's (or the fetch's) message when a run would fail the source.
        var error: String?
    }

    static func attempt(_ source: SourceConfiguration, fetcher: Fetcher, previous: Snapshot?) async -> Trial {
        var trial = Trial()
        do {
            guard let (_, result) = try await SourceScrape(source: source, fetcher: fetcher).run() else { return trial }
            trial.items = result.items
            trial.filteredOut = result.filteredOut
            trial.warnings = FieldCoverage(source: source).warnings(for: result)
            if let notice = result.limitNotice(maxItems: source.maxItems) { trial.warnings.append(notice) }
            try ScrapeGuard(source: source).check(result, previous: previous)
        } catch {
            trial.error = AcceptHint.adding(
                to: SourceScrape.message(for: error, hadSnapshot: previous != nil),
                isGuard: OutcomeError(classifying: error, message: "").isGuard, sourceID: source.id)
        }
        return trial
    }

    // MARK: Output

    /// One row per item: its id, then every field in the order the source names them; the
    /// last line counts them, or says they are the first of `total` when more were found.
    static func table(_ items: [Item], source: SourceConfiguration, of total: Int? = nil) -> String {
        guard !items.isEmpty else { return "no items\n" }
        var names: [String] = source.fields.map(\.name)
        for item in items {
            for field in item.fields where !names.contains(field.name) { names.append(field.name) }
        }
        let header = ["#", "ID"] + names.map { $0.uppercased() }
        let rows = items.enumerated().map { index, item in
            [String(index + 1), cell(item.id)] + names.map { name in item[field: name].map { cell($0.text) } ?? "-" }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ values: [String]) -> String {
            values.enumerated().map { column, value in
                value + String(repeating: " ", count: widths[column] - value.count)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let count =
            if let total, total > items.count {
                "the first \(items.count) of \(total) items"
            } else {
                CountText.of(items.count, "item", "items")
            }
        return ([line(header)] + rows.map(line) + [count]).joined(separator: "\n") + "\n"
    }

    /// A value on one line, cut to a width a terminal shows.
    private static func cell(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    static func json(_ trial: Trial, sourceID: String) -> String {
        let string = JSONEscaper.quoted
        let items = trial.items.map { item in
            let fields = item.fields.map { "\(string($0.name)): \(json($0.value))" }.joined(separator: ", ")
            return "    {\"id\": \(string(item.id)), \"fields\": {\(fields)}}"
        }
        let warnings = trial.warnings.map { "    " + string($0) }
        return """
            {
              "source": \(string(sourceID)),
              "items": [\(items.isEmpty ? "" : "\n" + items.joined(separator: ",\n") + "\n  ")],
              "filteredOut": \(trial.filteredOut),
              "warnings": [\(warnings.isEmpty ? "" : "\n" + warnings.joined(separator: ",\n") + "\n  ")],
              "error": \(trial.error.map(string) ?? "null")
            }

            """
    }

    /// A value as plain JSON: numbers and booleans as such, dates as RFC 3339, lists as arrays.
    static func json(_ value: Value) -> String {
        switch value {
        case .int, .double, .bool: return value.text
        case .string, .date, .url: return JSONEscaper.quoted(value.text)
        case .list(let values): return "[" + values.map(json).joined(separator: ", ") + "]"
        }
    }
}
