import Foundation
import TestSupport
import Testing
import TrawlDates

@testable import TrawlKit

/// The built binary as an orchestrator drives it: N `trawl scrape --shard I/N` processes with
/// separate caches, merged by `cp -r`, then `trawl generate`, must make byte for byte the site
/// one `trawl run` makes; a shard that does not report is named, never taken for removals.
@Suite struct ShardedRunTests {
    static let nights = [("day1", "2026-11-30T04:00:00Z"), ("day2", "2026-12-01T04:00:00Z")]
    static let shardCount = 4

    @Test func theDemoShardedFourWaysMakesTheSameSiteAsOneProcess() async throws {
        let site = try DemoSite()
        try await Self.compare(config: site.config, in: site.directory, variable: "DEMO_DAY")
    }

    @Test func twoHundredSourcesShardedFourWaysMakeTheSameSiteAsOneProcess() async throws {
        let directory = try TemporaryDirectory("trawl-synthetic")
        let config = try SyntheticSources.write(count: 200, in: directory)
        let sharded = try await Self.compare(config: config, in: directory, variable: "SYNTHETIC_DAY")
        // Day 2 really changed things, and one source failed in both flows alike.
        let records = try CacheStore(root: sharded, access: .readOnly).runs()
        #expect(records.count == 2)
        let kinds = Set(records[1].changes.map(\.kind))
        #expect(kinds.isSuperset(of: [.added, .removed, .changed]))
        #expect(records[1].outcomes.count == 200)
        #expect(records[1].outcomes.filter { $0.status == .failed }.map(\.sourceID) == ["s-017"])
    }

