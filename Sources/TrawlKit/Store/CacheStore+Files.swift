import Foundation

/// A cache file that exists but cannot be used.
public struct CacheError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}

extension CacheStore {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 3339 date: \(text)")
            }
            return date
        }
        return decoder
    }()

    /// Reads a JSON file; nil when it does not exist.
    func read<T: Decodable>(_ type: T.Type, at url: URL) throws -> T? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CacheError(path: url.path, reason: "cannot read (\(error.localizedDescription))")
        }
        do {
            return try Self.decoder.decode(T.self, from: data)
        } catch {
            throw CacheError(path: url.path, reason: "cannot decode (\(error))")
        }
    }

    /// Writes JSON atomically; a file whose bytes would not change is left alone.
    func write<T: Encodable>(_ value: T, to url: URL) throws {
        var data = try Self.encoder.encode(value)
        data.append(0x0A)
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
