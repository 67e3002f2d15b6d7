import Foundation

/// `trawl diff`: what one run changed, grouped by source.
enum DiffCommand: TrawlCommand {
    static let name = "diff"
    static let summary = "what the last run (or --run ID) changed, grouped by source"
    static let about = """
        Prints what a run found: each source's outcome, then its added (+), changed (~),
        removed (-) and reappeared (^) items in the words of the site and feeds ("Chart 1
        rescaled: 1:80,000 → 1:40,000"), with the fields the sentence does not say (a
        changed text's words as [-old-]{+new+}).
        """
    static let runID = CommandOption.option(
        "--run", "ID", "the run to show, as named in Cache/runs (default: the latest)")
    static let json = CommandOption.flag(
        "--json",
        """
        print {run, started, finished, sources: [{id, status, items, error, changes}]}
        with the stored values, each change with its `text`
        """)
    static let exitCode = CommandOption.flag(
        "--exit-code",
        """
        exit 1 when the run changed something, 0 when not (as git diff
        --exit-code does), 2 when there is no such run; a baseline is
        not a change: `trawl diff --exit-code >/dev/null || …`
        """)
    static let options = [runID, json, exitCode] + CacheLocation.options

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let location = try CacheLocation.resolve(arguments)
        let store = CacheStore(root: location.directory, access: .readOnly)
        return try report(
            store: store, runID: arguments.value(runID), json: arguments.has(json), sourceIDs: location.sourceIDs,
            exitCode: arguments.has(exitCode), console: console)
    }

    /// Prints run `runID` (default: the latest) of `store`; a run made by shards is one run,
    /// and the sources of a shard that did not report (of `sourceIDs`, default: the cache's) are named.
    /// With `exitCode`, the status says whether the run changed something (1) or not (0).
    static func report(
        store: CacheStore, runID: String?, json: Bool, sourceIDs: [String]? = nil, exitCode: Bool = false,
        console: Console
    ) throws -> ExitStatus {
        let found =
            try runID.map { try store.run($0.hasSuffix(".json") ? String($0.dropLast(5)) : $0) } ?? store.latestRun()
        for problem in store.problems.drain() { console.warning(problem.description) }
        guard let run = found else {
            console.error(missingRunMessage(runID, in: store))
            // With --exit-code, 1 means "changed": a missing run must not read as news.
            return exitCode ? .usage : .failure
        }
        let groups = RunDiff(run, notTried: run.sourcesNotTried(of: sourceIDs ?? store.sourceIDs()))
        if json {
            console.write(String(decoding: groups.jsonData, as: UTF8.self))
        } else {
            console.write(groups.text)
        }
        return exitCode && run.newsCount > 0 ? .failure : .success
    }

    private static func missingRunMessage(_ runID: String?, in store: CacheStore) -> String {
        let ids = store.runIDs()
        guard let runID else { return "no runs recorded in \(store.runFile("").deletingLastPathComponent().path) yet" }
        var message = "no run '\(runID)' in \(store.runFile("").deletingLastPathComponent().path)"
        if let closest = Suggestion.closest(to: runID, in: ids) {
            message += Suggestion.hint(closest)
        } else if let latest = ids.last {
            message += " (the latest is '\(latest)')"
        }
        return message
    }
}
