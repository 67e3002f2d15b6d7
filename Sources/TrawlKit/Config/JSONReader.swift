import Foundation
import TrawlJSON

/// Reads a parsed JSON document by path, noting every problem instead of stopping at the first.
///
/// Keys that nobody asks for are reported as unknown, with the closest known key.
final class JSONReader {
    private(set) var problems: [ConfigurationError.Problem] = []
    let expansion: EnvironmentExpansion

    init(expansion: EnvironmentExpansion = EnvironmentExpansion()) {
        self.expansion = expansion
    }

    func problem(_ path: String, _ message: String, at node: JSONValue? = nil) {
        problems.append(.init(path: path, message: message, line: node?.position.line, column: node?.position.column))
    }

    /// An object's members, checked against the keys `shape` declares (`ConfigurationKeys`):
    /// any other key is unknown, with the closest declared one, or refused with the shape's
    /// word of why.
    func object(_ node: JSONValue?, at path: String, shape: ConfigurationObject) -> JSONValue? {
        guard let node else { return nil }
        guard case .object(let members) = node.content else {
            problem(path, "expected an object, found \(node.kindDescription)", at: node)
            return nil
        }
        let known = shape.names
        for member in members where !known.contains(member.key) {
            if let refusal = shape.refused[member.key] {
                problem(Self.join(path, member.key), refusal, at: member.value)
                continue
            }
            let hint = Suggestion.hint(for: member.key, in: known)
            problem(Self.join(path, member.key), "unknown key '\(member.key)'\(hint)", at: member.value)
        }
        reportDuplicateKeys(members, at: path)
        return node
    }

    /// An object's members in the order written, whatever their keys; a repeated key
    /// keeps its last value, as JSON parsers do, and is reported.
    func members(_ node: JSONValue?, at path: String) -> [(key: String, value: JSONValue)] {
        guard let node else { return [] }
        guard case .object(let members) = node.content else {
            problem(path, "expected an object, found \(node.kindDescription)", at: node)
            return []
        }
        reportDuplicateKeys(members, at: path)
        var seen = Set<String>()
        return members.reversed().filter { seen.insert($0.key).inserted }.reversed()
    }

    /// A key written twice is almost always a copy-and-paste slip: only the last one counts.
    private func reportDuplicateKeys(_ members: [(key: String, value: JSONValue)], at path: String) {
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            problem(
                Self.join(path, member.key), "key '\(member.key)' is given twice; only the last would count",
                at: member.value)
        }
    }

    /// A string, with `${VARIABLE}` references expanded.
    func string(_ node: JSONValue?, at path: String) -> String? {
        guard let node else { return nil }
        guard case .string(let string) = node.content else {
            problem(path, "expected a string, found \(node.kindDescription)", at: node)
            return nil
        }
        do {
            return try expansion.expand(string)
        } catch {
            problem(path, "\(error)", at: node)
            return nil
        }
    }

    /// A list of strings; a single string counts as a list of one.
    func strings(_ node: JSONValue?, at path: String) -> [String]? {
        guard let node else { return nil }
        switch node.content {
        case .string: return string(node, at: path).map { [$0] }
        case .array(let elements):
            return elements.enumerated().compactMap { index, element in string(element, at: "\(path)[\(index)]") }
        default:
            problem(path, "expected a list of strings, found \(node.kindDescription)", at: node)
            return nil
        }
    }

    func array(_ node: JSONValue?, at path: String) -> [JSONValue]? {
        guard let node else { return nil }
        guard case .array(let elements) = node.content else {
            problem(path, "expected a list, found \(node.kindDescription)", at: node)
            return nil
        }
        return elements
    }

    func integer(_ node: JSONValue?, at path: String) -> Int? {
        guard let node else { return nil }
        guard case .number(let number) = node.content else {
            problem(path, "expected a whole number, found \(node.kindDescription)", at: node)
            return nil
        }
        guard let double = number.double, double.rounded() == double, abs(double) < 1e15 else {
            problem(path, "expected a whole number, found \(number.text)", at: node)
            return nil
        }
        return Int(double)
    }

    func number(_ node: JSONValue?, at path: String) -> Double? {
        guard let node else { return nil }
        guard case .number(let number) = node.content else {
            problem(path, "expected a number, found \(node.kindDescription)", at: node)
            return nil
        }
        return number.double
    }

    func bool(_ node: JSONValue?, at path: String) -> Bool? {
        guard let node else { return nil }
        guard case .bool(let bool) = node.content else {
            problem(path, "expected true or false, found \(node.kindDescription)", at: node)
            return nil
        }
        return bool
    }

    /// One of a fixed set of words, with a suggestion when it is a near miss.
    func choice(_ node: JSONValue?, at path: String, from choices: [String]) -> String? {
        guard let string = string(node, at: path) else { return nil }
        guard choices.contains(string) else {
            let hint = Suggestion.hint(for: string, in: choices)
            problem(path, "'\(string)' is not one of \(choices.joined(separator: ", "))\(hint)", at: node)
            return nil
        }
        return string
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
