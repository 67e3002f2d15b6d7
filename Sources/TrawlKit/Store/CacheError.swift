import Foundation

/// A cache file that exists but cannot be used, or cannot be written.
public struct CacheError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong with the file: a struct over a private enum, so that a new kind of
    /// problem is not a breaking change for a program that reads `kind`; compare with `==`.
    public struct Kind: Sendable, Equatable, CustomStringConvertible {
        fileprivate enum Problem: Sendable, Equatable {
            case empty, truncated(bytes: Int)
            case corrupt(offset: Int, line: Int, column: Int, found: String, expected: String)
            case wrongSchema(found: Int?, expected: Int), invalidContent(String), unreadable(String)
            case notRegularFile(String), tooLarge(bytes: Int64, limit: Int), padded(nulBytes: Int)
            case otherShardCount(shard: Shard, runCount: Int), unwritable(String)
        }

        fileprivate let problem: Problem

        /// The file has no bytes, or only white space.
        public static let empty = Kind(problem: .empty)
        /// Well-formed as far as it goes, but the JSON stops after `bytes` bytes.
        public static func truncated(bytes: Int) -> Kind { Kind(problem: .truncated(bytes: bytes)) }
        /// Not JSON: the byte at `offset` (1-based `line` and `column`) cannot stand there.
        public static func corrupt(offset: Int, line: Int, column: Int, found: String, expected: String) -> Kind {
            Kind(problem: .corrupt(offset: offset, line: line, column: column, found: found, expected: expected))
        }
        /// JSON, but written for another schema version (nil: no version at all).
        public static func wrongSchema(found: Int?, expected: Int) -> Kind {
            Kind(problem: .wrongSchema(found: found, expected: expected))
        }
        /// JSON of the right version whose content does not fit, e.g. a missing field.
        public static func invalidContent(_ detail: String) -> Kind { Kind(problem: .invalidContent(detail)) }
        /// The file could not be read (permissions, I/O).
        public static func unreadable(_ detail: String) -> Kind { Kind(problem: .unreadable(detail)) }
        /// Something other than a regular file is there ("a directory", "a FIFO (named pipe)").
        public static func notRegularFile(_ what: String) -> Kind { Kind(problem: .notRegularFile(what)) }
        /// The file holds more than the `limit` bytes a file of its kind may.
        public static func tooLarge(bytes: Int64, limit: Int) -> Kind {
            Kind(problem: .tooLarge(bytes: bytes, limit: limit))
        }
        /// Whole JSON followed by NUL bytes (what some file systems leave after a crash).
        public static func padded(nulBytes: Int) -> Kind { Kind(problem: .padded(nulBytes: nulBytes)) }
        /// A shard's record in a run whose other shards split the sources `runCount` ways.
        public static func otherShardCount(shard: Shard, runCount: Int) -> Kind {
            Kind(problem: .otherShardCount(shard: shard, runCount: runCount))
        }
        /// The file could not be written (permissions, a full disk).
        public static func unwritable(_ detail: String) -> Kind { Kind(problem: .unwritable(detail)) }

        public var description: String { CacheError.reason(problem) }
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
    public var reason: String { kind.description }

    fileprivate static func reason(_ problem: Kind.Problem) -> String {
        switch problem {
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
            return "the file is too large: \(mebibytes(bytes)), more than the \(mebibytes(Int64(limit)))"
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
