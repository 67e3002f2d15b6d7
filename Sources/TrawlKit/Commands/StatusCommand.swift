import Foundation
import TrawlDates
import TrawlJSON

/// `trawl status`: the health of each source, from the cache.
enum StatusCommand: TrawlCommand {
    static let name = "status"
    static let summary = "health of each source: last success, items, failures, last error"
    static let about = """
        Shows each source's last success and its age, item count, consecutive failures,
        whether what is shown is stale, the last error, and the warnings of its last kept
        scrape (a field empty or unparsed on most items), listed under the table; for a
        source with "every", when the next run fetches it (NEXT DUE: a time, or "now"); for
        a source with "detail", how many of its items' pages are left to read on later runs.
        Exits 1 when a source is stale. Warns when the latest run was made by shards and one
        did not report. Only the cache is read: an unset ${VAR} in the configuration does
        not stop it.
        Notifications not delivered yet (see `notify` in trawl.json) are listed on stderr.
        """
    static let json = CommandOption.flag(
        "--json",
        """
        print an array of {id, lastSuccess, items, failures, stale, lastError, errorKind, warnings,
        nextDue, detailPagesWaiting} (nextDue: null when every run fetches the source;
        detailPagesWaiting: the items' pages a "detail" source still has to read, else null)
        """)
    static let options = [json] + CacheLocation.options

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let location = try CacheLocation.resolve(arguments)
        let store = CacheStore(root: location.directory, access: .readOnly)
        return try report(
            store: store, sourceIDs: location.sourceIDs, schedules: location.schedules,
            detailSources: location.detailSources, json: arguments.has(json),
            now: WallClock.fromEnvironment().now,
            console: console)
    }

    /// Prints the status of `sourceIDs` (the configured ones; default: every source the
    /// cache holds), as a table or as JSON, with ages measured at `now`.
    static func report(
        store: CacheStore, sourceIDs: [String]? = nil, schedules: [String: SourceConfiguration] = [:],
        detailSources: [String: SourceConfiguration] = [:], json: Bool, now: Date, console: Console
    ) throws -> ExitStatus {
        guard FileManager.default.fileExists(atPath: store.root.path) else {
            console.error("no cache at \(store.root.path); 'trawl run' makes one")
            return .failure
        }
        let ids = sourceIDs ?? store.sourceIDs()
        let rows = try ids.map { id in
            let health = try store.health(of: id)
            var row = Row(id: id, health: health)
            if let source = schedules[id] {
                // Never tried: the next run fetches it.
                row.nextDue = source.nextDue(lastAttempt: health.lastAttempt) ?? now
            }
            if let source = detailSources[id] {
                row.detailPagesWaiting = try detailPagesWaiting(of: source, store: store)
            }
            return row
        }
        // A shard that did not report leaves its sources' health as it was: say why.
        if let latest = try store.latestRun(), let missing = latest.missingShards {
            let names = missing.map(\.description).joined(separator: ", ")
            let notTried = latest.sourcesNotTried(of: ids)
            console.warning(
                "run \(latest.id): \(names) did not report; not tried this run: "
                    + (notTried.isEmpty ? "none of these sources" : notTried.joined(separator: ", ")))
        }
        let notifications = try NotificationLedger.read(from: store).notifiers.values.sorted { $0.name < $1.name }
        for problem in store.problems.drain() { console.warning(problem.description) }
        if json {
            let data = CacheJSONLayout.data(.array(rows.map(\.json)))
            console.write(String(decoding: data, as: UTF8.self))
        } else if rows.isEmpty {
            console.print("no sources in \(store.root.path) yet")
        } else {
            console.write(table(rows, now: now))
        }
        // Waiting notifications are told on stderr, so --json stays one array.
        for notifier in notifications where !notifier.pending.isEmpty {
            let runs = CountText.of(notifier.pending.count, "run", "runs")
            console.warning(
                "notify \(notifier.name): \(runs) not delivered yet (retried on the next run)"
                    + (notifier.lastError.map { "; last error: \($0)" } ?? ""))
        }
        return rows.contains { $0.stale } ? .failure : .success
    }

    struct Row {
        var id: String
        var lastSuccess: Date?
        var items: Int
        var failures: Int
        var stale: Bool
        var lastError: String?
        /// The last error's kind (`httpStatus`, `guard`, … docs/CACHE.md), for scripts to decide by.
        var errorKind: String?
        var warnings: [String]
        /// When a source with `every` is next fetched; nil for one every run fetches.
        var nextDue: Date?
        /// For a source with `detail`: its items' pages still to read on later runs.
        var detailPagesWaiting: Int?

        init(id: String, health: Health) {
            self.id = id
            lastSuccess = health.lastSuccess
            items = health.itemCount
            failures = health.consecutiveFailures
            stale = health.stale
            lastError = health.lastError?.message
            errorKind = health.lastError?.kind.rawValue
            warnings = health.warnings ?? []
        }

        /// The row for `--json`: absent values are null, so every object has every key.
        var json: JSONValue {
            .object([
                ("detailPagesWaiting", detailPagesWaiting.map(JSONValue.int) ?? .null),
                ("errorKind", errorKind.map(JSONValue.string) ?? .null),
                ("failures", .int(failures)),
                ("id", .string(id)),
                ("items", .int(items)),
                ("lastError", lastError.map(JSONValue.string) ?? .null),
                ("lastSuccess", lastSuccess.map(JSONValue.date) ?? .null),
                ("nextDue", nextDue.map(JSONValue.date) ?? .null),
                ("stale", .bool(stale)),
                ("warnings", .strings(warnings)),
            ])
        }
    }

    /// How many of the stored items' pages wait to be read (`detail`); nil without `detail`.
    static func detailPagesWaiting(of source: SourceConfiguration, store: CacheStore) throws -> Int? {
        guard let detail = source.detail else { return nil }
        let items = try store.lastGoodSnapshot(of: source.id)?.items ?? []
        return DetailStage.waitingCount(
            items, records: try store.details(of: source.id), settings: detail, source: source)
    }

    static func table(_ rows: [Row], now: Date) -> String {
        // The NEXT DUE column only when some source keeps a pace of its own.
        let scheduled = rows.contains { $0.nextDue != nil }
        var header = ["SOURCE", "LAST SUCCESS", "AGE", "ITEMS", "FAILURES", "WARNINGS", "STALE", "LAST ERROR"]
        if scheduled { header.insert("NEXT DUE", at: 7) }
        let cells = rows.map { row in
            var cells = [
                row.id,
                row.lastSuccess.map(DateCodec.rfc3339) ?? "never",
                row.lastSuccess.map { age(now.timeIntervalSince($0)) } ?? "-",
                String(row.items),
                String(row.failures),
                String(row.warnings.count),
                row.stale ? "stale" : "ok",
                row.lastError.map { $0.replacingOccurrences(of: "\n", with: " ") } ?? "",
            ]
            if scheduled {
                cells.insert(row.nextDue.map { $0 > now ? DateCodec.rfc3339($0) : "now" } ?? "every run", at: 7)
            }
            return cells
        }
        let numeric: Set<Int> = [3, 4, 5]
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        func line(_ values: [String]) -> String {
            let padded = values.enumerated().map { column, value in
                let padding = String(repeating: " ", count: widths[column] - value.count)
                return numeric.contains(column) ? padding + value : value + padding
            }
            return padded.joined(separator: "  ").replacingOccurrences(
                of: "\\s+$", with: "", options: .regularExpression)
        }
        let warnings = rows.flatMap { row in row.warnings.map { "warning: [\(row.id)] \($0)" } }
        let waiting = rows.compactMap { row in
            row.detailPagesWaiting.flatMap { count in
                count == 0
                    ? nil
                    : "note: [\(row.id)] \(CountText.of(count, "item page", "item pages")) left to read on later runs"
            }
        }
        let notes = warnings.isEmpty && waiting.isEmpty ? [] : [""] + warnings + waiting
        return ([line(header)] + cells.map(line) + notes).joined(separator: "\n") + "\n"
    }

    /// A duration as a person reads it at a glance: `45s`, `12m`, `3h 12m`, `2d 5h`.
    static func age(_ interval: TimeInterval) -> String {
        let seconds = max(0, Int(interval))
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h \(seconds % 3_600 / 60)m"
        default: return "\(seconds / 86_400)d \(seconds % 86_400 / 3_600)h"
        }
    }
}
