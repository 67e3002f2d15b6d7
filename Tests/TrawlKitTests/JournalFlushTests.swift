import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The journal flushes a line to disk only when a crash could otherwise lose what it
/// announces: a quiet source's line is written, read back, but costs no `fsync`.
@Suite struct JournalFlushTests {
    static let night = SnapshotFixtures.night

    static func journal(in folder: TemporaryDirectory) throws -> RunJournal {
        let journal = RunJournal(url: folder.file(RunJournal.fileName))
        try journal.begin(runID: "20261201T040000.000Z", started: night)
        return journal
    }

    static func entry(index: Int, digest: String? = nil, changes: [Change] = []) -> RunJournal.SourceEntry {
        .init(
            index: index, outcome: .init(sourceID: "s\(index)", status: .notModified, itemCount: 50),
            changes: changes, snapshotDigest: digest, finished: night)
    }

    @Test func aSourceThatChangedNothingIsJournaledWithoutAFlush() throws {
        let folder = try TemporaryDirectory()
        let journal = try Self.journal(in: folder)
        let flushedByBegin = journal.flushCount
        for index in 0..<20 { try journal.append(source: Self.entry(index: index)) }
        #expect(journal.flushCount == flushedByBegin)
        let read = try #require(try RunJournal.entries(at: journal.url))
        #expect(read.sources.map(\.index) == Array(0..<20))
    }

    @Test func aLineBeforeASnapshotOrChangesIsFlushed() throws {
        let folder = try TemporaryDirectory()
        let journal = try Self.journal(in: folder)
        let flushedByBegin = journal.flushCount
        try journal.append(source: Self.entry(index: 0, digest: "0123abcd"))
        let change = Change(kind: .added, sourceID: "s1", itemID: "a", detectedAt: Self.night)
        try journal.append(source: Self.entry(index: 1, changes: [change]))
        #expect(journal.flushCount == flushedByBegin + 2)
    }
}
