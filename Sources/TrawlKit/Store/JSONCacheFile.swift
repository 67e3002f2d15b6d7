import Foundation
import TrawlJSON

/// A small cache file (`http.json`, `downloads.json`, `notifications.json`) read and written through TrawlJSON:
/// pretty JSON, keys sorted, a final newline.
protocol JSONCacheFile {
    static var schemaVersion: Int { get }
    /// Reads the file's top-level object; its `schemaVersion` is checked already.
    init(json: CacheJSONObject) throws(CacheJSONObject.ContentError)
    /// The members of the top-level object, `schemaVersion` included.
    var json: [(key: String, value: JSONValue)] { get }
}

extension JSONCacheFile {
    /// The bytes the file is stored as.
    var bytes: Data {
        Data(JSONWriter.bytes(.object(json.sorted { $0.key < $1.key })))
    }
}

/// A JSON object of a cache file with the path that leads to it, whose errors name that
/// path as the cache's other files do (`validators.https://….etag is not a string`).
struct CacheJSONObject {
    struct ContentError: Error {
        var message: String
    }

    let members: [(key: String, value: JSONValue)]
    let path: String

    init(_ value: JSONValue, path: String = "") throws(ContentError) {
        guard let members = value.objectValue else {
            throw ContentError(message: "\(path.isEmpty ? "the top level" : path) is not an object")
        }
        self.members = members
        self.path = path
    }

    /// The value of `key`; nil when it is missing or null. A repeated key keeps its last value.
    subscript(key: String) -> JSONValue? {
        guard let value = members.last(where: { $0.key == key })?.value, !value.isNull else { return nil }
        return value
    }

    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func required(_ key: String) throws(ContentError) -> JSONValue {
        guard let value = self[key] else {
            throw ContentError(message: "'\(key)' is missing" + (path.isEmpty ? "" : " in \(path)"))
        }
        return value
    }

    func object(_ key: String) throws(ContentError) -> CacheJSONObject {
        try CacheJSONObject(required(key), path: path(of: key))
    }

    /// Each member of the object `key` holds, read as an object.
    func objects(_ key: String) throws(ContentError) -> [(key: String, value: CacheJSONObject)] {
        let object = try self.object(key)
        var result: [(key: String, value: CacheJSONObject)] = []
        for member in object.members {
            result.append((member.key, try CacheJSONObject(member.value, path: object.path(of: member.key))))
        }
        return result
    }

    func string(_ key: String) throws(ContentError) -> String {
        guard let string = try required(key).stringValue else { throw notA("a string", key) }
        return string
    }

    func optionalString(_ key: String) throws(ContentError) -> String? {
        guard let value = self[key] else { return nil }
        guard let string = value.stringValue else { throw notA("a string", key) }
        return string
    }

    func optionalInt64(_ key: String) throws(ContentError) -> Int64? {
        guard let value = self[key] else { return nil }
        guard let number = value.numberValue, let int = Int64(number.text) else { throw notA("a whole number", key) }
        return int
    }

    func optionalInt(_ key: String) throws(ContentError) -> Int? {
        guard let value = self[key] else { return nil }
        guard let int = value.numberValue?.int else { throw notA("a whole number", key) }
        return int
    }

    func optionalDate(_ key: String) throws(ContentError) -> Date? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = CacheDate.date(from: text) else { throw notA("an RFC 3339 date", key) }
        return date
    }

    /// An array of strings; empty when the key is missing.
    func strings(_ key: String) throws(ContentError) -> [String] {
        guard let value = self[key] else { return [] }
        guard let elements = value.arrayValue else { throw notA("an array", key) }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else {
                throw ContentError(message: "\(path(of: key))[\(index)] is not a string")
            }
            strings.append(string)
        }
        return strings
    }

    func bool(_ key: String) throws(ContentError) -> Bool {
        guard let bool = try required(key).boolValue else { throw notA("true or false", key) }
        return bool
    }

    private func notA(_ kind: String, _ key: String) -> ContentError {
        ContentError(message: "\(path(of: key)) is not \(kind)")
    }
}