    @Test func aMissingShardIsReportedNotTurnedIntoRemovals() async throws {
        let site = try DemoSite()
        let caches = (1...Self.shardCount).map { site.directory.file("shard-\($0)/Cache") }
        let merged = site.directory.file("merged/Cache")
        let output = site.directory.file("merged/Output")
        let (day1, time1) = Self.nights[0]
        try await Self.scrapeShards(site.config, day: day1, time: time1, caches: caches, variable: "DEMO_DAY")
        // Night 2: shard 3 never reports (its node died); its old cache is merged as it was.
        let (day2, time2) = Self.nights[1]
        let missing = try Shard(index: 3, count: Self.shardCount)
        try await Self.scrapeShards(
            site.config, day: day2, time: time2, caches: caches, variable: "DEMO_DAY", skipping: missing.index)
        try await Self.merge(caches, into: merged)
        let generated = try await Self.trawl(
            ["generate", "--config", site.config.path, "--cache", merged.path, "--output", output.path], time: time2)
        #expect(generated.status == 0, "\(generated.errors)")

        let store = CacheStore(root: merged, access: .readOnly)
        let run = try #require(try store.latestRun())
        #expect(run.missingShards == [missing])
        let configured = [
            "noaa-atlantic", "sundell", "bbc-most-read", "podcast", "trawl-notes", "garden", "trawl-releases",
        ]
        let notTried = run.sourcesNotTried(of: configured)
        #expect(!notTried.isEmpty)
        #expect(notTried.allSatisfy(missing.contains))
        #expect(!run.changes.contains { notTried.contains($0.sourceID) })
        #expect(!run.changes.contains { $0.kind == .removed && notTried.contains($0.sourceID) })
        for id in notTried {
            #expect(try store.lastGoodSnapshot(of: id)?.items.isEmpty == false, "\(id) lost its items")
            #expect(try store.health(of: id).consecutiveFailures == 0)
        }

        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("shard 3 of 4 did not report, so \(notTried.count) "))
        let diff = try await Self.trawl(["diff", "--config", site.config.path, "--cache", merged.path], time: time2)
        #expect(diff.output.contains("shard 3 of 4 did not report: its sources were not tried this run"))
        #expect(diff.output.contains("not tried: \(notTried.joined(separator: ", "))"))
        let status = try await Self.trawl(["status", "--cache", merged.path], time: time2)
        #expect(status.errors.contains("shard 3 of 4 did not report; not tried this run: "))
        #expect(status.status == 0)
    }

    @Test func generateWaitsForShardsHoldingTheirLocks() async throws {
        let site = try DemoSite()
        let store = CacheStore(root: site.cache)
        let lock = try store.lock(shard: try Shard(index: 2, count: 4))
        defer { lock.unlock() }
        let generated = try await Self.trawl(
            ["generate", "--config", site.config.path, "--cache", site.cache.path, "--output", site.output.path],
            time: Self.nights[0].1)
        #expect(generated.status == 3)
        #expect(generated.errors.contains("trawl.shard-2-of-4.lock is locked"))
        let whole = try await site.run("day1")
        #expect(whole.status == 3)
    }

    @Test(arguments: [
        (["--shard", "2/4"], "the shards of one run must share its id: give every shard the same --run-id"),
        (["--shard", "5/4", "--run-id", "20261130T040000.000Z"], "shard 5 of 4 does not exist"),
        (["--shard", "1/4", "--run-id", "../x"], "'../x' is not a run id"),
    ])
    func shardMistakesAreUsageErrorsBeforeAnythingIsFetched(extra: [String], message: String) async throws {
        let site = try DemoSite()
        let result = try await Self.trawl(
            ["scrape", "--config", site.config.path, "--cache", site.cache.path] + extra, time: Self.nights[0].1,
            environment: ["DEMO_DAY": "day1"])
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.cache.path))
    }

    /// A cache whose lock cannot be taken (read-only, or, as here, a lock file that is a
    /// symbolic link) still gives a site; only recovery and pruning are skipped, and said so.
    @Test func generateStillMakesTheSiteWhenTheLockCannotBeTaken() async throws {
        let site = try DemoSite()
        #expect(try await site.run("day1").status == 0)
        try FileManager.default.createSymbolicLink(
            atPath: site.cache.appendingPathComponent("trawl.lock").path, withDestinationPath: "/dev/null")
        let output = site.directory.file("copy")
        let generated = try await Self.trawl(
            ["generate", "--config", site.config.path, "--cache", site.cache.path, "--output", output.path],
            time: Self.nights[0].1)
        #expect(generated.status == 0, "\(generated.errors)")
        #expect(generated.errors.contains("the lock file is a symbolic link"))
        #expect(generated.errors.contains("generating without completing cut-short runs or pruning old ones"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    // MARK: The two flows

    /// Runs both flows over every night and expects identical `Output/` trees after each;
    /// returns the merged cache.
    @discardableResult
    static func compare(config: URL, in directory: TemporaryDirectory, variable: String) async throws -> URL {
        let single = (cache: directory.file("single/Cache"), output: directory.file("single/Output"))
        let caches = (1...shardCount).map { directory.file("shard-\($0)/Cache") }
        let merged = (cache: directory.file("merged/Cache"), output: directory.file("merged/Output"))
        for (day, time) in nights {
            let whole = try await trawl(
                [
                    "run", "--config", config.path, "--cache", single.cache.path, "--output", single.output.path,
                    "--quiet",
                ],
                time: time, environment: [variable: day])
            #expect(whole.status <= 1, "\(whole.errors)")
            try await scrapeShards(config, day: day, time: time, caches: caches, variable: variable)
            try expectDisjoint(caches)
            try await merge(caches, into: merged.cache)
            let generated = try await trawl(
                ["generate", "--config", config.path, "--cache", merged.cache.path, "--output", merged.output.path],
                time: time)
            #expect(generated.status == 0, "\(generated.errors)")
            let one = try files(under: single.output)
            let many = try files(under: merged.output)
            #expect(one.keys.sorted() == many.keys.sorted(), "\(day): different files")
            let differing = one.keys.filter { one[$0] != many[$0] }.sorted()
            #expect(differing.isEmpty, "\(day): \(differing) differ")
            #expect(one.count > 10)
        }
        return merged.cache
    }

    static func scrapeShards(
        _ config: URL, day: String, time: String, caches: [URL], variable: String, skipping: Int? = nil
    ) async throws {
        let runID = RunRecord.id(for: try #require(DateCodec.parseRFC3339(time)))
        // Side by side, as an Indexed Job or a CI matrix runs them.
        let results = try await withThrowingTaskGroup(of: (Int, TrawlBinary.Result).self) { group in
            for (offset, cache) in caches.enumerated() where offset + 1 != skipping {
                group.addTask {
                    let arguments = [
                        "scrape", "--config", config.path, "--cache", cache.path,
                        "--shard", "\(offset + 1)/\(caches.count)", "--run-id", runID, "--quiet",
                    ]
                    return (offset + 1, try await trawl(arguments, time: time, environment: [variable: day]))
                }
            }
            var results: [(Int, TrawlBinary.Result)] = []
            for try await result in group { results.append(result) }
            return results
        }
        for (shard, result) in results {
            #expect(result.status <= 1, "shard \(shard): \(result.errors)")
        }
    }

    /// No file is written by two shards: their caches merge by copying folders.
    static func expectDisjoint(_ caches: [URL]) throws {
        var owners: [String: Int] = [:]
        for (shard, cache) in caches.enumerated() {
            for path in try files(under: cache).keys {
                if let other = owners[path] {
                    Issue.record("\(path) was written by shards \(other + 1) and \(shard + 1)")
                }
                owners[path] = shard
            }
        }
        #expect(!owners.keys.contains { $0.hasSuffix(".lock") || $0.hasSuffix(".jsonl") })
    }

    /// `cp -r shard-*/Cache/. merged/Cache/`, as a CI job or a script merges them.
    static func merge(_ caches: [URL], into merged: URL) async throws {
        try FileManager.default.createDirectory(at: merged, withIntermediateDirectories: true)
        for cache in caches where FileManager.default.fileExists(atPath: cache.path) {
            let copied = try await ExternalTool(path: "/bin/cp").run(["-r", cache.path + "/.", merged.path + "/"])
            #expect(copied.status == 0, "\(copied.standardError)")
        }
    }

    static func trawl(
        _ arguments: [String], time: String, environment: [String: String] = [:]
    ) async throws
        -> TrawlBinary.Result
    {
        try await TrawlBinary.run(arguments, environment: environment.merging(["TRAWL_NOW": time]) { $1 })
    }

    /// Every regular file below `folder`, by its path relative to it, with its bytes.
    static func files(under folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))] =
                try Data(contentsOf: file)
        }
        return files
    }
}
