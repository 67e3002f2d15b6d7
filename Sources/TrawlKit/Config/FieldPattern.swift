import Foundation

/// One rule of a `keep`, `drop` or `match` block: a field's name and the regular expression
/// (ICU's syntax, as `NSRegularExpression` reads it) its text is searched with.
///
/// An item's field matches when the expression is found anywhere in its text; a `many`
/// field (a list) matches when any one of its values does; an item without the field
/// never matches. `id`, `title`, `url`, `date` and `summary` are every item's own.
public struct FieldPattern: Sendable, Hashable {
    /// The field whose text is searched.
    public let field: String
    /// The regular expression, as written (`(?i)\bswift\b`).
    public let pattern: String
    private let expression: Expression

    /// A rule for `field`; throws when `pattern` is not a regular expression.
    public init(field: String, pattern: String) throws {
        self.field = field
        self.pattern = pattern
        self.expression = Expression(try NSRegularExpression(pattern: pattern))
    }

    /// Whether the item's `field` holds text the expression finds.
    public func matches(_ item: Item) -> Bool {
        Self.texts(of: field, in: item).contains { text in
            expression.regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// The texts a rule searches: each value of a list, or the one value; for the well-known
    /// fields an item always has, what the item shows when no field of that name was scraped.
    static func texts(of field: String, in item: Item) -> [String] {
        if let value = item[field: field] {
            if case .list(let values) = value { return values.map(\.text) }
            return [value.text]
        }
        switch field {
        case "id": return [item.id]
        case "title": return [item.title]
        case "url": return item.url.map { [$0.absoluteString] } ?? []
        case "date": return item.date.map { [Value.date($0).text] } ?? []
        case "summary": return item.summary.map { [$0] } ?? []
        default: return []
        }
    }

    /// Why `pattern` is no regular expression, in a few words ("expected ')'"), or nil when
    /// it is one. Swift's own parser gives the words; ICU, which matches, only says no.
    static func problem(in pattern: String) -> String? {
        guard (try? NSRegularExpression(pattern: pattern)) == nil else { return nil }
        do {
            _ = try Regex(pattern)
            return "not a regular expression"
        } catch {
            return "\(error)"
        }
    }

    /// The compiled form, left out of `==` and the hash: the pattern says it all.
    private struct Expression: @unchecked Sendable, Hashable {
        // NSRegularExpression is immutable once made, and safe to share between threads.
        let regex: NSRegularExpression
        init(_ regex: NSRegularExpression) { self.regex = regex }
        static func == (_: Expression, _: Expression) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }
}

extension FieldPattern: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("field", field)
        key.add("pattern", pattern)
    }
}
