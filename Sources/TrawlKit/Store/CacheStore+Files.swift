import Foundation
import TrawlJSON
import TrawlText

/// A JSON file of the cache: it carries the schema version it was written with.
protocol CacheFile {
    static var schemaVersion: Int { get }
    var schemaVersion: Int { get }
    /// The file's value from its bytes, or precisely why it cannot be had.
    static func decoded(from data: Data, path: String) -> Result<Self, CacheError>
    /// The most bytes a file of this kind is read to: past it, the file is moved aside
    /// unread, since reading it whole would take twice its size in memory, or more.
    static var maxFileBytes: Int { get }
}

extension CacheFile {
    /// Health, validators, the ledgers: small files, whatever the configuration.
    static var maxFileBytes: Int { 64 << 20 }
}

/// Run records, health and the small files are read from the parsed value.
extension CacheJSONDecodable {
    static func decoded(from data: Data, path: String) -> Result<Self, CacheError> {
        let json: JSONValue
        switch CacheStore.parse(data, path: path) {
        case .success(let value): json = value
        case .failure(let error): return .failure(error)
        }
        let found = json["schemaVersion"]?.numberValue?.int
        guard found == schemaVersion else {
            return .failure(CacheError(path: path, kind: .wrongSchema(found: found, expected: schemaVersion)))
        }
        do throws(CacheJSONField.Problem) {
            return .success(try Self(cacheJSON: CacheJSONField(json)))
        } catch {
            return .failure(CacheError(path: path, kind: .invalidContent(error.message)))
        }
    }
}

extension Snapshot: CacheFile {
    /// A hundred times the snapshot of 10,000 items (docs/CACHE.md, "Speed").
    static var maxFileBytes: Int { 256 << 20 }

    /// Read in one pass when it can be (`SnapshotJSON.read`); what that declines is read
    /// from the parsed value, in either schema, which says what is wrong.
    static func decoded(from data: Data, path: String) -> Result<Snapshot, CacheError> {
        if let snapshot = data.withUnsafeBytes({ SnapshotJSON.read($0) }) { return .success(snapshot) }
        let json: JSONValue
        switch CacheStore.parse(data, path: path) {
        case .success(let value): json = value
        case .failure(let error): return .failure(error)
        }
        let found = SnapshotJSON.version(of: json)
        guard let version = found, SnapshotJSON.readableVersions.contains(version) else {
            return .failure(CacheError(path: path, kind: .wrongSchema(found: found, expected: schemaVersion)))
        }
        do {
            return .success(try SnapshotJSON.decode(json, version: version))
        } catch {
            return .failure(CacheError(path: path, kind: .invalidContent(error.message)))
        }
    }
}

extension CacheStore {
    /// Reads a cache file; nil when it does not exist, or when it could not be used, in which
    /// case it is moved aside and reported to `problems` with `consequence`.
    func read<T: CacheFile>(_ type: T.Type, at url: URL, consequence: String) throws -> T? {
        try read(T.self, atPath: url.path, consequence: consequence)
    }

    /// `read(_:at:consequence:)` of a path: what a quiet source reads is named by paths built as
    /// strings, a `URL` made only when the file must be moved aside or rewritten.
    func read<T: CacheFile>(_ type: T.Type, atPath path: String, consequence: String) throws -> T? {
        guard let data = try contents(ofPath: path, limit: T.maxFileBytes, consequence: consequence) else {
            return nil
        }
        return try decode(T.self, from: data, atPath: path, consequence: consequence)
    }

    /// Decodes the bytes read from the cache file `url`; what cannot be used is handled as `read` does.
    /// Trailing NUL bytes after whole JSON (what a file system can leave after a crash) are
    /// ignored with a warning, and removed during a run; NULs anywhere else leave the file corrupt.
    func decode<T: CacheFile>(_ type: T.Type, from data: Data, at url: URL, consequence: String) throws -> T? {
        try decode(T.self, from: data, atPath: url.path, consequence: consequence)
    }

    func decode<T: CacheFile>(_ type: T.Type, from data: Data, atPath path: String, consequence: String) throws -> T? {
        let padding = data.reversed().prefix { $0 == 0 }.count
        if padding > 0, padding < data.count {
            let json = Data(data.dropLast(padding))
            if case .success(let value) = Self.decode(T.self, from: json, path: path) {
                try removePadding(padding, leaving: json, at: Self.fileURL(path))
                return value
            }
        }
        return try usable(Self.decode(T.self, from: data, path: path), atPath: path, consequence: consequence)
    }

    /// The file URL of a cache path, for the rare step that needs one.
    static func fileURL(_ path: String) -> URL {
        URL(fileURLWithPath: path, isDirectory: false)
    }

