import Foundation

extension CacheStore {
    /// `Cache/journal.jsonl`: present only while a run is in progress, or after one was cut short.
    public var journalFile: URL { root.appendingPathComponent(RunJournal.fileName, isDirectory: false) }

    /// What `recoverUnfinishedRun()` did with a journal an earlier run left.
    public struct RecoveredRun: Sendable, Equatable, CustomStringConvertible {
        /// The record saved from the journal; nil when there was nothing to save (the record
        /// was saved already, or no source had finished).
        public let record: RunRecord?
        /// What was done, in words, for the run's output.
        public let description: String

        init(record: RunRecord?, journal: String, why: String = "") {
            self.record = record
            guard let record else {
                description = "removed the journal of an unfinished run: \(why) (\(journal))"
                return
            }
            let sources = CountText.of(record.outcomes.count, "source", "sources")
            let changes = CountText.of(record.newsCount, "change", "changes")
            description =
                "completed the run record \(record.id) of a run that did not finish"
                + " (\(sources), \(changes), from \(journal))"
        }
    }

    /// Opens a fresh journal for a run (or a shard's); call `recoverUnfinishedRun(shard:)` first.
    func startJournal(runID: String, started: Date, shard: Shard? = nil) throws -> RunJournal {
        try AtomicFile.createDirectory(root)
        let journal = RunJournal(url: journalFile(shard: shard))
        try journal.begin(runID: runID, started: started, shard: shard)
        return journal
    }

    /// Journals a source's outcome and changes, then saves the snapshot its detection hands back:
    /// in that order, so a crash between the two is undone on recovery, never lost.
    func save(
        _ detection: ChangeDetector.Detection, outcome: RunRecord.Outcome, index: Int, at time: Date,
        journal: RunJournal
    ) throws {
        let file = snapshotFile(of: detection.snapshot.sourceID)
        if detection.isUnchanged, FileManager.default.fileExists(atPath: file.path) {
            try journal.append(
                source: .init(
                    index: index, outcome: outcome, changes: detection.changes, snapshotDigest: nil, finished: time))
            return
        }
        let data = Self.encode(detection.snapshot)
        try journal.append(
            source: .init(
                index: index, outcome: outcome, changes: detection.changes,
                snapshotDigest: RunJournal.digest(data), finished: time))
        try AtomicFile.write(data, to: file)
    }

    /// The run record a journal describes: its sources in configuration order. A shard's
    /// record keeps each source's place in the configuration, to be merged by.
    static func record(
        from entries: [RunJournal.SourceEntry], id: String, started: Date, finished: Date, shard: Shard? = nil
    ) -> RunRecord {
        let ordered = entries.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
            .map(\.element)
        var record = RunRecord(
            id: id, started: started, finished: finished, outcomes: ordered.map(\.outcome),
            changes: ordered.flatMap(\.changes))
        record.shard = shard
        record.positions = shard.map { _ in ordered.map(\.index) }
        return record
    }

    /// Saves the record of a run from its journal, adding to the record of the same name if
    /// there is one (a shard run again with its `--run-id`, or a record saved just before a crash).
    func saveRecord(
        from entries: [RunJournal.SourceEntry], id: String, started: Date, finished: Date, shard: Shard?
    ) throws -> RunRecord {
        let record =
            try read(RunRecord.self, at: runFile(id, shard: shard), consequence: "the run record is written afresh")
            .map { $0.adding(entries, finished: finished) }
            ?? Self.record(from: entries, id: id, started: started, finished: finished, shard: shard)
        try save(record)
        return record
    }

    /// Completes the record of a run that was killed or ran out of disk, from its journal, and
    /// deletes the journal. Only lines whose snapshot reached the disk count: the others' changes
    /// are found again by the next scrape. Call while holding the lock.
    /// - Returns: what was done, to be told once; nil when there was no journal.
    @discardableResult
    public func recoverUnfinishedRun(shard: Shard? = nil) throws -> RecoveredRun? {
        let url = journalFile(shard: shard)
        // A directory or FIFO in its place (or a huge file) is moved aside, not left to block every run.
        guard
            let data = try contents(
                of: url, limit: RunJournal.maxFileBytes,
                consequence: "its run is not recovered; the next scrape finds its sources' changes again")
        else { return nil }
        let (begin, sources) = RunJournal.entries(in: data)
        guard let begin else {
            try RunJournal.remove(url)
            return RecoveredRun(record: nil, journal: url.path, why: "it names no run")
        }
        let file = runFile(begin.runID, shard: begin.shard)
        if let saved = try read(RunRecord.self, at: file, consequence: "the run record is written afresh"),
            saved.adding(sources, finished: saved.finished) == saved
        {
            try RunJournal.remove(url)
            return RecoveredRun(record: nil, journal: url.path, why: "its record was saved already")
        }
        let landed = sources.filter { entry in
            guard let digest = entry.snapshotDigest else { return true }
            let file = snapshotFile(of: entry.outcome.sourceID)
            guard case .success(let bytes?) = FileReader.read(file.path, limit: Snapshot.maxFileBytes) else {
                return false
            }
            return RunJournal.digest(bytes) == digest
        }
        guard !landed.isEmpty else {
            try RunJournal.remove(url)
            return RecoveredRun(record: nil, journal: url.path, why: "no source had finished")
        }
        let finished = landed.map(\.finished).max() ?? begin.started
        let record = try saveRecord(
            from: landed, id: begin.runID, started: begin.started, finished: finished, shard: begin.shard)
        try RunJournal.remove(url)
        return RecoveredRun(record: record, journal: url.path)
    }
}
