import Foundation
import TrawlJSON
import TrawlText

/// A JSON file of the cache: it carries the schema version it was written with.
protocol CacheFile {
    static var schemaVersion: Int { get }
    var schemaVersion: Int { get }
    /// The file's value from its bytes, or precisely why it cannot be had.
    static func decoded(from data: Data, path: String) -> Result<Self, CacheError>
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
        guard let data = try contents(of: url) else { return nil }
        return try decode(T.self, from: data, at: url, consequence: consequence)
    }

    /// Decodes the bytes read from the cache file `url`; what cannot be used is handled as `read` does.
    func decode<T: CacheFile>(_ type: T.Type, from data: Data, at url: URL, consequence: String) throws -> T? {
        try usable(Self.decode(T.self, from: data, path: url.path), at: url, consequence: consequence)
    }

    /// The bytes of `url`; nil when there is no such file.
    private func contents(of url: URL) throws -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw CacheError.unreadable(url, error)
        }
    }

    /// The decoded value, or nil after moving the file aside and reporting why it is unusable.
    private func usable<T>(_ result: Result<T, CacheError>, at url: URL, consequence: String) throws -> T? {
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            let movedTo = access == .readWrite ? try moveAside(url).path : nil
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
