import Foundation
import TestSupport
import Testing

@testable import TrawlKit

#if canImport(Glibc)
    import Glibc
#endif

/// Cache files that are not what a file should be: a directory or a FIFO in a file's place,
/// a file far larger than its kind, a snapshot padded with NUL bytes after a crash. Each is
/// moved aside and reported (or, for the padding, read with a warning), never left to block
/// every later run, never read whole, never opened when it is a FIFO.
@Suite struct StoreFileKindTests {
    let directory: TemporaryDirectory
    let store: CacheStore
    static let id = RunRecord.id(for: SnapshotFixtures.night)

    init() throws {
        directory = try TemporaryDirectory("cache-kinds")
        store = CacheStore(root: directory.url, clock: .fixed(SnapshotFixtures.night))
        try FileManager.default.createDirectory(at: directory.file("runs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.file("sources/charts"), withIntermediateDirectories: true)
    }

    static func makeFIFO(_ url: URL) throws {
        guard mkfifo(url.path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static func record() -> RunRecord {
        RunRecord(
            id: id, started: SnapshotFixtures.night, finished: SnapshotFixtures.night,
            outcomes: [.init(sourceID: "charts", status: .fetched, itemCount: 1)], changes: [])
    }

    @Test func aRunRecordReplacedByADirectoryIsMovedAsideAndTheRecordWrittenAgain() throws {
        let file = store.runFile(Self.id)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(try store.run(Self.id) == nil)
        let problem = try #require(store.problems.drain().first)
        #expect(problem.error.reason == "not a regular file: it is a directory, so it is not read")
        #expect(problem.movedTo?.hasSuffix("\(Self.id).json.corrupt-20261130T040000Z") == true)
        try store.save(Self.record())
        #expect(try store.run(Self.id) == Self.record())
    }

    @Test func aJournalReplacedByAFIFOIsNamedForWhatItIsAndNeverOpened() throws {
        try Self.makeFIFO(store.journalFile)
        // Opening a FIFO for reading would block here until a writer came.
        #expect(try store.recoverUnfinishedRun() == nil)
        let problem = try #require(store.problems.drain().first)
        #expect(problem.error.reason == "not a regular file: it is a FIFO (named pipe), so it is not read")
        #expect(!problem.description.contains("permission denied"))
        #expect(problem.description.contains("its run is not recovered"))
        #expect(!FileManager.default.fileExists(atPath: store.journalFile.path))
        // The next run starts its journal as usual.
        let journal = try store.startJournal(runID: Self.id, started: SnapshotFixtures.night)
        try journal.remove()
    }

    @Test func aFIFOInASnapshotsPlaceLeavesTheSourceABaseline() throws {
        try Self.makeFIFO(store.snapshotFile(of: "charts"))
        #expect(try store.lastGoodSnapshot(of: "charts") == nil)
        let problem = try #require(store.problems.drain().first)
        #expect(problem.error.kind == .notRegularFile("a FIFO (named pipe)"))
        #expect(problem.consequence.contains("treated as new"))
    }

    @Test func aReadOnlyStoreReportsAFIFOAndLeavesItInPlace() throws {
        try Self.makeFIFO(store.runFile(Self.id))
        let reader = CacheStore(root: directory.url, access: .readOnly)
        #expect(try reader.run(Self.id) == nil)
        #expect(reader.problems.all.first?.error.kind == .notRegularFile("a FIFO (named pipe)"))
        var status = stat()
        #expect(lstat(store.runFile(Self.id).path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aTwoGigabyteFileIsMovedAsideUnread() throws {
        // Sparse: two gigabytes long, no disk used.
        let file = store.healthFile(of: "charts")
        let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(descriptor, 2 << 30) == 0)
        close(descriptor)
        #expect(try store.health(of: "charts") == Health())
        let problem = try #require(store.problems.drain().first)
        #expect(problem.error.kind == .tooLarge(bytes: 2 << 30, limit: 64 << 20))
        #expect(
            problem.error.reason
                == "the file is too large: 2048 MiB, more than the 64 MiB a cache file of its kind may hold,"
                + " so it is not read")
        #expect(problem.movedTo != nil)
    }

    @Test func aSnapshotPaddedWithNULBytesIsReadWithAWarningAndThePaddingRemoved() throws {
        let file = store.snapshotFile(of: "charts")
        let json = Data(StoreCorruptionTests.goodSnapshot.utf8)
        try (json + Data(count: 4096)).write(to: file)
        let snapshot = try #require(try store.lastGoodSnapshot(of: "charts"))
        #expect(snapshot.sourceID == "charts")
        let problem = try #require(store.problems.drain().first)
        #expect(problem.isWarning)
        #expect(
            problem.description
                == "\(file.path): the file ends in 4096 NUL bytes after its JSON (what a file system can leave"
                + " after a crash); its JSON is read, and the padding removed")
        #expect(try Data(contentsOf: file) == json)
    }

    @Test func nulBytesInsideTheJSONStillMakeTheSnapshotCorrupt() throws {
        let file = store.snapshotFile(of: "charts")
        let text = StoreCorruptionTests.goodSnapshot
        let broken = text.replacingOccurrences(of: "\"items\"", with: "\0\"items\"") + "\0\0"
        try Data(broken.utf8).write(to: file)
        #expect(try store.lastGoodSnapshot(of: "charts") == nil)
        let problem = try #require(store.problems.drain().first)
        #expect(!problem.isWarning)
        #expect(problem.error.reason.hasPrefix("the file is not valid JSON"))
    }
}
