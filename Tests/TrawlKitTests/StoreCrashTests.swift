import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Kills a process with SIGKILL at random points while it rewrites the cache, fifty times,
/// and checks after each kill that the cache loads and every file holds one whole state.
///
/// The writer must be another process, and a test cannot add a package target to be one.
/// So the test re-launches its own test binary (`Bundle.main.executableURL`, the
/// `…PackageTests.xctest` executable that `swift test` runs) with Swift Testing's
/// `--filter` naming `actsAsTheCrashWriter`, and the environment variable
/// `TRAWL_CRASH_WRITER_CACHE` naming the cache: that test is enabled only when the variable
/// is set, so in an ordinary run it is skipped, and in the child it is the writer.
@Suite struct StoreCrashTests {
    static let cacheVariable = "TRAWL_CRASH_WRITER_CACHE"
    static let readyLine = "TRAWL-CRASH-WRITER-READY"
    static let base = SnapshotFixtures.night

    // MARK: The states a generation writes

    static func snapshot(_ generation: Int) -> Snapshot {
        let items = (0..<(200 + generation % 5 * 20)).map { index in
            Item(
                id: "item-\(index)", title: "generation \(generation), item \(index)",
                url: URL(string: "https://example.org/\(index)"), fields: [.init("generation", .int(generation))])
        }
        return Snapshot(sourceID: "crash", takenAt: base.addingTimeInterval(Double(generation)), items: items)
    }

    static func health(_ generation: Int) -> Health {
        var health = Health()
        health.recordSuccess(itemCount: generation, at: base.addingTimeInterval(Double(generation)))
        return health
    }

    static func validators(_ generation: Int) -> [String: HTTPValidators] {
        ["https://example.org/list": HTTPValidators(etag: "\"\(generation)\"")]
    }

    static func run(_ generation: Int) -> RunRecord {
        let time = base.addingTimeInterval(Double(generation))
        let outcome = RunRecord.Outcome(sourceID: "other", status: .fetched, itemCount: generation)
        let change = Change(
            kind: .added, sourceID: "other", itemID: "g\(generation)", detectedAt: time,
            after: Item(id: "g\(generation)", title: "generation \(generation)"))
        return RunRecord(id: "20261130T040000Z", started: time, finished: time, outcomes: [outcome], changes: [change])
    }

    static func write(_ generation: Int, to store: CacheStore) throws {
        try store.save(snapshot(generation))
        try store.save(health(generation), of: "crash")
        try store.save(validators: validators(generation), of: "crash")
        try store.save(run(generation))
    }

    // MARK: The writer, in the child process

    @Test(.enabled(if: ProcessInfo.processInfo.environment[cacheVariable] != nil, "only as the crash test's child"))
    func actsAsTheCrashWriter() throws {
        let store = CacheStore(root: URL(fileURLWithPath: ProcessInfo.processInfo.environment[Self.cacheVariable]!))
        let lock = try store.lock()
        // Go on from where the last killed writer stopped, so each kill lands on new states.
        let start = try store.run("20261130T040000Z").map { Int($0.started.timeIntervalSince(Self.base)) } ?? 0
        FileHandle.standardOutput.write(Data("\(Self.readyLine)\n".utf8))
        // Bounded, so an orphaned writer stops by itself; the parent kills it long before.
        for generation in (start + 1)...(start + 2_000) { try Self.write(generation, to: store) }
        lock.unlock()
    }

    // MARK: The test

    @Test func cacheAlwaysLoadsWholeAfterAKillAtARandomPoint() throws {
        guard let executable = Bundle.main.executableURL, executable.lastPathComponent.hasSuffix(".xctest") else {
            Issue.record("cannot find the test executable to launch as the writer")
            return
        }
        let directory = try TemporaryDirectory("store-crash")
        try Self.write(0, to: CacheStore(root: directory.url))
        var random = SeededGenerator(seed: 2026)
        var generationsSeen: Set<Int> = []
        var killsMidWrite = 0

        for _ in 0..<50 {
            let writer = Process()
            writer.executableURL = executable
            writer.arguments = [
                "--testing-library", "swift-testing", "--filter", "StoreCrashTests/actsAsTheCrashWriter",
            ]
            writer.environment = ProcessInfo.processInfo.environment.merging([Self.cacheVariable: directory.url.path]) {
                $1
            }
            let output = Pipe()
            writer.standardOutput = output
            writer.standardError = FileHandle.nullDevice
            try writer.run()
            try Self.waitForReadyLine(from: output.fileHandleForReading)
            // A random moment in the writing: anywhere within a few generations.
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.2, using: &random))
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(writer.terminationReason == .uncaughtSignal, "the writer finished before it was killed")

            let generations = try Self.verifiedGenerations(in: directory.url)
            generationsSeen.formUnion(generations)
            // The killed writer's lock is taken over, and its temporary files swept away.
            let store = CacheStore(root: directory.url)
            let sourceFolder = store.snapshotFile(of: "crash").deletingLastPathComponent()
            if try Self.temporaryFiles(in: sourceFolder)
                + Self.temporaryFiles(in: store.runFile("x").deletingLastPathComponent()) > 0
            {
                killsMidWrite += 1
            }
            let lock = try store.lock()
            #expect(lock.tookOverFrom == writer.processIdentifier)
            #expect(try Self.temporaryFiles(in: sourceFolder) == 0)
            lock.unlock()
        }
        #expect(generationsSeen.count > 1, "the writer never got past its first state")
        #expect(killsMidWrite > 0, "no kill landed in the middle of a write")
    }

    private static func temporaryFiles(in folder: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".trawl-tmp-") }.count
    }

    private static func waitForReadyLine(from handle: FileHandle) throws {
        var text = ""
        while !text.contains(readyLine) {
            let data = handle.availableData
            guard !data.isEmpty else {
                Issue.record("the writer ended before it was ready: \(text)")
                return
            }
            text += String(decoding: data, as: UTF8.self)
        }
    }

    /// Loads every file of the cache, checks each is exactly one generation's state, and
    /// returns the generations found.
    private static func verifiedGenerations(in root: URL) throws -> [Int] {
        let store = CacheStore(root: root)
        let snapshot = try #require(try store.lastGoodSnapshot(of: "crash"))
        let health = try #require(try store.read(Health.self, at: store.healthFile(of: "crash"), consequence: ""))
        let validators = try store.validators(of: "crash")
        let run = try #require(try store.run("20261130T040000Z"))
        #expect(store.problems.all.isEmpty, "\(store.problems.all)")

        let snapshotGeneration = Int(snapshot.takenAt.timeIntervalSince(base))
        let runGeneration = Int(run.started.timeIntervalSince(base))
        let validatorsGeneration = Int(validators["https://example.org/list"]?.etag?.dropFirst().dropLast() ?? "") ?? -1
        #expect(snapshot == Self.snapshot(snapshotGeneration))
        #expect(health == Self.health(health.itemCount))
        #expect(validators == Self.validators(validatorsGeneration))
        #expect(run == Self.run(runGeneration))
        // Files are written in order, so no file can be more than one generation ahead of the next.
        let generations = [snapshotGeneration, health.itemCount, validatorsGeneration, runGeneration]
        #expect(generations.max()! - generations.min()! <= 1, "\(generations)")
        return generations
    }
}
