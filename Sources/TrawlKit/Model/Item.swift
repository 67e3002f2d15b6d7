import Foundation

/// One thing a source lists: a chart, an article, a headline, an episode, a switch.
public struct Item: Sendable, Hashable, Codable {
    /// Stable across runs: taken from the source's `idField` (default: URL, else title).
    public var id: String
    /// What the item is called on pages and in feeds (the `title` field, or a fallback).
    public var title: String
    /// Where it links to (the `url` field), absolute.
    public var url: URL? {
        get { link?.url }
        set { link = newValue.map(Link.parsed) }
    }
    /// Its date (the `date` field), when it has one.
    public var date: Date?
    /// A short text shown under the title (the `summary` field).
    public var summary: String?
    /// Every scraped field, in the order the configuration names them.
    public var fields: [Field]
    /// `url` as it is kept: a cache's text is made a `URL` only when something asks (`Item+Link`).
    var link: Link?

    /// An item with these fields; `id` must be unique within its source.
    public init(
        id: String, title: String, url: URL? = nil, date: Date? = nil, summary: String? = nil,
        fields: [Field] = []
    ) {
        self.id = id
        self.title = title
        self.link = url.map(Link.parsed)
        self.date = date
        self.summary = summary
        self.fields = fields
    }

    /// A named value; an item keeps its fields as an ordered list of these.
    public struct Field: Sendable, Hashable, Codable {
        /// The field's name, as the configuration gives it.
        public var name: String
        /// The typed value.
        public var value: Value

        /// The field `name` holding `value`.
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The value of the field called `name`, if the item has one.
    public subscript(field name: String) -> Value? {
        fields.first { $0.name == name }?.value
    }
}
