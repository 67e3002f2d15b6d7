import Foundation

/// Works out what is new, changed, gone or back between two snapshots of one source.
///
/// Items are matched by `Item.id` (the scraper derives it from the source's `idField`:
/// its URL, else its title), so reordering a page changes nothing. Where two items of one
/// snapshot share an id, the first in page order is the item and the later ones are left
/// out and listed in `Detection.duplicateIDs`, so the same page always gives the same answer.
public struct ChangeDetector: Sendable {
    /// How many removed items a snapshot remembers, so one that comes back reads as
    /// "reappeared"; the most recently removed are kept.
    public static let defaultTombstoneLimit = 1_000

    /// Fields whose changes are never news (a headline's rank, say).
    public var ignoredFields: Set<String>
    /// How many removed items a snapshot remembers (`defaultTombstoneLimit` unless set).
    public var tombstoneLimit: Int

    /// A detector that ignores changes to `ignoredFields` (a source's `ignoreChanges`).
    public init(ignoredFields: Set<String> = [], tombstoneLimit: Int = ChangeDetector.defaultTombstoneLimit) {
        self.ignoredFields = ignoredFields
        self.tombstoneLimit = tombstoneLimit
    }

    /// What one comparison found, and the snapshot to save for next time.
    public struct Detection: Sendable, Hashable {
        /// Added, changed and reappeared items in the new page order, then removed items
        /// in the old order; for a first run, one baseline record.
        public var changes: [Change]
        /// The snapshot to save: the new items with the removed ones remembered, or the
        /// stored snapshot itself when nothing at all differs (so saving rewrites nothing).
        public var snapshot: Snapshot
        /// Ids that more than one item of the new snapshot had; all but the first were dropped.
        public var duplicateIDs: [String]
        /// True when `snapshot` is the stored one, unchanged.
        public var isUnchanged: Bool
    }

    /// The changes from `old` to `new`; with no `old`, one baseline record.
    public func changes(from old: Snapshot?, to new: Snapshot, at time: Date) -> [Change] {
        detect(from: old, to: new, at: time).changes
    }

