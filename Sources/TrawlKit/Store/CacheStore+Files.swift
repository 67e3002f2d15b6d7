import Foundation
import TrawlJSON

/// A JSON file of the cache: it carries the schema version it was written with.
protocol CacheFile {
    static var schemaVersion: Int { get }
    var schemaVersion: Int { get }
}

/// A cache file read and written through `Codable`.
protocol VersionedCacheFile: CacheFile, Codable {}

extension Snapshot: VersionedCacheFile {}

extension CacheStore {
    /// Pretty-printed with sorted keys and RFC 3339 dates, so a cache kept in git diffs cleanly.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(CacheDate.string(from: date))
        }
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = CacheDate.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an RFC 3339 date: \(text)")
            }
            return date
        }
        return decoder
    }()

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
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
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
        // Snapshots, the large files, are read in one pass when they can be; see `SnapshotJSON.read`.
        if T.self == Snapshot.self, let snapshot = data.withUnsafeBytes({ SnapshotJSON.read($0) }) {
            return .success(snapshot as! T)
        }
        let json: JSONValue
        switch parse(data, path: path) {
        case .success(let value): json = value
        case .failure(let error): return .failure(error)
        }
        // Snapshots the one pass declined are read from the parsed value, in either schema.
        if T.self == Snapshot.self {
            guard let version = SnapshotJSON.version(of: json), SnapshotJSON.readableVersions.contains(version) else {
                let found = SnapshotJSON.version(of: json)
                return .failure(CacheError(path: path, kind: .wrongSchema(found: found, expected: T.schemaVersion)))
            }
            do {
                // T is Snapshot here.
                return .success(try SnapshotJSON.decode(json, version: version) as! T)
            } catch {
                return .failure(CacheError(path: path, kind: .invalidContent(error.message)))
            }
        }
        let found = json["schemaVersion"]?.numberValue?.int
        guard found == T.schemaVersion else {
            return .failure(CacheError(path: path, kind: .wrongSchema(found: found, expected: T.schemaVersion)))
        }
        do {
            // Run records and health are read from the parsed value (`CacheJSONDecodable`).
            if let type = T.self as? any CacheJSONDecodable.Type {
                return .success(try type.init(cacheJSON: CacheJSONField(json)) as! T)
            }
            guard let type = T.self as? any Decodable.Type else {
                return .failure(CacheError(path: path, kind: .invalidContent("\(T.self) cannot be read")))
            }
            return .success(try decoder.decode(type, from: data) as! T)
        } catch let problem as CacheJSONField.Problem {
            return .failure(CacheError(path: path, kind: .invalidContent(problem.message)))
        } catch {
            return .failure(CacheError(path: path, kind: .invalidContent(describe(error))))
        }
    }

    /// Parses a cache file's bytes, or says precisely why they are not JSON.
    private static func parse(_ data: Data, path: String) -> Result<JSONValue, CacheError> {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(CacheError(path: path, kind: .empty))
        }
        let parsed = data.withUnsafeBytes { bytes in Result { () throws(JSONError) in try JSONParser.parse(bytes) } }
        let json: JSONValue
        switch parsed {
        case .success(let value): json = value
        case .failure(let error):
            // Trawl writes UTF-8 only: bytes that are not say more than where the parse stopped.
            if let offset = UTF8Scan.firstInvalidByte(in: [UInt8](data)) {
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

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "'\(key.stringValue)' is missing\(at)"
        case .typeMismatch(let type, let context):
            return "\(path(context)) is not \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null where \(typeName(type)) should be"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        default: return "\(type)"
        }
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

    /// The bytes a value is stored as: pretty JSON with a final newline.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        if let snapshot = value as? Snapshot { return SnapshotJSON.encode(snapshot) }
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// Writes `value` atomically, unless the file already holds exactly these bytes.
    /// - Returns: true when the file was written.
    @discardableResult
    func write<T: Encodable>(_ value: T, to url: URL) throws -> Bool {
        try AtomicFile.write(try Self.encode(value), to: url)
    }

    static func file(at url: URL, holds data: Data) -> Bool {
        let comparison = data.withUnsafeBytes { bytes in try? FileInspection.compare(url.path, with: bytes) }
        return comparison == .same
    }
}
