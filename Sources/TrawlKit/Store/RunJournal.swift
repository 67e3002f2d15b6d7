import Foundation
import TrawlJSON
import TrawlText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Cache/journal.jsonl`: the run in progress, one JSON line per event, each flushed to disk
/// before the step it announces.
///
/// A source's changes are appended (and `fsync`ed) *before* its snapshot is replaced, so a run
/// killed or out of disk at any instant leaves either a journal line and the old snapshot (the
/// line is dropped on recovery and the next run finds the changes again) or the line and the new
/// snapshot (the line becomes part of the recovered run record): each change reaches the run
/// records exactly once. docs/CACHE.md tells the whole story.
final class RunJournal: @unchecked Sendable {
    static let fileName = "journal.jsonl"

    /// One line of the journal.
    struct Entry: Equatable {
        /// The first line: the run's id and start.
        var begin: Begin?
        /// Every later line: one source's part of the run.
        var source: SourceEntry?
    }

    struct Begin: Equatable {
        var runID: String
        var started: Date
        /// The shard the run is, if it is one: its record is `runs/<id>.shard-I-of-N.json`.
        var shard: Shard?
    }

    struct SourceEntry: Equatable {
        /// The source's place in the configuration, so a record keeps configuration order.
        var index: Int
        var outcome: RunRecord.Outcome
        var changes: [Change]
        /// A digest of the snapshot this entry precedes (nil: the snapshot is not replaced).
        /// Recovery keeps the entry only when the snapshot on disk has this digest.
        var snapshotDigest: String?
        var finished: Date
    }

    let url: URL
    /// `url.path`, made once: a line per source asked for it anew.
    private let path: String
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    /// The length of the journal up to its last whole line; a failed append is cut back to it.
    private var goodLength: off_t = 0
    private var broken = false
    private var journaledSources: Set<Int> = []
    /// The source lines written, in order: what a read of the file would give back, kept so
    /// the run record is made without reading and parsing the journal again.
    private var written: [SourceEntry] = []
    private var flushes = 0

    init(url: URL) {
        self.url = url
        self.path = url.path
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Starts a fresh journal for the run `runID`. A journal left by an earlier run must have
    /// been recovered first (`CacheStore.recoverUnfinishedRun()`).
    func begin(runID: String, started: Date, shard: Shard? = nil) throws {
        try lock.withLock {
            // Non-blocking, so a FIFO in its place is an error, not a wait for a reader.
            let opened = open(
                url.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            guard opened >= 0 else {
                throw CacheError(path: url.path, kind: .unwritable("cannot create the run journal: \(errnoText())"))
            }
            descriptor = opened
            goodLength = 0
            try AtomicFile.syncDirectory(url.deletingLastPathComponent())
        }
        try append(Entry(begin: Begin(runID: runID, started: started, shard: shard)))
    }

    /// Whether `append(source:)` has recorded the source at `index` in this run.
    func hasJournaled(_ index: Int) -> Bool {
        lock.withLock { journaledSources.contains(index) }
    }

    /// Records a source's part of the run.
    ///
    /// Only a line that precedes a step is flushed to disk: one whose changes or snapshot
    /// are about to be kept. A source that changed nothing (a 304, a failure) has nothing a
    /// crash could lose: without its line, a recovered run just lacks its outcome, and the
    /// next run fetches it again. So a quiet night costs no `fsync` per source; the next
    /// flushed line, or the run record, takes its line to disk with it.
    func append(source: SourceEntry) throws {
        try append(Entry(source: source), durably: source.snapshotDigest != nil || !source.changes.isEmpty)
        lock.withLock {
            journaledSources.insert(source.index)
            written.append(source)
        }
    }

    /// The source lines this journal took, in the order written (`entries(at:)` of its file).
    var sources: [SourceEntry] { lock.withLock { written } }

    /// How many lines have been flushed to disk with `fsync` (tests count them).
    var flushCount: Int { lock.withLock { flushes } }

    /// Appends one line, flushed to disk when `durably`. A failed append is cut back off, so
    /// the journal always ends in whole lines; if even that fails, the journal refuses
    /// further lines.
    private func append(_ entry: Entry, durably: Bool = true) throws {
        var line = CacheJSONLayout.line(entry.cacheJSON)
        line.append(0x0A)
        try lock.withLock {
            guard descriptor >= 0, !broken else {
                throw CacheError(path: path, kind: .unwritable("the run journal could not be written earlier"))
            }
            do {
                try AtomicFile.writeAll(line, to: descriptor, path: path)
                if durably {
                    guard fsync(descriptor) == 0 else {
                        throw CacheError(path: path, kind: .unwritable("cannot flush to disk: \(errnoText())"))
                    }
                    flushes += 1
                }
                goodLength += off_t(line.count)
            } catch {
                if ftruncate(descriptor, goodLength) != 0 { broken = true }
                throw error
            }
        }
    }

    /// Deletes the journal once its run record is safely saved.
    func remove() throws {
        try lock.withLock {
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
            try Self.remove(url)
        }
    }

    static func remove(_ url: URL) throws {
        if unlink(url.path) != 0, errno != ENOENT {
            throw CacheError(path: url.path, kind: .unwritable("cannot delete the run journal: \(errnoText())"))
        }
        try AtomicFile.syncDirectory(url.deletingLastPathComponent())
    }

    /// The journal's lines that read as entries, in order: any line that does not (one cut
    /// short by a crash, which can only be the last, or one damaged on disk) is left out.
    static func entries(at url: URL) throws -> (begin: Begin?, sources: [SourceEntry])? {
        let data: Data
        switch FileReader.read(url.path, limit: maxFileBytes) {
        case .success(let bytes?): data = bytes
        case .success(nil): return nil
        case .failure(.notRegularFile(let what)): throw CacheError(path: url.path, kind: .notRegularFile(what))
        case .failure(.tooLarge(let bytes, let limit)):
            throw CacheError(path: url.path, kind: .tooLarge(bytes: bytes, limit: limit))
        case .failure(.unreadable(let cause)): throw CacheError(path: url.path, kind: .unreadable(cause))
        }
        return entries(in: data)
    }

    /// The most a journal is read to: a line per source, each with its changes.
    static let maxFileBytes = 512 << 20

    /// The whole lines of a journal's bytes.
    static func entries(in data: Data) -> (begin: Begin?, sources: [SourceEntry]) {
        var begin: Begin?
        var sources: [SourceEntry] = []
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            guard let json = try? JSONParser.parse(line), let entry = try? Entry(cacheJSON: CacheJSONField(json))
            else { continue }
            if let first = entry.begin, begin == nil { begin = first }
            if let source = entry.source { sources.append(source) }
        }
        return (begin, sources)
    }

    /// A short, stable digest of a snapshot's bytes (64-bit FNV-1a): enough to tell whether the
    /// snapshot on disk is the one a journal line preceded.
    static func digest(_ data: Data) -> String {
        var hash = FNV1a()
        hash.add(data)
        return "\(data.count)-" + hash.paddedHex
    }
}

extension RunJournal.Entry {
    /// `{"begin":{…}}` or `{"source":{…}}`, one line, keys sorted.
    var cacheJSON: JSONValue {
        .members([
            (
                "begin",
                begin.map { begin in
                    .members([
                        ("runID", .string(begin.runID)), ("shard", begin.shard?.cacheJSON),
                        ("started", .date(begin.started)),
                    ])
                }
            ),
            (
                "source",
                source.map { source in
                    .members([
                        ("changes", .array(source.changes.map(\.cacheJSON))), ("finished", .date(source.finished)),
                        ("index", .int(source.index)), ("outcome", source.outcome.cacheJSON),
                        ("snapshotDigest", source.snapshotDigest.map(JSONValue.string)),
                    ])
                }
            ),
        ])
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        begin = try json.optional("begin").map { begin throws(CacheJSONField.Problem) in
            RunJournal.Begin(
                runID: try begin.required("runID").string(), started: try begin.required("started").date(),
                shard: try begin.optional("shard", Shard.init(cacheJSON:)))
        }
        source = try json.optional("source").map { source throws(CacheJSONField.Problem) in
            RunJournal.SourceEntry(
                index: try source.required("index").int(),
                outcome: try RunRecord.Outcome(cacheJSON: source.required("outcome")),
                changes: try source.required("changes").array(Change.init(cacheJSON:)),
                snapshotDigest: try source.optional("snapshotDigest")?.string(),
                finished: try source.required("finished").date())
        }
    }
}
