import Foundation
import TrawlJSON

// A source's filters: `"keep": {"title": "(?i)\\bswift\\b"}` keeps only the items whose
// fields match every rule, `"drop": {"tags": "^sponsored$"}` leaves out any item a rule
// matches. What a filter leaves out is no item: not kept, not shown, not news.
extension SourceReader {

    func readFilters(_ object: JSONValue, into source: inout SourceConfiguration) {
        source.keep = patterns(object["keep"], at: "\(path).keep", source: source)
        source.drop = patterns(object["drop"], at: "\(path).drop", source: source)
    }

    /// The rules of one block: each key a field of the source, each value a regular expression.
    private func patterns(_ node: JSONValue?, at blockPath: String, source: SourceConfiguration) -> [FieldPattern] {
        let members = reader.members(node, at: blockPath)
        // Most sources have no filters: their field names are not worked out for nothing.
        guard !members.isEmpty else { return [] }
        let names = Self.fieldNames(of: source) + ["id"]
        return members.compactMap { member in
            let at = "\(blockPath).\(member.key)"
            if !names.contains(member.key) {
                reader.problem(at, Self.unknownField(member.key, in: names), at: member.value)
            }
            return Self.pattern(member.key, member.value, at: at, reader: reader)
        }
    }

    /// A rule read from `node`, a string holding a regular expression; a problem naming where
    /// it is (and what is wrong with it) otherwise.
    static func pattern(_ field: String, _ node: JSONValue, at path: String, reader: JSONReader) -> FieldPattern? {
        guard let text = reader.string(node, at: path) else { return nil }
        guard let pattern = try? FieldPattern(field: field, pattern: text) else {
            let why = FieldPattern.problem(in: text) ?? "not a regular expression"
            reader.problem(path, "'\(text)' is not a valid regular expression: \(why)", at: node)
            return nil
        }
        return pattern
    }

    /// "'slug' is not one of the source's fields (did you mean 'slugs'?); its fields: title, url".
    static func unknownField(_ name: String, in names: [String]) -> String {
        let hint = Suggestion.hint(for: name, in: names)
        return "'\(name)' is not one of the source's fields\(hint); its fields: \(names.joined(separator: ", "))"
    }
}
