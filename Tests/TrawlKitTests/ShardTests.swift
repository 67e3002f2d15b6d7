import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `--shard I/N`: which sources a shard takes, the files it owns, its lock, and how the
/// records of a sharded run read back as one run.
@Suite struct ShardTests {
    static let ids = (1...500).map { "source-\($0)" }

    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func shardsAreDisjointAndCoverEverySource(count: Int) throws {
        let shards = try (1...count).map { try Shard(index: $0, count: count) }
        for id in Self.ids {
            #expect(shards.filter { $0.contains(id) }.count == 1, "\(id)")
        }
        // Not all in one shard: the hash spreads them.
        let sizes = shards.map { shard in Self.ids.filter(shard.contains).count }
        #expect(sizes.allSatisfy { $0 > Self.ids.count / count / 2 }, "\(sizes)")
    }

    @Test func aSourceStaysInItsShardAsSourcesAreAddedAndAcrossProcesses() throws {
        // FNV-1a is fixed: these values hold in every process, on every machine.
        #expect(Shard.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
        let shard = try Shard(index: 2, count: 4)
        let before = Self.ids.filter(shard.contains)
        let after = (Self.ids + (501...900).map { "source-\($0)" }).filter(shard.contains)
        #expect(Array(after.prefix(before.count)) == before)
    }

    @Test(arguments: [
        ("2/4", "shard 2 of 4"), ("1/1", "shard 1 of 1"), ("10/10", "shard 10 of 10"),
    ])
    func shardsAreReadAsIOfN(text: String, described: String) throws {
        let shard = try Shard(parsing: text)
        #expect(shard.description == described)
        #expect(Shard(fileTag: shard.fileTag) == shard)
    }

    @Test(arguments: [
        ("0/4", "shard 0 of 4 does not exist: shards are numbered 1 to 4"),
        ("5/4", "shard 5 of 4 does not exist: shards are numbered 1 to 4"),
        ("2", "option '--shard' takes I/N, such as 2/4 (shard 2 of 4), not '2'"),
        ("a/b", "option '--shard' takes I/N, such as 2/4 (shard 2 of 4), not 'a/b'"),
        ("1/0", "a shard count must be between 1 and 10000, not 0"),
    ])
    func badShardsAreShardErrorsTheCommandLineWordsForItsFlag(text: String, message: String) throws {
        let error = try #require(throws: ShardError.self) { try Shard(parsing: text) }
        #expect(!error.description.contains("--"), "the library names no flag: \(error)")
        #expect(CommandLineTool.usageError(for: error)?.message == message)
        #expect(CommandLineTool.status(for: error) == .usage)
    }

    @Test(arguments: [
        ("20261130T040000.000Z", true), ("20261130T040000Z", true), ("20261130T040000.000Z-2", true),
        ("../20261130T040000Z", false), ("20261130T040000.000Z/x", false), ("nightly", false),
        ("20261130T040000.000Z-x", false), ("", false),
    ])
    func runIDsMustBeAsTheCacheNamesThem(id: String, valid: Bool) {
        #expect(CacheStore.isValidRunID(id) == valid)
    }

    // MARK: Records

    static func record(_ id: String, shard: Shard?, sources: [(String, Int)], at time: Date) -> RunRecord {
        var record = RunRecord(
            id: id, started: time, finished: time,
            outcomes: sources.map { .init(sourceID: $0.0, status: .fetched, itemCount: 1) },
            changes: sources.map { .init(kind: .added, sourceID: $0.0, itemID: "x", detectedAt: time) })
        record.shard = shard
        record.positions = shard.map { _ in sources.map(\.1) }
        return record
    }

