import Foundation

/// Works out what is new, changed or gone between two snapshots of one source.
public struct ChangeDetector: Sendable {
    /// Fields whose changes are never news (a headline's rank, say).
    public var ignoredFields: Set<String>

    public init(ignoredFields: Set<String> = []) {
        self.ignoredFields = ignoredFields
    }

    /// The changes from `old` to `new`; with no `old`, one baseline record.
    public func changes(from old: Snapshot?, to new: Snapshot, at time: Date) -> [Change] {
        guard let old else {
            return [
                Change(
                    kind: .baseline, sourceID: new.sourceID, itemID: "", detectedAt: time,
                    trackedItems: new.items.count)
            ]
        }
        let before = Dictionary(old.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.items.map(\.id))
        var changes: [Change] = []
        for item in new.items {
            guard let previous = before[item.id] else {
                changes.append(Change(kind: .added, sourceID: new.sourceID, itemID: item.id, detectedAt: time, after: item))
                continue
            }
            let fieldChanges = differences(from: previous, to: item)
            if !fieldChanges.isEmpty {
                changes.append(
                    Change(
                        kind: .changed, sourceID: new.sourceID, itemID: item.id, detectedAt: time, after: item,
                        before: previous, fieldChanges: fieldChanges))
            }
        }
        for item in old.items where !after.contains(item.id) {
            changes.append(Change(kind: .removed, sourceID: new.sourceID, itemID: item.id, detectedAt: time, before: item))
        }
        return changes
    }

    /// Field-by-field differences, the item's own title, URL, date and summary first.
    func differences(from old: Item, to new: Item) -> [Change.FieldChange] {
        var result: [Change.FieldChange] = []
        func compare(_ name: String, _ a: Value?, _ b: Value?) {
            if a != b, !ignoredFields.contains(name) { result.append(.init(field: name, old: a, new: b)) }
        }
        compare("title", .string(old.title), .string(new.title))
        compare("url", old.url.map(Value.url), new.url.map(Value.url))
        compare("date", old.date.map(Value.date), new.date.map(Value.date))
        compare("summary", old.summary.map(Value.string), new.summary.map(Value.string))
        var names = new.fields.map(\.name)
        for field in old.fields where !names.contains(field.name) { names.append(field.name) }
        for name in names where !["title", "url", "date", "summary"].contains(name) {
            compare(name, old[field: name], new[field: name])
        }
        return result
    }
}
