import Foundation

extension CacheStore {
    var runsDirectory: URL { root.appendingPathComponent("runs", isDirectory: true) }

    /// A fresh run id for a run started at `date`: its UTC timestamp, with `-2`, `-3`, …
    /// when a record of that second already exists.
    public func newRunID(at date: Date) -> String {
        let base = RunRecord.id(for: date)
        var id = base
        var counter = 2
        while !recordFiles(of: id).isEmpty {
            id = "\(base)-\(counter)"
            counter += 1
        }
        return id
    }

    /// Saves a run record: `runs/<id>.json`, or a shard's `runs/<id>.shard-I-of-N.json`.
    @discardableResult
    public func save(_ run: RunRecord) throws -> Bool {
        defer { runTimes.forget() }
        return try write(run, to: runFile(run.id, shard: run.shard))
    }

    /// The ids of the stored runs, oldest first, a run made by shards counted once; other
    /// files in `runs/` are not runs.
    public func runIDs() -> [String] {
        Array(Set(recordNames().map(\.id))).sorted()
    }

    /// The run `id`, or nil when it has no usable record. A run made by shards is read as
    /// one run: its shard records merged, and the shards that did not report named.
    public func run(_ id: String) throws -> RunRecord? {
        let files = recordFiles(of: id)
        if files.count == 1, files[0].shard == nil {
            return try read(RunRecord.self, at: files[0].url, consequence: "the run record is skipped")
        }
        let parts = try files.filter { file in !isOfAnotherShardCount(file, among: files, runID: id) }.compactMap {
            file in try read(RunRecord.self, at: file.url, consequence: "the run record is skipped")
        }
        return parts.isEmpty ? nil : RunRecord(merging: parts, id: id)
    }

    /// Whether a shard record belongs to a split other than the run's (caches of `--shard 1/2`
    /// and `--shard 1/3` copied together): its sources overlap the others', so it is left out
    /// and said so rather than showing changes twice. The run's split is the one most of its
    /// shard records have (the smaller N on a tie).
    private func isOfAnotherShardCount(
        _ file: (url: URL, shard: Shard?), among files: [(url: URL, shard: Shard?)], runID: String
    ) -> Bool {
        guard let shard = file.shard else { return false }
        let counts = Dictionary(grouping: files.compactMap(\.shard?.count), by: { $0 }).mapValues(\.count)
        guard counts.count > 1,
            let count = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key, shard.count != count
        else { return false }
        let error = CacheError(path: file.url.path, kind: .otherShardCount(shard: shard, runCount: count))
        problems.report(CacheProblem(warning: error, consequence: "it is left out of run \(runID)"))
        return true
    }

    /// The newest usable run record.
    public func latestRun() throws -> RunRecord? {
        for id in runIDs().reversed() {
            if let run = try run(id) { return run }
        }
        return nil
    }

    /// Every usable run record, oldest first.
    public func runs() throws -> [RunRecord] {
        try runIDs().compactMap { try run($0) }
    }

    /// Deletes the run records `policy` no longer keeps; the newest is always kept.
    /// - Returns: the ids of the deleted records.
    @discardableResult
    public func pruneRuns(_ policy: RetentionPolicy, now: Date) throws -> [String] {
        let ids = runIDs()
        let doomed = policy.expired(ids, now: now)
        for file in doomed.flatMap(recordFiles(of:)) {
            do {
                try FileManager.default.removeItem(at: file.url)
            } catch {
                throw CacheError(
                    path: file.url.path, kind: .unwritable("cannot delete an expired run record: \(error)"))
            }
        }
        if !doomed.isEmpty {
            try AtomicFile.syncDirectory(runsDirectory)
            runTimes.forget()
        }
        return doomed
    }

    /// Reads the run records' times now rather than when a source first needs them.
    public func prepareRunTimes() throws {
        _ = try runTimes(of: "")
    }

    /// When `sourceID` was last tried and last succeeded, as the run records tell.
    ///
    /// Every record is read the first time any source asks, once for all of them: sources
    /// that run side by side wait for that one reading rather than each scanning `runs/` (and
    /// racing to move the same unusable record aside). A quiet night whose health files are
    /// all steady never asks, and reads no record (a record per night kept, each naming every
    /// source, made this grow with the retention).
    func runTimes(of sourceID: String) throws -> RunTimes? {
        try runTimes.times {
            // Each shard's record on its own: a source's times are in the one that tried it.
            let summaries = try recordNames().compactMap { name in
                try read(
                    RunSummary.self, at: runFile(name.id, shard: name.shard), consequence: "the run record is skipped")
            }
            return RunTimes.bySource(summaries.map { ($0.started, $0.outcomes) })
        }[sourceID]
    }
}

/// A run record without its changes: all that health needs, cheaper to hold.
private struct RunSummary: CacheJSONDecodable {
    static let schemaVersion = RunRecord.schemaVersion
    var schemaVersion: Int
    var started: Date
    var outcomes: [RunRecord.Outcome]

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        schemaVersion = try json.required("schemaVersion").int()
        started = try json.required("started").date()
        outcomes = try json.required("outcomes").array(RunRecord.Outcome.init(cacheJSON:))
    }
}

/// The run times of every source, read once per store and forgotten when runs change.
final class RunTimesMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [String: RunTimes]?

    /// The times remembered, or those `read` gives (then remembered): read once, under the
    /// lock, however many ask at once.
    func times(_ read: () throws -> [String: RunTimes]) throws -> [String: RunTimes] {
        try lock.withLock {
            if let times { return times }
            let read = try read()
            times = read
            return read
        }
    }

    func forget() {
        lock.withLock { times = nil }
    }
}
