import Foundation

/// The JSON cache under `Cache/`: the memory of every run.
///
/// ```
/// Cache/trawl.lock                   one run at a time (see `lock()`)
/// Cache/sources/<id>/snapshot.json   the last good snapshot, with recently removed items
/// Cache/sources/<id>/health.json
/// Cache/sources/<id>/http.json       validators per URL, for conditional GET
/// Cache/runs/<UTC timestamp>.json    one record a run
/// ```
///
/// Every write is atomic and skipped when the bytes would not change. A file that cannot
/// be decoded is moved aside and reported to `problems`; the reading method then answers
/// as if the file were absent. docs/CACHE.md tells the whole story.
public struct CacheStore: Sendable {
    /// The cache folder.
    public let root: URL
    /// Names moved-aside files; tests pin it.
    public let clock: WallClock
    /// Files that were moved aside while this store was used.
    public let problems: CacheProblemLog
    /// Whether unusable files may be moved aside.
    public let access: Access
    let runTimes: RunTimesMemo
    /// `sources/` as a path ending in a slash, made once: a quiet source's files are named by
    /// paths built from it as strings (`URL` parsed each appended component: 4% of a quiet night).
    private let sourcesPath: String

    /// What a store may do to files it cannot use.
    public enum Access: Sendable {
        /// Move them aside (a run, which holds the lock).
        case readWrite
        /// Report them and leave them be (commands that only look, and may run beside a run).
        case readOnly
    }

    /// A store over the cache folder `root` (created on the first write).
    public init(
        root: URL, clock: WallClock = .system, problems: CacheProblemLog = CacheProblemLog(),
        access: Access = .readWrite
    ) {
        self.root = root
        self.clock = clock
        self.problems = problems
        self.access = access
        self.runTimes = RunTimesMemo()
        self.sourcesPath = root.appendingPathComponent("sources", isDirectory: true).path + "/"
    }

    var sourcesDirectory: URL { root.appendingPathComponent("sources", isDirectory: true) }

    func sourceDirectory(_ sourceID: String) -> URL {
        sourcesDirectory.appendingPathComponent(sourceID, isDirectory: true)
    }

    // Each file's URL is built with `isDirectory` given: without it Foundation `stat`s the
    // path to decide, a system call per path built (6% of a quiet night's CPU).

    /// `sources/<id>/snapshot.json`.
    public func snapshotFile(of sourceID: String) -> URL {
        sourceDirectory(sourceID).appendingPathComponent("snapshot.json", isDirectory: false)
    }

    /// `sources/<id>/health.json`.
    public func healthFile(of sourceID: String) -> URL {
        sourceDirectory(sourceID).appendingPathComponent("health.json", isDirectory: false)
    }

    /// `sources/<id>/validators.json`.
    public func validatorsFile(of sourceID: String) -> URL {
        sourceDirectory(sourceID).appendingPathComponent("http.json", isDirectory: false)
    }

    /// The path of `sources/<id>/<name>`.
    func sourceFilePath(_ sourceID: String, _ name: String) -> String {
        sourcesPath + sourceID + "/" + name
    }

    /// `snapshotFile(of:)` as a path.
    func snapshotPath(of sourceID: String) -> String { sourceFilePath(sourceID, "snapshot.json") }

    /// `healthFile(of:)` as a path.
    func healthPath(of sourceID: String) -> String { sourceFilePath(sourceID, "health.json") }

    /// The ids of the sources the cache holds anything for, sorted.
    public func sourceIDs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sourcesDirectory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: sourcesDirectory.appendingPathComponent(name, isDirectory: true).path,
                    isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    // MARK: Snapshots

    /// The snapshot the last successful scrape of `sourceID` saved, if any.
    ///
    /// An unusable file is moved aside and reported, and the answer is nil: the source
    /// starts again from a baseline rather than stopping the run.
    public func lastGoodSnapshot(of sourceID: String) throws -> Snapshot? {
        try read(
            Snapshot.self, at: snapshotFile(of: sourceID),
            consequence: Self.unusableSnapshot)
    }

