import Foundation
import TrawlJSON

/// A `json` field's value from the nodes its JSONPath selected. JSON keeps its types: a
/// number is an `int` or a `number` without reading text, `true` a `bool`, and a `date`
/// given as a number is a Unix time (seconds, or milliseconds when above 10^11).
extension FieldExtractor {
    /// Above this a Unix time is in milliseconds: 10^11 seconds is the year 5138.
    static let millisecondsAbove = 1e11

    mutating func value(of rule: FieldRule, in matches: [JSONValue]) -> Value? {
        var matches = matches
        // `many` on one array is its elements.
        if rule.many, matches.count == 1, let elements = matches[0].arrayValue { matches = elements }
        matches.removeAll { node in node.isNull || node.stringValue?.isEmpty == true }
        if !rule.many { matches = Array(matches.prefix(1)) }
        var values: [Value] = []
        for match in matches {
            if let value = typed(match, rule) { values.append(value) }
        }
        if matches.isEmpty, let fallback = rule.defaultValue, let value = typed(fallback, rule) { values = [value] }
        if rule.many { return values.isEmpty ? nil : .list(values) }
        return values.first
    }

    private mutating func typed(_ node: JSONValue, _ rule: FieldRule) -> Value? {
        let edits = rule.strip.contains { !$0.isEmpty } || !rule.replace.isEmpty
        switch node.content {
        case .string(let string):
            return typed(edits ? edited(string, rule) : string, rule)
        case .number(let number):
            if edits { return typed(edited(number.text, rule), rule) }
            return typed(number, rule)
        case .bool(let bool):
            if rule.type == .string || rule.type == .bool { return .bool(bool) }
            return typed(bool ? "true" : "false", rule)
        case .object, .array, .null:
            let text = String(decoding: JSONWriter.bytes(node, style: .compact).prefix(80), as: UTF8.self)
            unparsable(
                text, rule,
                "\(node.kindDescription) at \(node.position), not \(Self.article(rule.type)) \(rule.type.rawValue)"
                    + (node.arrayValue != nil && !rule.many ? " (\"many\": true takes a list)" : ""))
            return nil
        }
    }

    private mutating func typed(_ number: JSONNumber, _ rule: FieldRule) -> Value? {
        let double = number.double ?? .nan
        switch rule.type {
        case .string, .int, .number:
            if rule.type != .number, let int = number.int ?? Int(exactly: double) { return .int(int) }
            if rule.type != .int, double.isFinite { return .double(double) }
        case .date:
            let seconds = abs(double) > Self.millisecondsAbove ? double / 1000 : double
            // Years 1 to 9999, the dates the cache can write and read back.
            if (-62_135_596_800...253_402_300_799).contains(seconds) {
                return .date(Date(timeIntervalSince1970: seconds))
            }
        case .bool:
            if double == 0 || double == 1 { return .bool(double == 1) }
        case .url:
            return typed(number.text, rule)
        }
        unparsable(number.text, rule, "\(number.text) is not \(Self.article(rule.type)) \(rule.type.rawValue)")
        return nil
    }

    private static func article(_ type: FieldRule.ValueType) -> String {
        type == .int ? "an" : "a"
    }
}