    @Test func shardRecordsReadBackAsOneRunInConfigurationOrder() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let time = SnapshotFixtures.night
        let id = RunRecord.id(for: time)
        try store.save(Self.record(id, shard: try Shard(index: 2, count: 2), sources: [("b", 1), ("d", 3)], at: time))
        try store.save(Self.record(id, shard: try Shard(index: 1, count: 2), sources: [("a", 0), ("c", 2)], at: time))
        #expect(FileManager.default.fileExists(atPath: directory.file("runs/\(id).shard-1-of-2.json").path))
        #expect(store.runIDs() == [id])
        let run = try #require(try store.run(id))
        #expect(run == Self.record(id, shard: nil, sources: [("a", 0), ("b", 1), ("c", 2), ("d", 3)], at: time))
        #expect(run.missingShards == nil)
    }

    @Test func aShardThatDidNotReportIsNamedAndItsSourcesAreNotTried() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let id = RunRecord.id(for: SnapshotFixtures.night)
        let third = try Shard(index: 3, count: 3)
        let ids = Self.ids.prefix(30).map { $0 }
        for index in 1...2 {
            let shard = try Shard(index: index, count: 3)
            let mine = ids.enumerated().filter { shard.contains($0.element) }.map { ($0.element, $0.offset) }
            try store.save(Self.record(id, shard: shard, sources: mine, at: SnapshotFixtures.night))
        }
        let run = try #require(try store.latestRun())
        #expect(run.missingShards == [third])
        #expect(run.sourcesNotTried(of: ids) == ids.filter(third.contains))
        #expect(!run.sourcesNotTried(of: ids).isEmpty)
        #expect(run.changes.allSatisfy { $0.kind == .added })
    }

    @Test func retentionCountsAShardedRunOnceAndDeletesAllItsRecords() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        for day in 0..<3 {
            let time = SnapshotFixtures.night.addingTimeInterval(Double(day - 2) * 86_400)
            for index in 1...4 {
                try store.save(
                    Self.record(
                        RunRecord.id(for: time), shard: try Shard(index: index, count: 4),
                        sources: [("s\(index)", index)],
                        at: time))
            }
        }
        #expect(store.runIDs().count == 3)
        let removed = try store.pruneRuns(RetentionPolicy(runs: 2), now: SnapshotFixtures.night)
        #expect(removed.count == 1)
        #expect(store.runIDs().count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("runs").path)
        #expect(files.count == 8)
        #expect(store.newRunID(at: SnapshotFixtures.night) == RunRecord.id(for: SnapshotFixtures.night) + "-2")
    }

    @Test func aCutShortShardsJournalBecomesItsRecordAndIsAddedToWhenRunAgain() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let shard = try Shard(index: 2, count: 4)
        let time = SnapshotFixtures.night
        let id = RunRecord.id(for: time)
        func entry(_ sourceID: String, _ index: Int) -> RunJournal.SourceEntry {
            .init(
                index: index, outcome: .init(sourceID: sourceID, status: .fetched, itemCount: 1),
                changes: [.init(kind: .added, sourceID: sourceID, itemID: "x", detectedAt: time)], snapshotDigest: nil,
                finished: time)
        }
        // Killed after one source: its journal stays, beside the whole run's name.
        _ = try store.startJournal(runID: id, started: time, shard: shard).append(source: entry("late", 5))
        #expect(store.shardJournals() == [shard])
        #expect(!FileManager.default.fileExists(atPath: store.journalFile.path))
        let recovered = try #require(try store.recoverUnfinishedRun(shard: shard)?.record)
        #expect(recovered.shard == shard)
        #expect(recovered.positions == [5])
        #expect(FileManager.default.fileExists(atPath: store.runFile(id, shard: shard).path))
        #expect(store.shardJournals().isEmpty)
        #expect(try store.recoverUnfinishedRun(shard: shard) == nil)

        // Run again with the same --run-id, killed too: the record is added to, nothing twice.
        let again = try store.startJournal(runID: id, started: time, shard: shard)
        try again.append(source: entry("late", 5))
        try again.append(source: entry("early", 1))
        let added = try #require(try store.recoverUnfinishedRun(shard: shard)?.record)
        #expect(added.outcomes.map(\.sourceID) == ["early", "late"])
        #expect(added.positions == [1, 5])
        #expect(added.changes.map(\.sourceID) == ["early", "late"])
        // Recovering a journal whose every line the record holds only deletes the journal.
        let saved = try store.startJournal(runID: id, started: time, shard: shard)
        try saved.append(source: entry("early", 1))
        #expect(try store.recoverUnfinishedRun(shard: shard)?.record == nil)
        #expect(try store.run(id)?.missingShards?.count == 3)
    }

    // MARK: Locks

    @Test func shardsLockSideBySideButNotBesideAWholeRun() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let first = try store.lock(shard: try Shard(index: 1, count: 2))
        let second = try store.lock(shard: try Shard(index: 2, count: 2))
        #expect(FileManager.default.fileExists(atPath: directory.file("trawl.shard-1-of-2.lock").path))
        // A whole run (or generate) waits for every shard.
        let refused = #expect(throws: CacheLockedError.self) { try store.lock() }
        #expect(refused?.path.hasSuffix("trawl.shard-1-of-2.lock") == true)
        #expect(refused?.pid == getpid())
        #expect(!FileManager.default.fileExists(atPath: directory.file("trawl.lock").path))
        // The same shard twice is refused.
        #expect(throws: CacheLockedError.self) { try store.lock(shard: try Shard(index: 2, count: 2)) }
        first.unlock()
        second.unlock()
        let whole = try store.lock()
        let shardRefused = #expect(throws: CacheLockedError.self) {
            try store.lock(shard: try Shard(index: 1, count: 2))
        }
        #expect(shardRefused?.path.hasSuffix("/trawl.lock") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.file("trawl.shard-1-of-2.lock").path))
        whole.unlock()
    }

    @Test func aShardOfAnotherCountIsRefusedBesideARunningShard() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let half = try store.lock(shard: try Shard(index: 1, count: 2))
        defer { half.unlock() }
        let refused = #expect(throws: ShardMismatchError.self) { try store.lock(shard: try Shard(index: 1, count: 3)) }
        #expect(refused?.other == (try Shard(index: 1, count: 2)))
        #expect(CommandLineTool.status(for: try #require(refused)) == .usage)
        #expect(
            refused?.description.hasPrefix("shard 1 of 3 cannot run: shard 1 of 2 is running (") == true,
            "\(String(describing: refused))")
        #expect(refused?.description.contains("give every shard the same N (shard I of 2)") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.file("trawl.shard-1-of-3.lock").path))
        // Its own kind still runs beside it.
        let other = try store.lock(shard: try Shard(index: 2, count: 2))
        other.unlock()
    }

    @Test func aShardOfAnotherCountIsRefusedForARunThatHoldsShardRecords() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let id = RunRecord.id(for: SnapshotFixtures.night)
        let half = try Shard(index: 1, count: 2)
        try store.save(Self.record(id, shard: half, sources: [("a", 0)], at: SnapshotFixtures.night))
        let refused = #expect(throws: ShardMismatchError.self) {
            try store.checkShardCount(try Shard(index: 1, count: 3), runID: id)
        }
        #expect(refused?.description.contains("run \(id) already holds the record of shard 1 of 2") == true)
        #expect(refused?.path.hasSuffix("runs/\(id).shard-1-of-2.json") == true)
        try store.checkShardCount(try Shard(index: 2, count: 2), runID: id)
        try store.checkShardCount(try Shard(index: 1, count: 3), runID: RunRecord.id(for: Date()))
    }

    @Test func cachesOfShardsOfAnotherCountCopiedTogetherShowEachChangeOnce() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let time = SnapshotFixtures.night
        let id = RunRecord.id(for: time)
        let ids = Self.ids.prefix(20).map { $0 }
        for index in 1...2 {
            let shard = try Shard(index: index, count: 2)
            let mine = ids.enumerated().filter { shard.contains($0.element) }.map { ($0.element, $0.offset) }
            try store.save(Self.record(id, shard: shard, sources: mine, at: time))
        }
        let stray = try Shard(index: 1, count: 3)
        let theirs = ids.enumerated().filter { stray.contains($0.element) }.map { ($0.element, $0.offset) }
        try store.save(Self.record(id, shard: stray, sources: theirs, at: time))
        let run = try #require(try store.run(id))
        #expect(run.changes.count == ids.count)
        #expect(Set(run.changes.map(\.sourceID)).count == ids.count)
        #expect(run.missingShards == nil)
        let problem = try #require(store.problems.drain().first)
        #expect(problem.isWarning)
        #expect(
            problem.description.hasSuffix(
                "runs/\(id).shard-1-of-3.json: the record of shard 1 of 3, in a run split"
                    + " into 2 shards: shards of another N scrape the same sources, so their changes would count twice;"
                    + " it is left out of run \(id)"))
    }

    @Test func aShardSweepsOnlyItsOwnLeftovers() throws {
        let directory = try TemporaryDirectory("shards")
        let store = CacheStore(root: directory.url)
        let shard = try Shard(index: 1, count: 2)
        let mine = try #require(Self.ids.first(where: shard.contains))
        let theirs = try #require(Self.ids.first { !shard.contains($0) })
        var leftovers: [URL] = []
        for (folder, name) in [
            ("sources/\(mine)", "snapshot.json"), ("sources/\(theirs)", "snapshot.json"),
            ("runs", "x.shard-1-of-2.json"), ("runs", "x.shard-2-of-2.json"),
        ] {
            try FileManager.default.createDirectory(at: directory.file(folder), withIntermediateDirectories: true)
            let file = directory.file("\(folder)/.trawl-tmp-1-abc-\(name)")
            try Data("{".utf8).write(to: file)
            leftovers.append(file)
        }
        let lock = try store.lock(shard: shard)
        defer { lock.unlock() }
        let present = leftovers.map { FileManager.default.fileExists(atPath: $0.path) }
        #expect(present == [false, true, false, true])
    }
}
