import Foundation

/// How one field of an item is scraped and typed.
public struct FieldRule: Sendable, Hashable {
    /// Where a field's text is found within an item.
    public enum Locator: Sendable, Hashable {
        /// A CSS selector, with `::text` and `::attr(name)` as parsel has them.
        case css(String)
        /// An XPath 1.0 expression.
        case xpath(String)
        /// A JSONPath (RFC 9535) with the item as its root `$`, for `json` sources.
        case json(String)
    }

    /// The type a field's text is parsed into (`type`).
    public enum ValueType: String, Sendable, Hashable, CaseIterable {
        /// Text, a whole number, a decimal number, a boolean, a date, or a URL resolved against the page.
        case string, int, number, bool, date, url
    }

    /// A regular expression and what its matches become (`$1` for groups).
    public struct Replacement: Sendable, Hashable {
        /// A regular expression (ICU syntax).
        public var pattern: String
        /// The replacement; `$1` is the first group.
        public var template: String

        /// Replaces matches of `pattern` with `template`.
        public init(pattern: String, template: String) {
            self.pattern = pattern
            self.template = template
        }
    }

    /// The field's name, as items and templates know it.
    public var name: String
    /// Where the text is; nil means the item (or the table cell) itself.
    public var locator: Locator?
    /// For tables: the header of the column the field is read from.
    public var column: String?
    /// An attribute to read instead of the text.
    public var attr: String?
    /// What the text is parsed into; text that does not parse is warned of and kept out.
    public var type: ValueType
    /// A date format (Unicode patterns, e.g. `dd MMM yyyy`); default: RFC 3339, RFC 2822 and ISO dates.
    public var format: String?
    /// The language of the date's month and day names (`de`, `pt-BR`); nil means English.
    public var locale: String?
    /// Prefixes or fragments removed before typing (`"Published on "`).
    public var strip: [String]
    /// Replacements applied in order, after `strip`, before typing.
    public var replace: [Replacement]
    /// Every match as a list, rather than the first.
    public var many: Bool
    /// The text used when nothing matches.
    public var defaultValue: String?

    /// A field rule as a `fields` entry of `trawl.json` describes it.
    public init(
        name: String, locator: Locator? = nil, column: String? = nil, attr: String? = nil, type: ValueType = .string,
        format: String? = nil, locale: String? = nil, strip: [String] = [], replace: [Replacement] = [],
        many: Bool = false,
        defaultValue: String? = nil
    ) {
        self.name = name
        self.locator = locator
        self.column = column
        self.attr = attr
        self.type = type
        self.format = format
        self.locale = locale
        self.strip = strip
        self.replace = replace
        self.many = many
        self.defaultValue = defaultValue
    }
}