    static let unusableSnapshot = "the source is treated as new (its next scrape is a baseline)"

    /// The snapshot in `data`, the bytes of `sourceID`'s snapshot file already read (to
    /// digest them); an unusable file is handled as `lastGoodSnapshot(of:)` does.
    func lastGoodSnapshot(of sourceID: String, from data: Data) throws -> Snapshot? {
        try decode(
            Snapshot.self, from: data, at: snapshotFile(of: sourceID),
            consequence: Self.unusableSnapshot)
    }

    /// Saves `snapshot` as its source's last good one; nothing is written when the file
    /// already holds it (`ChangeDetector.detect` hands back the stored snapshot when
    /// nothing changed, so an unchanged run rewrites nothing).
    @discardableResult
    public func save(_ snapshot: Snapshot) throws -> Bool {
        try write(snapshot, to: snapshotFile(of: snapshot.sourceID))
    }

    /// Saves the snapshot a detection hands back; when nothing changed it is the stored one,
    /// and not even encoded again. The pipeline's one call after `ChangeDetector.detect`.
    @discardableResult
    public func save(_ detection: ChangeDetector.Detection) throws -> Bool {
        // A snapshot read from an older schema is rewritten even when nothing changed.
        if detection.isUnchanged, detection.snapshot.schemaVersion == Snapshot.schemaVersion,
            FileManager.default.fileExists(atPath: snapshotFile(of: detection.snapshot.sourceID).path)
        {
            return false
        }
        return try save(detection.snapshot)
    }

    // MARK: Health

    /// The source's health; its last attempt and last success also take the run records
    /// into account, since `save(_:of:)` does not rewrite health for a newer time alone.
    public func health(of sourceID: String) throws -> Health {
        var health =
            try read(
                Health.self, at: healthFile(of: sourceID),
                consequence: "its health starts afresh") ?? Health()
        if let times = try runTimes(of: sourceID) { health.times = health.times.merged(with: times) }
        return health
    }

    /// Saves a source's health, unless the stored one differs only in its times: those are
    /// in the run record, and rewriting every health file on every run would make a cache
    /// kept in git change when nothing happened.
    @discardableResult
    public func save(_ health: Health, of sourceID: String) throws -> Bool {
        let file = healthFile(of: sourceID)
        if let stored = try read(Health.self, at: file, consequence: "it is written afresh"),
            stored.hasSameState(as: health)
        {
            return false
        }
        return try write(health, to: file)
    }

    /// Records one scrape's outcome in the source's health and saves it.
    @discardableResult
    public func record(_ outcome: RunRecord.Outcome, at time: Date) throws -> Health {
        try recordRead(outcome, at: time).health
    }

    /// Records one scrape's outcome in the source's health and saves it: the one call the
    /// pipeline makes per source.
    ///
    /// `knownSteady` is the `FileSignature` of a health file known to be one a 304 leaves as it
    /// is (`Health.isSteady`; `http.json` keeps it): a 304 that finds the file still so reads
    /// and writes nothing (its times are in the run record). Returns the signature of the
    /// file when it now holds a steady health.
    func record(_ outcome: RunRecord.Outcome, at time: Date, knownSteady: String?) throws -> String? {
        if outcome.status == .notModified, let knownSteady,
            FileSignature.of(healthPath(of: outcome.sourceID)) == knownSteady
        {
            return knownSteady
        }
        return try recordRead(outcome, at: time).steady
    }

    private func recordRead(_ outcome: RunRecord.Outcome, at time: Date) throws -> (health: Health, steady: String?) {
        let path = healthPath(of: outcome.sourceID)
        // The file is read once, for both the health and the comparison `save(_:of:)` makes.
        let stored = try read(Health.self, atPath: path, consequence: "its health starts afresh")
        var health = stored ?? Health()
        if let times = try runTimes(of: outcome.sourceID) { health.times = health.times.merged(with: times) }
        health.record(outcome, at: time)
        if !(stored?.hasSameState(as: health) ?? false) { try write(health, to: Self.fileURL(path)) }
        return (health, health.isSteady ? FileSignature.of(path) : nil)
    }

