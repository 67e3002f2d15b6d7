import Foundation

/// A cache file that exists but cannot be used, or cannot be written.
public struct CacheError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong with the file.
    public enum Kind: Sendable, Equatable {
        /// The file has no bytes, or only white space.
        case empty
        /// Well-formed as far as it goes, but the JSON stops after `bytes` bytes.
        case truncated(bytes: Int)
        /// Not JSON: the byte at `offset` (1-based `line` and `column`) cannot stand there.
        case corrupt(offset: Int, line: Int, column: Int, found: String, expected: String)
        /// JSON, but written for another schema version (nil: no version at all).
        case wrongSchema(found: Int?, expected: Int)
        /// JSON of the right version whose content does not fit, e.g. a missing field.
        case invalidContent(String)
        /// The file could not be read (permissions, I/O).
        case unreadable(String)
        /// Something other than a regular file is there ("a directory", "a FIFO (named pipe)").
        case notRegularFile(String)
        /// The file holds more than the `limit` bytes a file of its kind may.
        case tooLarge(bytes: Int64, limit: Int)
        /// Whole JSON followed by NUL bytes (what some file systems leave after a crash).
        case padded(nulBytes: Int)
        /// A shard's record in a run whose other shards split the sources `runCount` ways.
        case otherShardCount(shard: Shard, runCount: Int)
        /// The file could not be written (permissions, a full disk).
        case unwritable(String)
    }

    /// The file's path.
    public let path: String
    /// What is wrong with it.
    public let kind: Kind

    /// An error about the file at `path`.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String { "\(path): \(reason)" }

    /// What is wrong, without the path.
    public var reason: String {
        switch kind {
        case .empty:
            return "the file is empty"
        case .truncated(let bytes):
            return "the file is truncated: its JSON stops after \(bytes) bytes, in the middle of a value"
        case .corrupt(let offset, let line, let column, let found, let expected):
            return "the file is not valid JSON: line \(line), column \(column) (byte \(offset)) has \(found)"
                + " where \(expected) should be"
        case .wrongSchema(let found?, let expected):
            let writer = found > expected ? "a newer" : "an older"
            return "the file has schema version \(found), but this Trawl reads version \(expected)"
                + " (written by \(writer) Trawl?)"
        case .wrongSchema(nil, let expected):
            return "the file has no schema version; this Trawl reads version \(expected)"
        case .invalidContent(let detail):
            return "the file is JSON but not what Trawl wrote: \(detail)"
        case .unreadable(let detail):
            return "cannot read the file: \(detail)"
        case .notRegularFile(let what):
            return "not a regular file: it is \(what), so it is not read"
        case .tooLarge(let bytes, let limit):
            return "the file is too large: \(Self.mebibytes(bytes)), more than the \(Self.mebibytes(Int64(limit)))"
                + " a cache file of its kind may hold, so it is not read"
        case .otherShardCount(let shard, let count):
            return
                "the record of \(shard), in a run split into \(CountText.of(count, "shard", "shards")): shards of another N"
                + " scrape the same sources, so their changes would count twice"
        case .padded(let count):
            return "the file ends in \(CountText.of(count, "NUL byte", "NUL bytes")) after its JSON"
                + " (what a file system can leave after a crash)"
        case .unwritable(let detail):
            return detail
        }
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// A cache error for the current `errno`-style failure as Foundation reports it.
    static func unreadable(_ url: URL, _ error: Error) -> CacheError {
        CacheError(path: url.path, kind: .unreadable(FileErrorText.cause(of: error)))
    }
}

/// A cache file that was moved aside instead of read, and what that means for the run.
///
/// Reported, never thrown, so one bad file does not stop the other sources.
public struct CacheProblem: Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the file.
    public let error: CacheError
    /// Where the file now is (`snapshot.json.corrupt-20261130T040000Z`); nil when a
    /// read-only store (`trawl status`, `trawl diff`) left it in place for the next run.
    public let movedTo: String?
    /// What Trawl does instead, e.g. "the source is treated as new".
    public let consequence: String

    /// Whether the file was read all the same (trailing NUL padding): a warning, nothing lost.
    public let isWarning: Bool

    init(error: CacheError, movedTo: String?, consequence: String) {
        self.error = error
        self.movedTo = movedTo
        self.consequence = consequence
        self.isWarning = false
    }

    /// A file read all the same, with what was done about it.
    init(warning error: CacheError, consequence: String) {
        self.error = error
        self.movedTo = nil
        self.consequence = consequence
        self.isWarning = true
    }

    public var description: String {
        if isWarning { return "\(error); \(consequence)" }
        guard let movedTo else { return "\(error); ignored (the next run moves it aside)" }
        return "\(error); moved aside to \((movedTo as NSString).lastPathComponent); \(consequence)"
    }
}

/// The cache problems found while a store was used, in the order they were found.
public final class CacheProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [CacheProblem] = []

    /// An empty log.
    public init() {}

    func report(_ problem: CacheProblem) {
        lock.withLock { problems.append(problem) }
    }

    /// Every problem found so far.
    public var all: [CacheProblem] { lock.withLock { problems } }

    /// The problems found since the last call, so a pipeline can print them as it goes.
    public func drain() -> [CacheProblem] {
        lock.withLock {
            defer { problems.removeAll() }
            return problems
        }
    }
}
