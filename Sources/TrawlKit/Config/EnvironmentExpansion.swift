import Foundation

/// `${NAME}` and `${NAME:-default}` in configuration strings, replaced from the environment.
///
/// Lets one file serve several machines (a contact address, a base URL), and lets the
/// demo point at either day of its sample pages.
struct EnvironmentExpansion: Sendable {
    var environment: [String: String]
    /// For commands that only read the cache (`status`, `diff`): an unset variable with no
    /// default becomes `unset-NAME` instead of an error, since nothing is fetched.
    var toleratesUnset: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment, toleratesUnset: Bool = false) {
        self.environment = environment
        self.toleratesUnset = toleratesUnset
    }

    /// The text with every reference replaced; a reference to an unset variable with no
    /// default is an error naming it.
    func expand(_ text: String) throws -> String {
        guard Self.mayReference(text) else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                let name = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                throw UnsetVariable(name: String(name), reason: "has no closing '}'")
            }
            let reference = rest[start.upperBound..<end]
            let (name, fallback) = Self.split(reference)
            if let value = environment[name], !value.isEmpty {
                result += value
            } else if let fallback {
                result += fallback
            } else if toleratesUnset {
                result += "unset-\(name)"
            } else {
                throw UnsetVariable(name: name, reason: "is not set and has no default (write ${\(name):-default})")
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The names of the variables `text` refers to, in order (to say which one brought a value in).
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${"), let end = rest[start.upperBound...].firstIndex(of: "}") {
            names.append(split(rest[start.upperBound..<end]).0)
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    private static func split(_ reference: Substring) -> (String, String?) {
        guard let marker = reference.range(of: ":-") else { return (String(reference), nil) }
        return (String(reference[..<marker.lowerBound]), String(reference[marker.upperBound...]))
    }

    struct UnsetVariable: Error, CustomStringConvertible {
        var name: String
        var reason: String
        var description: String { "environment variable '\(name)' \(reason)" }
    }

    /// Whether `text` holds `${`, by its bytes: Foundation's `contains` goes through NSString,
    /// and every string of a 2,000-source configuration is asked (7% of the CPU before a night's first request).
    private static func mayReference(_ text: String) -> Bool {
        var dollar = false
        for byte in text.utf8 {
            if dollar && byte == UInt8(ascii: "{") { return true }
            dollar = byte == UInt8(ascii: "$")
        }
        return false
    }
}