    // MARK: HTTP validators

    /// The validators kept per fetched URL of a source; empty when none are.
    public func validators(of sourceID: String) throws -> [String: HTTPValidators] {
        try read(
            ValidatorsFile.self, at: validatorsFile(of: sourceID),
            consequence: "its next fetch is unconditional")?.validators ?? [:]
    }

    /// Saves a source's validators; false when the file already held them.
    @discardableResult
    public func save(validators: [String: HTTPValidators], of sourceID: String) throws -> Bool {
        try save(ValidatorsFile(validators: validators), of: sourceID)
    }

    /// The source's `http.json` whole: its validators and the snapshot they were saved with.
    func validatorsRecord(of sourceID: String) throws -> ValidatorsFile? {
        try read(
            ValidatorsFile.self, atPath: sourceFilePath(sourceID, "http.json"),
            consequence: "its next fetch is unconditional")
    }

    @discardableResult
    func save(_ record: ValidatorsFile, of sourceID: String) throws -> Bool {
        try write(record, to: validatorsFile(of: sourceID))
    }

    // MARK: Lock

    /// Takes the cache's lock for a run: one run at a time. Released by `unlock()` or when
    /// the value goes away; throws `CacheLockedError` while another live process holds it,
    /// or while a shard holds its own lock in this cache.
    ///
    /// A shard (`shard` not nil) takes `trawl.shard-I-of-N.lock` instead, so shards run side by
    /// side in one cache, and is refused while a whole run holds `trawl.lock`. Each side takes
    /// its own lock before looking at the other's, so the two can never both go on.
    public func lock(shard: Shard? = nil) throws -> CacheLock {
        try AtomicFile.createDirectory(root)
        let lock = try CacheLock(path: lockFile(shard: shard).path)
        let others = shard == nil ? shardLockFiles() : [lockFile(shard: nil)]
        for other in others {
            if let holder = CacheLock.holder(of: other.path) {
                lock.unlock()
                throw CacheLockedError(path: other.path, pid: holder.pid)
            }
        }
        if let shard {
            // Shards of another N would take sources this one takes too.
            for other in shardLockFiles() {
                guard let held = Shard(lockFileName: other.lastPathComponent), held.count != shard.count,
                    CacheLock.holder(of: other.path) != nil
                else { continue }
                lock.unlock()
                throw ShardMismatchError(shard: shard, other: held, runID: nil, path: other.path)
            }
        }
        // Holding the lock, no writer of these files can be mid-write: temporaries are a
        // killed run's. A shard sweeps only its own files: other shards may be writing theirs.
        guard let shard else {
            AtomicFile.removeLeftovers(in: root)
            AtomicFile.removeLeftovers(in: runsDirectory)
            // Every source's folder only after a run that was killed (its lock file, or a
            // shard's, left behind): reading 2,000 folders cost a quiet night 3% of its CPU.
            if lock.wasLeftBehind || !others.isEmpty {
                for sourceID in sourceIDs() { AtomicFile.removeLeftovers(in: sourceDirectory(sourceID)) }
            }
            return lock
        }
        AtomicFile.removeLeftovers(in: runsDirectory) { $0.hasSuffix(".\(shard.fileTag).json") }
        for sourceID in sourceIDs() where shard.contains(sourceID) {
            AtomicFile.removeLeftovers(in: sourceDirectory(sourceID))
        }
        return lock
    }

    /// `trawl.lock`, or a shard's `trawl.shard-I-of-N.lock`.
    public func lockFile(shard: Shard?) -> URL {
        root.appendingPathComponent(shard.map { "trawl.\($0.fileTag).lock" } ?? CacheLock.fileName, isDirectory: false)
    }

    /// The shards' lock files present in the cache.
    func shardLockFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { Shard(lockFileName: $0) != nil }.sorted().map {
            root.appendingPathComponent($0, isDirectory: false)
        }
    }
}
