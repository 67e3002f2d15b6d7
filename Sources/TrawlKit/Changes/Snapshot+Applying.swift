import Foundation

extension Snapshot {
    /// This snapshot with `changes` applied, field by field: the inverse of
    /// `ChangeDetector.changes(from:to:at:)`, so replaying a run's changes on the snapshot
    /// before it gives the snapshot after it (up to item order and ignored fields).
    ///
    /// Kept items stay in their order, removed ones go, and added or reappeared ones follow
    /// in the order of the changes. A baseline changes nothing.
    public func applying(_ changes: [Change]) -> Snapshot {
        var items = self.items
        var positions = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var removedIDs: Set<String> = []
        for change in changes where change.sourceID == sourceID {
            switch change.kind {
            case .baseline:
                continue
            case .added, .reappeared:
                guard let item = change.after else { continue }
                positions[item.id] = items.count
                items.append(item)
            case .changed:
                guard let index = positions[change.itemID] else { continue }
                for fieldChange in change.fieldChanges { items[index].apply(fieldChange) }
            case .removed:
                removedIDs.insert(change.itemID)
            }
        }
        var result = self
        result.items = items.filter { !removedIDs.contains($0.id) }
        return result
    }
}

extension Item {
    /// Sets one field to the new value a change recorded (removing it when that is nil).
    mutating func apply(_ change: Change.FieldChange) {
        switch change.field {
        case "title":
            if case .string(let title)? = change.new { self.title = title }
        case "url":
            if case .url(let url)? = change.new { self.url = url } else { url = nil }
        case "date":
            if case .date(let date)? = change.new { self.date = date } else { date = nil }
        case "summary":
            if case .string(let summary)? = change.new { self.summary = summary } else { summary = nil }
        default:
            if let value = change.new {
                if let index = fields.firstIndex(where: { $0.name == change.field }) {
                    fields[index].value = value
                } else {
                    fields.append(Field(change.field, value))
                }
            } else {
                fields.removeAll { $0.name == change.field }
            }
        }
    }
}
