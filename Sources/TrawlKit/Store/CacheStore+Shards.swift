import Foundation

/// The files a shard of a run owns, so shards can share a cache or have theirs merged by
/// copying folders: no file is written by two shards (docs/CACHE.md, "Shards").
extension CacheStore {
    /// A run record's name in `runs/`: the run's id, and the shard that wrote it, if any.
    struct RecordName: Hashable {
        var id: String
        var shard: Shard?
    }

    /// `runs/<id>.json`, or the shard's `runs/<id>.shard-I-of-N.json`.
    public func runFile(_ id: String, shard: Shard? = nil) -> URL {
        runsDirectory.appendingPathComponent(
            shard.map { "\(id).\($0.fileTag).json" } ?? "\(id).json", isDirectory: false)
    }

    /// `journal.jsonl`, or the shard's `journal.shard-I-of-N.jsonl`.
    public func journalFile(shard: Shard?) -> URL {
        root.appendingPathComponent(
            shard.map { "journal.\($0.fileTag).jsonl" } ?? RunJournal.fileName, isDirectory: false)
    }

    /// The journals of shards found in the cache (left by shards that were cut short).
    func shardJournals() -> [Shard] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix("journal."), name.hasSuffix(".jsonl") else { return nil }
            return Shard(fileTag: String(name.dropFirst("journal.".count).dropLast(".jsonl".count)))
        }.sorted()
    }

    /// Every run record in `runs/`, by name; files whose names are not run records are left out.
    func recordNames() -> [RecordName] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runsDirectory.path)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
            let stem = String(name.dropLast(".json".count))
            if let dot = stem.range(of: ".shard-") {
                let id = String(stem[..<dot.lowerBound])
                guard RunRecord.date(fromID: id) != nil,
                    let shard = Shard(fileTag: String(stem[stem.index(after: dot.lowerBound)...]))
                else { return nil }
                return RecordName(id: id, shard: shard)
            }
            return RunRecord.date(fromID: stem) != nil ? RecordName(id: stem, shard: nil) : nil
        }
    }

    /// The files that make up run `id`: its record, or its shards' records (in shard order).
    func recordFiles(of id: String) -> [(url: URL, shard: Shard?)] {
        // The whole run's record first, then the shards' in order.
        let order = { (name: RecordName) in [name.shard == nil ? 0 : 1, name.shard?.count ?? 0, name.shard?.index ?? 0]
        }
        return recordNames().filter { $0.id == id }
            .sorted { order($0).lexicographicallyPrecedes(order($1)) }
            .map { (runFile($0.id, shard: $0.shard), $0.shard) }
    }

    /// Refuses `shard` when run `runID` already holds records of shards of another count:
    /// their sources overlap this shard's, and the merged run would count changes twice.
    func checkShardCount(_ shard: Shard, runID: String) throws {
        if let other = recordFiles(of: runID).first(where: { $0.shard.map { $0.count != shard.count } ?? false }),
            let otherShard = other.shard
        {
            throw ShardMismatchError(shard: shard, other: otherShard, runID: runID, path: other.url.path)
        }
    }

    /// Whether `id` is a run id as the cache names them (`20261130T040000.123Z`, perhaps with
    /// `-2`): what `--run-id` must be, since it names files.
    public static func isValidRunID(_ id: String) -> Bool {
        guard id.count <= 40, id.allSatisfy({ $0.isASCII && ($0.isNumber || "TZ.-".contains($0)) }) else {
            return false
        }
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.count == 1 || (Int(parts[1]).map { $0 >= 2 } ?? false) else { return false }
        return RunRecord.date(fromID: id) != nil && !id.hasPrefix(".")
    }
}
