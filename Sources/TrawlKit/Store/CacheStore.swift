import Foundation

/// The JSON cache under `Cache/`: the memory of every run.
///
/// ```
/// Cache/sources/<id>/snapshot.json   the last good snapshot
/// Cache/sources/<id>/health.json
/// Cache/sources/<id>/http.json       validators per URL, for conditional GET
/// Cache/runs/<UTC timestamp>.json    one record a run
/// ```
public struct CacheStore: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    func sourceDirectory(_ sourceID: String) -> URL {
        root.appendingPathComponent("sources", isDirectory: true).appendingPathComponent(sourceID, isDirectory: true)
    }

    var runsDirectory: URL { root.appendingPathComponent("runs", isDirectory: true) }

    // MARK: Snapshots

    /// The snapshot the last successful scrape of `sourceID` saved, if any.
    public func lastGoodSnapshot(of sourceID: String) throws -> Snapshot? {
        try read(Snapshot.self, at: sourceDirectory(sourceID).appendingPathComponent("snapshot.json"))
    }

    public func save(_ snapshot: Snapshot) throws {
        try write(snapshot, to: sourceDirectory(snapshot.sourceID).appendingPathComponent("snapshot.json"))
    }

    // MARK: Health

    public func health(of sourceID: String) throws -> Health {
        try read(Health.self, at: sourceDirectory(sourceID).appendingPathComponent("health.json")) ?? Health()
    }

    public func save(_ health: Health, of sourceID: String) throws {
        try write(health, to: sourceDirectory(sourceID).appendingPathComponent("health.json"))
    }

    // MARK: HTTP validators

    public func validators(of sourceID: String) throws -> [String: HTTPValidators] {
        try read([String: HTTPValidators].self, at: sourceDirectory(sourceID).appendingPathComponent("http.json"))
            ?? [:]
    }

    public func save(validators: [String: HTTPValidators], of sourceID: String) throws {
        try write(validators, to: sourceDirectory(sourceID).appendingPathComponent("http.json"))
    }

    // MARK: Runs

    public func save(_ run: RunRecord) throws {
        try write(run, to: runsDirectory.appendingPathComponent("\(run.id).json"))
    }

    /// Every run record, oldest first.
    public func runs() throws -> [RunRecord] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runsDirectory.path)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().compactMap {
            try read(RunRecord.self, at: runsDirectory.appendingPathComponent($0))
        }
    }
}
