import Foundation
import TrawlDates
import TrawlJSON

/// A value of a parsed cache file with its path in the file (`outcomes[2].status`), so
/// whatever does not fit is reported by path, line and column.
struct CacheJSONField {
    /// Why a well-formed file is not what Trawl wrote, said as a path and a position.
    struct Problem: Error, Equatable {
        var message: String
    }

    let value: JSONValue
    /// Empty for the top level.
    let path: String

    init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    private var name: String { path.isEmpty ? "the top level" : path }

    func problem(_ what: String) -> Problem {
        let position = value.position == .none ? "" : " (\(value.position))"
        return Problem(message: "\(name) \(what)\(position)")
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key`, which must be there and not null.
    func required(_ key: String) throws(Problem) -> CacheJSONField {
        guard value.objectValue != nil else { throw problem("is not an object") }
        guard let member = value[key], !member.isNull else {
            let position = value.position == .none ? "" : " (the object at \(value.position))"
            throw Problem(message: "'\(key)' is missing" + (path.isEmpty ? "" : " in \(path)") + position)
        }
        return CacheJSONField(member, path: child(key))
    }

    /// The member `key`; nil when absent or null.
    func optional(_ key: String) throws(Problem) -> CacheJSONField? {
        guard value.objectValue != nil else { throw problem("is not an object") }
        guard let member = value[key], !member.isNull else { return nil }
        return CacheJSONField(member, path: child(key))
    }

    /// The member `key` read by `read`; nil when absent or null.
    func optional<T>(_ key: String, _ read: (CacheJSONField) throws(Problem) -> T) throws(Problem) -> T? {
        guard let member = try optional(key) else { return nil }
        return try read(member)
    }

    func string() throws(Problem) -> String {
        guard let string = value.stringValue else { throw problem("is not a string") }
        return string
    }

    func int() throws(Problem) -> Int {
        guard let number = value.numberValue else { throw problem("is not a number") }
        guard let int = number.int else { throw problem("is not a whole number") }
        return int
    }

    func double() throws(Problem) -> Double {
        if value.isNull { return .nan }
        guard let double = value.numberValue?.double else { throw problem("is not a number") }
        return double
    }

    func bool() throws(Problem) -> Bool {
        guard let bool = value.boolValue else { throw problem("is not true or false") }
        return bool
    }

    func date() throws(Problem) -> Date {
        guard let date = DateCodec.parseRFC3339(try string()) else { throw problem("is not an RFC 3339 date") }
        return date
    }

    func url() throws(Problem) -> URL {
        guard let url = URL(string: try string()) else { throw problem("is not a URL") }
        return url
    }

    /// One of `T`'s raw values.
    func oneOf<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(Problem) -> T where T.RawValue == String {
        let text = try string()
        guard let found = T(rawValue: text) else {
            let allowed = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw problem("is '\(text)', not one of \(allowed)")
        }
        return found
    }

    /// An object's members, in the file's order, each with its path.
    func members() throws(Problem) -> [(key: String, value: CacheJSONField)] {
        guard let members = value.objectValue else { throw problem("is not an object") }
        return members.map { ($0.key, CacheJSONField($0.value, path: child($0.key))) }
    }

    func array() throws(Problem) -> [CacheJSONField] {
        guard let elements = value.arrayValue else { throw problem("is not an array") }
        return elements.enumerated().map { CacheJSONField($1, path: "\(path)[\($0)]") }
    }

    /// Each element read by `read`.
    func array<T>(_ read: (CacheJSONField) throws(Problem) -> T) throws(Problem) -> [T] {
        var result: [T] = []
        for element in try array() { result.append(try read(element)) }
        return result
    }

    func strings() throws(Problem) -> [String] {
        try array { element throws(Problem) in try element.string() }
    }
}
