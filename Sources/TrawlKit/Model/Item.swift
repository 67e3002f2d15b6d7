import Foundation

/// One thing a source lists: a chart, an article, a headline, an episode, a switch.
public struct Item: Sendable, Hashable, Codable {
    /// Stable across runs: taken from the source's `idField` (default: URL, else title).
    public var id: String
    public var title: String
    public var url: URL?
    public var date: Date?
    public var summary: String?
    /// Every scraped field, in the order the configuration names them.
    public var fields: [Field]

    public init(
        id: String, title: String, url: URL? = nil, date: Date? = nil, summary: String? = nil,
        fields: [Field] = []
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.date = date
        self.summary = summary
        self.fields = fields
    }

    /// A named value; an item keeps its fields as an ordered list of these.
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var value: Value

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
