import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StoreLockTests {
    let directory: TemporaryDirectory
    let store: CacheStore

    init() throws {
        directory = try TemporaryDirectory("store-lock")
        store = CacheStore(root: directory.url.appendingPathComponent("Cache"))
    }

    var lockPath: String { store.root.appendingPathComponent("trawl.lock").path }

    @Test func lockFileHoldsThePidWhileHeldAndGoesAwayAfter() throws {
        let lock = try store.lock()
        #expect(lock.path == lockPath)
        #expect(try String(contentsOfFile: lockPath, encoding: .utf8) == "\(getpid())\n")
        lock.unlock()
        #expect(!FileManager.default.fileExists(atPath: lockPath))
        lock.unlock()
    }

    @Test func secondRunIsRefusedWithItsOwnExitStatusNamingPidAndPath() throws {
        let held = try store.lock()
        let error = try #require(throws: CacheLockedError.self) { try store.lock() }
        #expect(error.pid == getpid())
        #expect(
            error.description
                == "another trawl (pid \(getpid())) is using the cache: \(lockPath) is locked; this run stops"
                + " without touching the cache. Wait for it to finish (the lock is released when that process ends).")
        #expect(CommandLineTool.status(for: error) == .locked)
        held.unlock()
        #expect(throws: Never.self) { try store.lock().unlock() }
    }

    @Test func lockIsReleasedWhenItsValueGoesAway() throws {
        do {
            _ = try store.lock()
        }
        #expect(!FileManager.default.fileExists(atPath: lockPath))
        let again = try store.lock()
        #expect(again.tookOverFrom == nil)
    }

    @Test func lockLeftByADeadProcessIsTakenOver() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        try FileManager.default.createDirectory(at: store.root, withIntermediateDirectories: true)
        try Data("\(finished.processIdentifier)\n".utf8).write(to: URL(fileURLWithPath: lockPath))

        let lock = try store.lock()
        #expect(lock.tookOverFrom == finished.processIdentifier)
        #expect(try String(contentsOfFile: lockPath, encoding: .utf8) == "\(getpid())\n")
    }

    @Test func takingTheLockSweepsTemporaryFilesAKilledRunLeft() throws {
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(1)]))
        let sourceFolder = store.snapshotFile(of: "charts").deletingLastPathComponent()
        let leftover = sourceFolder.appendingPathComponent(".trawl-tmp-999-1-snapshot.json")
        try Data("{\"half".utf8).write(to: leftover)
        // A killed run leaves its lock file behind, naming it.
        try Data("\(try Self.deadProcess())\n".utf8).write(to: URL(fileURLWithPath: lockPath))

        let lock = try store.lock()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sourceFolder.path) == ["snapshot.json"])
        lock.unlock()
    }

    @Test func afterARunThatReleasedTheLockSourceFoldersAreNotSwept() throws {
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(1)]))
        try store.lock().unlock()
        // Not a file a killed Trawl can have left: the last run released the lock.
        let sourceFolder = store.snapshotFile(of: "charts").deletingLastPathComponent()
        let stranger = sourceFolder.appendingPathComponent(".trawl-tmp-999-1-snapshot.json")
        try Data("{".utf8).write(to: stranger)

        let lock = try store.lock()
        #expect(FileManager.default.fileExists(atPath: stranger.path))
        lock.unlock()
    }

    /// The pid of a process that has ended.
    static func deadProcess() throws -> Int32 {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        return finished.processIdentifier
    }
}