    /// Compares the last good snapshot `old` with a fresh scrape `new`.
    public func detect(from old: Snapshot?, to new: Snapshot, at time: Date) -> Detection {
        let (current, duplicateIDs) = Self.unique(new.items)
        guard let old else {
            let baseline = Change(
                kind: .baseline, sourceID: new.sourceID, itemID: "", detectedAt: time, trackedItems: current.count)
            let snapshot = Snapshot(sourceID: new.sourceID, takenAt: new.takenAt, items: current)
            return Detection(changes: [baseline], snapshot: snapshot, duplicateIDs: duplicateIDs, isUnchanged: false)
        }
        // Each stored item's place by id (the first of a repeated id): one table, so each id of
        // a 10,000-item page is hashed once to build it and once to look it up.
        var previousIndex: [String: Int] = [:]
        previousIndex.reserveCapacity(old.items.count)
        // True for the items to compare (the first of each id), until tonight's page lists them.
        var goneUnlessListed = [Bool](repeating: false, count: old.items.count)
        for (index, item) in old.items.enumerated() where previousIndex[item.id] == nil {
            previousIndex[item.id] = index
            goneUnlessListed[index] = true
        }
        // The remembered removals; one that comes back tonight is taken out.
        var tombstones = Dictionary(old.removed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var changes: [Change] = []
        // Whether every item so far is stored as it stands, at the same place: then the stored
        // snapshot is handed back. Worked out in the one pass, as each item is compared once.
        var storedAsIs = old.items.count == current.count
        for (index, item) in current.enumerated() {
            if let place = previousIndex[item.id] {
                goneUnlessListed[place] = false
                let before = old.items[place]
                let equal = before == item
                if storedAsIs {
                    storedAsIs = old.items[index].id == item.id && (equal || before.isIdentical(to: item))
                }
                let fieldChanges = equal ? [] : differences(from: before, to: item)
                if !fieldChanges.isEmpty {
                    changes.append(
                        change(.changed, item.id, new.sourceID, time, after: item, before: before, fieldChanges))
                }
            } else if let gone = tombstones.removeValue(forKey: item.id) {
                storedAsIs = false
                // Compared with no ignored fields: what came back is the whole item.
                let fieldChanges = ChangeDetector(ignoredFields: []).differences(from: gone, to: item)
                changes.append(
                    change(.reappeared, item.id, new.sourceID, time, after: item, before: gone, fieldChanges))
            } else {
                storedAsIs = false
                changes.append(change(.added, item.id, new.sourceID, time, after: item, before: nil, []))
            }
        }
        // In the old order; a repeated id is its first item, as on the night it was stored.
        let removedNow = old.items.indices.filter { goneUnlessListed[$0] }.map { old.items[$0] }
        for item in removedNow {
            changes.append(change(.removed, item.id, new.sourceID, time, after: nil, before: item, []))
        }

        // A tombstone stays while its item is neither back nor stored (and so listed or
        // removed again tonight).
        let stillGone = old.removed.filter { previousIndex[$0.id] == nil && tombstones[$0.id] != nil }
        let removed = Array((removedNow + stillGone).prefix(max(tombstoneLimit, 0)))

        let unchanged =
            storedAsIs && changes.isEmpty && old.removed.count == removed.count
            && zip(old.removed, removed).allSatisfy { $0.isIdentical(to: $1) }
        let snapshot =
            unchanged ? old : Snapshot(sourceID: new.sourceID, takenAt: new.takenAt, items: current, removed: removed)
        return Detection(changes: changes, snapshot: snapshot, duplicateIDs: duplicateIDs, isUnchanged: unchanged)
    }

    private func change(
        _ kind: Change.Kind, _ itemID: String, _ sourceID: String, _ time: Date, after: Item?, before: Item?,
        _ fieldChanges: [Change.FieldChange]
    ) -> Change {
        Change(
            kind: kind, sourceID: sourceID, itemID: itemID, detectedAt: time, after: after, before: before,
            fieldChanges: fieldChanges)
    }

    /// The items with each id's first occurrence only, and the ids that occurred again.
    static func unique(_ items: [Item]) -> (items: [Item], duplicateIDs: [String]) {
        var seen: Set<String> = []
        var duplicates: [String] = []
        var unique: [Item] = []
        unique.reserveCapacity(items.count)
        for item in items {
            if seen.insert(item.id).inserted {
                unique.append(item)
            } else if !duplicates.contains(item.id) {
                duplicates.append(item.id)
            }
        }
        return (unique, duplicates)
    }

    /// Field-by-field differences, the item's own title, URL, date and summary first, then
    /// its fields in the new item's order, then fields it no longer has.
    func differences(from old: Item, to new: Item) -> [Change.FieldChange] {
        if old == new { return [] }
        var result: [Change.FieldChange] = []
        func compare(_ name: String, _ a: Value?, _ b: Value?) {
            guard !ignoredFields.contains(name) else { return }
            let same: Bool
            switch (a, b) {
            case (nil, nil): same = true
            case (let a?, let b?): same = a.isSame(as: b)
            default: same = false
            }
            if !same { result.append(.init(field: name, old: a, new: b)) }
        }
        compare("title", .string(old.title), .string(new.title))
        // On the text first: a URL loaded from the cache is made a `URL` only when it changed.
        if old.urlText != new.urlText { compare("url", old.url.map(Value.url), new.url.map(Value.url)) }
        compare("date", old.date.map(Value.date), new.date.map(Value.date))
        compare("summary", old.summary.map(Value.string), new.summary.map(Value.string))
        for field in new.fields where !Item.builtInFieldNames.contains(field.name) {
            compare(field.name, old[field: field.name], field.value)
        }
        for field in old.fields where !Item.builtInFieldNames.contains(field.name) && new[field: field.name] == nil {
            compare(field.name, field.value, nil)
        }
        return result
    }
}
