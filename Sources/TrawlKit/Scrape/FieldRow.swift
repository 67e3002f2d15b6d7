/// What a scraper yields for one record (a list's element, a table's row, a status row, a
/// feed's entry): its fields in order, and the id the record carries itself, if any.
/// `ItemBuilder` makes the item.
struct FieldRow {
    var fields: [Item.Field]
    /// An id of the record's own (a feed entry's `guid` or `id`): without an `idField`, it
    /// comes before the URL and the title.
    var ownID: String?

    init(_ fields: [Item.Field] = [], ownID: String? = nil) {
        self.fields = fields
        self.ownID = ownID
    }

    /// The first field called `name`.
    subscript(name: String) -> Value? {
        fields.first { $0.name == name }?.value
    }

    mutating func append(_ name: String, _ value: Value?) {
        if let value { fields.append(.init(name, value)) }
    }
}