    /// Rewrites a padded file as its JSON alone (during a run), and says so.
    private func removePadding(_ padding: Int, leaving json: Data, at url: URL) throws {
        let error = CacheError(path: url.path, kind: .padded(nulBytes: padding))
        guard access == .readWrite else {
            problems.report(CacheProblem(warning: error, consequence: "its JSON is read (the next run removes them)"))
            return
        }
        try AtomicFile.write(json, to: url)
        problems.report(CacheProblem(warning: error, consequence: "its JSON is read, and the padding removed"))
    }

    /// The bytes of `url`, at most `limit`; nil when there is no such file, or when what is
    /// there is no regular file or too large, in which case it is moved aside and reported.
    func contents(of url: URL, limit: Int, consequence: String) throws -> Data? {
        try contents(ofPath: url.path, limit: limit, consequence: consequence)
    }

    func contents(ofPath path: String, limit: Int, consequence: String) throws -> Data? {
        switch FileReader.read(path, limit: limit) {
        case .success(let data):
            return data
        case .failure(.notRegularFile(let what)):
            return try usable(
                Result<Data, CacheError>.failure(CacheError(path: path, kind: .notRegularFile(what))), atPath: path,
                consequence: consequence)
        case .failure(.tooLarge(let bytes, let limit)):
            return try usable(
                Result<Data, CacheError>.failure(CacheError(path: path, kind: .tooLarge(bytes: bytes, limit: limit))),
                atPath: path, consequence: consequence)
        case .failure(.unreadable(let cause)):
            throw CacheError(path: path, kind: .unreadable(cause))
        }
    }

    /// The decoded value, or nil after moving the file aside and reporting why it is unusable.
    private func usable<T>(_ result: Result<T, CacheError>, atPath path: String, consequence: String) throws -> T? {
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            let movedTo = access == .readWrite ? try moveAside(Self.fileURL(path)).path : nil
            problems.report(CacheProblem(error: error, movedTo: movedTo, consequence: consequence))
            return nil
        }
    }

    /// Decodes a cache file, or says precisely why it cannot be.
    static func decode<T: CacheFile>(_ type: T.Type, from data: Data, path: String) -> Result<T, CacheError> {
        T.decoded(from: data, path: path)
    }

    /// Parses a cache file's bytes, or says precisely why they are not JSON.
    static func parse(_ data: Data, path: String) -> Result<JSONValue, CacheError> {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(CacheError(path: path, kind: .empty))
        }
        let parsed = data.withUnsafeBytes { bytes in Result { () throws(JSONError) in try JSONParser.parse(bytes) } }
        let json: JSONValue
        switch parsed {
        case .success(let value): json = value
        case .failure(let error):
            // Trawl writes UTF-8 only: bytes that are not say more than where the parse stopped.
            if let offset = UTF8Validation.firstInvalidByte(in: data) {
                let (line, column) = position(of: offset, in: data)
                let kind = CacheError.Kind.corrupt(
                    offset: offset, line: line, column: column,
                    found: JSONError.describe(data[data.startIndex + offset]), expected: "UTF-8 text")
                return .failure(CacheError(path: path, kind: kind))
            }
            guard !error.isTruncated, let found = error.found else {
                return .failure(CacheError(path: path, kind: .truncated(bytes: error.position.offset)))
            }
            let kind = CacheError.Kind.corrupt(
                offset: error.position.offset, line: error.position.line, column: error.position.column,
                found: JSONError.describe(found), expected: error.expected)
            return .failure(CacheError(path: path, kind: kind))
        }
        return .success(json)
    }

    private static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (index, byte) in data.prefix(offset).enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Renames an unusable file to `<name>.corrupt-<UTC timestamp>`, never over another one.
    private func moveAside(_ url: URL) throws -> URL {
        // To the second (`20261130T040000Z`): enough for a person, and the counter keeps names apart.
        let time = RunRecord.id(for: clock.now).prefix(15) + "Z"
        let base = "\(url.lastPathComponent).corrupt-\(time)"
        var target = url.deletingLastPathComponent().appendingPathComponent(base)
        var counter = 2
        while FileManager.default.fileExists(atPath: target.path) {
            target = url.deletingLastPathComponent().appendingPathComponent("\(base)-\(counter)")
            counter += 1
        }
        guard rename(url.path, target.path) == 0 else {
            throw CacheError(path: url.path, kind: .unwritable("cannot move the unusable file aside: \(errnoText())"))
        }
        return target
    }

    /// The bytes a snapshot is stored as (`SnapshotJSON`).
    static func encode(_ snapshot: Snapshot) -> Data {
        SnapshotJSON.encode(snapshot)
    }

    /// Writes `snapshot` atomically, unless the file already holds exactly these bytes.
    /// - Returns: true when the file was written.
    @discardableResult
    func write(_ snapshot: Snapshot, to url: URL) throws -> Bool {
        try AtomicFile.write(Self.encode(snapshot), to: url)
    }

}
